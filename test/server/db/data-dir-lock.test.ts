import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isHeld, LOCK_FILE_NAME, lockDataDir, processStart } from '../../../src/server/db/data-dir-lock';

const RACERS = 6;
const ROUNDS = 40;
jest.setTimeout(180_000);

interface Answer {
  ready?: boolean;
  won?: boolean;
  locked?: boolean;
  error?: string;
  released?: boolean;
}

function next(child: ChildProcess): Promise<Answer> {
  return new Promise((resolve) => child.once('message', (m) => resolve(m as Answer)));
}

describe('the data-directory lock', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-lock-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('tells a live owner from a dead one and from a reused pid', () => {
    const start = processStart('self');
    expect(start).not.toBeNull();
    expect(isHeld({ pid: process.pid, start, token: 'a' })).toBe(true);
    // Our own pid, but another process's start: a pid reused (PID 1 in a restarted container).
    expect(isHeld({ pid: process.pid, start: start! - 1, token: 'a' })).toBe(false);
    expect(isHeld({ pid: 2147483646, start: null, token: 'a' })).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process', () => {
    const dir = path.join(root, 'reused');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.pid, start: 1, token: 'old' }));
    const lock = lockDataDir(dir);
    expect(lock.record.pid).toBe(process.pid);
    lock.release();
  });

  it(`has exactly one winner in each of ${ROUNDS} races of ${RACERS} processes, on a fresh directory or a stale lock`, async () => {
    const racers = Array.from({ length: RACERS }, () =>
      fork(path.join(__dirname, '..', 'fixtures', 'lock-racer.ts'), [], {
        execArgv: ['-r', 'ts-node/register/transpile-only'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }),
    );
    try {
      await Promise.all(racers.map(next));
      for (let round = 0; round < ROUNDS; round++) {
        const dir = path.join(root, `round-${round}`);
        fs.mkdirSync(dir);
        // Odd rounds start from a lock left by a process that is gone.
        if (round % 2)
          fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 2147483646, start: 7, token: 'dead' }));
        const answers = await Promise.all(
          racers.map((child) => {
            const answer = next(child);
            child.send({ dir });
            return answer;
          }),
        );
        expect({ round, winners: answers.filter((a) => a.won).length }).toEqual({ round, winners: 1 });
        expect(answers.filter((a) => !a.won).every((a) => a.locked)).toBe(true);
        const winner = racers[answers.findIndex((a) => a.won)];
        const released = next(winner);
        winner.send({ release: true });
        await released;
        expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
        // No temporary or takeover file is left behind.
        expect(fs.readdirSync(dir)).toEqual([]);
      }
    } finally {
      for (const child of racers) child.kill();
    }
  });
});
