import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveJwtSecret } from '../../../src/server/lib/app-config';
import { lockDataDir } from '../../../src/server/db/data-dir-lock';
import { createOutboxMailer } from '../../../src/server/modules/mail/mailer';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('DATA_DIR is private whatever the umask', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-private-'));
    // The most permissive umask: every mode below is the code's own.
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('creates the data directory 0700 and the secret and the lock 0600', () => {
    const dataDir = path.join(root, 'data');
    resolveJwtSecret(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    const lock = lockDataDir(dataDir);
    try {
      const lockFile = fs.readdirSync(dataDir).find((f) => f.endsWith('.lock'))!;
      expect(modeOf(path.join(dataDir, lockFile))).toBe(0o600);
    } finally {
      lock.release();
    }
  });

  it("makes an older install's open data directory and secret private", () => {
    const dataDir = path.join(root, 'open');
    fs.mkdirSync(dataDir, { mode: 0o777 });
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'old-secret\n', { mode: 0o644 });
    expect(resolveJwtSecret(dataDir)).toBe('old-secret');
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('writes the outbox (live password-reset links) 0700 with messages 0600', async () => {
    const outbox = path.join(root, 'data', 'outbox');
    await createOutboxMailer(outbox).send({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Reset',
      text: 'https://x/reset/abc',
      html: '<p>https://x/reset/abc</p>',
    });
    expect(modeOf(outbox)).toBe(0o700);
    const [message] = fs.readdirSync(outbox);
    expect(modeOf(path.join(outbox, message))).toBe(0o600);
  });
});
