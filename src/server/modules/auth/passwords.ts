import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Semaphore } from 'async-mutex';
import { ServerBusyError, waitAtMost } from '../../http/busy';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Production cost: about 128 MiB of memory per hash. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Hashes at once. Each runs on a hasher thread of its own (hash-worker.mjs) at the lowest CPU
 * priority: a hash takes a core for ~0.3–0.5 s, and two of them at the normal priority took both
 * cores of a small server, so every other request waited behind them (the load bench's p99 of
 * ~700 ms for every kind of request; docs/performance.md). On libuv's thread pool, which compression
 * and file reads share, 150 sign-ins at once had taken all four threads. A request waiting longer than
 * the hasher's wait limit for its turn gets 503 with a Retry-After that says when the queue ahead of
 * it will have drained.
 */
export const HASH_CONCURRENCY = 2;
const hashing = new Semaphore(HASH_CONCURRENCY);
let hashWaitLimitMs = 0;
/** Requests queued for a turn, and a moving mean of how long a hash takes, for Retry-After. */
let waiting = 0;
let meanHashMs = 300;

export const HASHING_BUSY_MESSAGE = 'The server is busy signing people in; try again in a few seconds.';

/** How long a request waits for its turn to hash (HASH_WAIT_LIMIT_MS; 0 = no limit). */
export function setHashWaitLimit(ms: number): void {
  hashWaitLimitMs = ms;
}

/** Seconds until the hashes queued now are done: a try again sooner would queue behind them again. */
export function hashingRetryAfterSeconds(queued: number, hashMs: number): number {
  return Math.min(60, Math.max(1, Math.ceil((queued * hashMs) / HASH_CONCURRENCY / 1000)));
}

/** The hasher threads: one per hash running (HASH_CONCURRENCY at most), kept for the next; an idle one keeps no process alive. */
class Hashers {
  private readonly idle: Worker[] = [];
  private nextId = 0;

  run(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
    const worker = this.idle.pop() ?? new Worker(path.join(__dirname, 'hash-worker.mjs'));
    const id = this.nextId++;
    worker.ref();
    return new Promise<Buffer>((resolve, reject) => {
      const stopListening = () => {
        worker.off('message', answered);
        worker.off('error', failed);
        worker.off('exit', exited);
      };
      const answered = (message: { id: number; key?: Uint8Array; error?: string }) => {
        if (message.id !== id) return;
        stopListening();
        worker.unref();
        this.idle.push(worker);
        if (message.key) resolve(Buffer.from(message.key));
        else reject(new Error(message.error ?? 'the password hasher failed'));
      };
      // A thread that died is not used again; the next hash starts another.
      const failed = (error: Error) => {
        stopListening();
        reject(error);
      };
      const exited = (code: number) => failed(new Error(`the password hasher stopped (exit code ${code})`));
      worker.on('message', answered);
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.postMessage({ id, password, salt, keyLength: KEY_LENGTH, options });
    });
  }
}

const hashers = new Hashers();

async function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: MAX_MEMORY };
  waiting++;
  let release: () => void;
  try {
    [, release] = await waitAtMost(
      hashing.acquire(),
      hashWaitLimitMs,
      ([, late]) => late(),
      () => new ServerBusyError(HASHING_BUSY_MESSAGE, hashingRetryAfterSeconds(waiting, meanHashMs)),
    );
  } finally {
    waiting--;
  }
  const started = performance.now();
  try {
    return await hashers.run(password.normalize('NFKC'), salt, options);
  } finally {
    meanHashMs = 0.8 * meanHashMs + 0.2 * (performance.now() - started);
    release();
  }
}

/** Returns `scrypt$N$r$p$saltB64$hashB64`, so the cost can change without breaking stored hashes. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await derive(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password with the current cost. Verifying against it for unknown users
 * makes a failed login take about as long whether or not the account exists.
 */
export function createDummyHash(cost: ScryptCost): () => Promise<string> {
  let pending: Promise<string> | null = null;
  return () => (pending ??= hashPassword(randomBytes(16).toString('hex'), cost));
}
