import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETUP_TIMEOUT, createCapturingMailer } from '../helpers';
import { buildApp } from '../../../src/server/app';
import { resolveJwtSecret } from '../../../src/server/lib/app-config';
import { DataDirLockedError, lockDataDir } from '../../../src/server/db/data-dir-lock';
import { createDatabase } from '../../../src/server/db/database';
import { createOutboxMailer } from '../../../src/server/modules/mail/mailer';

describe('DATA_DIR', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-data-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses a second open of the same PGlite directory while the first holds it',
    async () => {
      const first = await createDatabase({ dataDir: dir });
      try {
        expect(JSON.parse(fs.readFileSync(path.join(dir, 'dealmap.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
        await expect(createDatabase({ dataDir: dir })).rejects.toThrow(
          `Another Dealmap process (pid ${process.pid}) is using DATA_DIR ${dir}; stop it or set a different DATA_DIR`,
        );
        await expect(createDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      } finally {
        await first.close();
      }
      expect(fs.existsSync(path.join(dir, 'dealmap.lock'))).toBe(false);
    },
    SETUP_TIMEOUT,
  );

  it('takes over a lock left by a dead process', () => {
    fs.writeFileSync(path.join(dir, 'dealmap.lock'), '2147483646');
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'dealmap.lock'), 'utf8'))).toEqual(lock.record);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'dealmap.lock'))).toBe(false);
  });

  it('keeps a generated JWT secret in DATA_DIR/jwt-secret with mode 0600', () => {
    const secret = resolveJwtSecret(dir);
    expect(secret).toMatch(/^[0-9a-f]{128}$/);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(dir)).toBe(secret);
    expect(resolveJwtSecret(dir, 'from-env')).toBe('from-env');
  });

  it('writes mail to the outbox as .eml files', async () => {
    const outbox = path.join(dir, 'outbox');
    await createOutboxMailer(outbox).send({
      from: 'Dealmap <no-reply@dealmap.local>',
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Plain body https://dealmap.test/passwordReset/abc',
      html: '<p>HTML body</p>',
    });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-.*-[0-9a-f]{8}\.eml$/);
    const eml = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(eml).toContain('To: someone@example.com');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('https://dealmap.test/passwordReset/abc');
  });

  it(
    'without SMTP, buildApp writes reset mail to DATA_DIR/outbox and logs the link',
    async () => {
      const lines: string[] = [];
      const { Writable } = await import('node:stream');
      const stream = new Writable({
        write(chunk, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      });
      const app = await buildApp({
        inMemory: true,
        logger: { stream },
        scryptCost: { N: 2 ** 14 },
        config: {
          dataDir: dir,
          publicUrl: 'https://dealmap.test/',
          adminEmail: 'admin@test.dealmap',
          adminPassword: 'password1',
        },
      });
      try {
        expect(app.dealmap.mailer.kind).toBe('outbox');
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/forgot-password',
          payload: { username: 'admin@test.dealmap' },
        });
        expect(response.statusCode).toBe(204);
        const outbox = path.join(dir, 'outbox');
        const logged = () => lines.join('').includes('Password reset link for');
        for (let i = 0; i < 100 && !(fs.existsSync(outbox) && fs.readdirSync(outbox).length && logged()); i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const [file] = fs.readdirSync(outbox);
        expect(fs.readFileSync(path.join(outbox, file), 'utf8')).toMatch(
          /https:\/\/dealmap\.test\/passwordReset\/[A-Za-z0-9_-]+/,
        );
        expect(lines.join('')).toMatch(/Password reset link for admin@test\.dealmap: https:\/\/dealmap\.test\/passwordReset\//);
      } finally {
        await app.close();
      }
      expect(createCapturingMailer().kind).toBe('custom');
    },
    SETUP_TIMEOUT,
  );
});
