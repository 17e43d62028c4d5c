import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETUP_TIMEOUT, createTestApp, json, type TestApp } from './helpers';

describe('serving the built client', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Dealmap</title><div id="root"></div>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'logo.svg'), '<svg/>');
    fs.writeFileSync(path.join(clientDir, 'main.3f9a1c2b.js'), 'console.log("hi")');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ name: 'pglite' }, { config: { clientDir } });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed files and assets forever', async () => {
    for (const url of ['/main.3f9a1c2b.js', '/assets/logo.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes, but not for the API', async () => {
    for (const url of ['/app/search', '/passwordReset/abc', '/login?from=/app']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(json(api).error.code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/app/search' });
    expect(post.statusCode).toBe(404);
  });

  it('keeps security headers on client files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain('https://maps.googleapis.com');
  });
});
