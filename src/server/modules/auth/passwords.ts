import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
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
 * Hashes at once. scrypt runs on libuv's thread pool (4 threads), which compression and file reads
 * share: 150 sign-ins at once used to take all four threads (and 128 MiB each) for tens of seconds,
 * stalling every answer behind them. Two hashes at a time leave the pool to everything else; a
 * request waiting longer than the hasher's wait limit for its turn gets 503 with a Retry-After that
 * says when the queue ahead of it will have drained.
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
    return await new Promise((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
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
