/**
 * A request never hangs on a busy server (issue 14): past DB_WAIT_LIMIT_MS waiting for a database
 * connection it gets 503 with Retry-After, while background work waits as long as it takes. The
 * scenario runs in a child process (fixtures/busy-app.ts says why).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { DATABASES } from './helpers';
import { RETRY_AFTER_SECONDS, ServerBusyError, waitAtMost } from '../../src/server/http/busy';
import { DATABASE_BUSY_MESSAGE } from '../../src/server/db/wait-limit';

jest.setTimeout(60_000);

function runScenario(url: string | undefined): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'fixtures', 'busy-app.ts'), url ? [url] : [], {
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
