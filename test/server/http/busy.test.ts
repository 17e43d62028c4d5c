/**
 * A request never hangs on a busy server (issue 14): past DB_WAIT_LIMIT_MS waiting for a database
 * connection (or HASH_WAIT_LIMIT_MS for the password hasher) it gets 503 with Retry-After, while
 * background work waits as long as it takes. The database scenario runs in a child process
 * (fixtures/busy-app.ts says why).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { ADMIN, createTestApp, DATABASES } from '../helpers';
import { HASH_CONCURRENCY, HASHING_BUSY_MESSAGE, hashingRetryAfterSeconds } from '../../../src/server/modules/auth/passwords';
import { RETRY_AFTER_SECONDS, ServerBusyError, waitAtMost } from '../../../src/server/http/busy';
import { DATABASE_BUSY_MESSAGE } from '../../../src/server/db/wait-limit';

jest.setTimeout(60_000);

function runScenario(url: string | undefined): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, '..', 'fixtures', 'busy-app.ts'), url ? [url] : [], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message: Record<string, unknown>) => {
      child.kill();
      if (typeof message.error === 'string') reject(new Error(message.error));
      else if (message.error !== undefined) reject(new Error(JSON.stringify(message.error)));
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`busy-app exited with ${code}`)));
  });
}

describe.each(DATABASES)('a busy database on $name', (database) => {
  it('answers 503 with Retry-After past the wait limit; background work waits; requests go through again after', async () => {
    const r = await runScenario(database.url);
    expect(r.busy).toEqual({
      status: 503,
      retryAfter: String(RETRY_AFTER_SECONDS),
      body: { error: { code: 'SERVER_BUSY', message: DATABASE_BUSY_MESSAGE } },
    });
    expect(r.waitedMs).toBeGreaterThanOrEqual(Number(r.limitMs) - 5);
    expect(r.waitedMs).toBeLessThan(Number(r.limitMs) + 2000);
    expect(r.backgroundAnswer).toBe(2);
    expect(r.afterStatus).toBe(200);
  });
});

describe('waitAtMost', () => {
  it('outside a request waits without a limit', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 50));
    await expect(
      waitAtMost(
        slow,
        1,
        () => undefined,
        () => new ServerBusyError('busy'),
      ),
    ).resolves.toBe('late');
  });
});

describe('a busy password hasher', () => {
  it('answers a sign-in past HASH_WAIT_LIMIT_MS 503 with a Retry-After from the queue; the next ones get through', async () => {
    const test = await createTestApp(DATABASES[0], { config: { hashWaitLimitMs: 1 } });
    try {
      const login = () =>
        test.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: ADMIN.email, password: ADMIN.password } });
      const answers = await Promise.all(Array.from({ length: 2 * HASH_CONCURRENCY + 2 }, login));
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(HASH_CONCURRENCY);
      expect(busy).toHaveLength(answers.length - HASH_CONCURRENCY);
      for (const answer of busy) {
        expect(answer.json()).toEqual({ error: { code: 'SERVER_BUSY', message: HASHING_BUSY_MESSAGE } });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect((await login()).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });

  it('tells a client to come back when the queue ahead of it has drained', () => {
    expect(hashingRetryAfterSeconds(0, 300)).toBe(1);
    expect(hashingRetryAfterSeconds(10, 300)).toBe(2);
    expect(hashingRetryAfterSeconds(150, 300)).toBe(23);
    expect(hashingRetryAfterSeconds(10_000, 1_000)).toBe(60);
  });
});
