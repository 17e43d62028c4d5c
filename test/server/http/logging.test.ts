import { Writable } from 'node:stream';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, uniqueEmail, type TestApp } from '../helpers';
import { maskUrl } from '../../../src/server/http/logging';

describe('maskUrl', () => {
  it('masks tokens in paths and queries', () => {
    expect(maskUrl('/api/v1/session/abc.DEF-123')).toBe('/api/v1/session/[redacted]');
    expect(maskUrl('/api/v1/check-reset-token?token=secret&x=1')).toBe('/api/v1/check-reset-token?token=[redacted]&x=1');
    expect(maskUrl('/passwordReset/secret')).toBe('/passwordReset/[redacted]');
    expect(maskUrl('/api/v1/lookups/investmentMarkets')).toBe('/api/v1/lookups/investmentMarkets');
  });
});

describe.each(DATABASES)('request logs on $name', (database) => {
  let t: TestApp;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });

  beforeAll(async () => {
    t = await createTestApp(database, { logger: { level: 'trace', stream } });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  it('never contain passwords or tokens', async () => {
    const email = uniqueEmail();
    const password = 'Very-Secret-Password-42';
    const signup = json(await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: { email, password } })).data;
    await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: email, password } });
    await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: email, password: 'Wrong-Secret-99' } });
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getUser',
      headers: { ...bearer(signup.token), cookie: 'sid=Cookie-Secret' },
    });
    const refreshed = json(
      await t.app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken: signup.refreshToken } }),
    ).data;
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { username: email } });
    const mail = await t.mailer.waitFor(email);
    const resetToken = /passwordReset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await t.app.inject({ method: 'GET', url: `/api/v1/check-reset-token?token=${resetToken}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { password: 'Another-Secret-77', passwordResetToken: resetToken },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/session/${refreshed.refreshToken}` });
    // A body that fails validation is not echoed either.
    await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: { email: 'bad', password: 'Short-Secret' } });

    const output = lines.join('');
    expect(output).toContain('/api/v1/session/[redacted]');
    expect(output).toContain('token=[redacted]');
    for (const secret of [
      password,
      'Wrong-Secret-99',
      'Another-Secret-77',
      'Short-Secret',
      'Cookie-Secret',
      signup.token,
      signup.refreshToken,
      refreshed.token,
      refreshed.refreshToken,
      resetToken,
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('quiet by default', () => {
  const capture = async (level: string) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const t = await createTestApp(DATABASES[0], { logger: { level, stream } });
    try {
      await t.app.inject({ method: 'GET', url: '/api/v1/lookups/investmentStrategies' });
      await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: '', password: '' } });
      return lines.join('');
    } finally {
      await t.close();
    }
  };

  it('logs no line per request (nor for a client mistake) at info; at debug it does', async () => {
    const info = await capture('info');
    expect(info).not.toContain('incoming request');
    expect(info).not.toContain('request completed');
    expect(info).not.toContain('request rejected');
    const debug = await capture('debug');
    expect(debug).toContain('incoming request');
    expect(debug).toContain('request completed');
  }, 60_000);
});
