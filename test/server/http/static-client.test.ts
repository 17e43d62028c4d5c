import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../helpers';

// A production build: index.html pre-renders the landing page, app.html is the empty page every other route starts from.
const LANDING_PAGE = '<!doctype html><title>Dealmap</title><div id="root"><h1>Your Home.</h1></div>';
const APP_PAGE = '<!doctype html><title>Dealmap</title><div id="root"></div>';
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(5000))});`;

describe('serving the built client', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), LANDING_PAGE);
    fs.writeFileSync(path.join(clientDir, 'app.html'), APP_PAGE);
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'logo.svg'), '<svg/>');
    fs.writeFileSync(path.join(clientDir, 'main.3f9a1c2b.js'), 'console.log("hi")');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
    // A built chunk with the build's compressed copies and its (hidden) source map.
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.0a1b2c3d.js'), BUNDLE);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.0a1b2c3d.js.br'), brotliCompressSync(BUNDLE));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.0a1b2c3d.js.gz'), gzipSync(BUNDLE));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.0a1b2c3d.js.map'), '{"version":3}');
    t = await createTestApp({ name: 'pglite' }, { config: { clientDir } });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html, the pre-rendered landing page, at / with no-cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(LANDING_PAGE);
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

  it('falls back to app.html (no landing page in it) for client routes, but not for the API', async () => {
    for (const url of ['/app/search', '/passwordReset/abc', '/login?from=/app']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(APP_PAGE);
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(json(api).error.code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/app/search' });
    expect(post.statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy by Accept-Encoding, as it is, and the plain file otherwise", async () => {
    const url = '/assets/app.0a1b2c3d.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('never serves source maps', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/app.0a1b2c3d.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version":3');
  });

  it('keeps security headers on client files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain('https://maps.googleapis.com');
  });
});
