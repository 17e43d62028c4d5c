/**
 * PGlite must never be opened by two processes at once (it would corrupt the data directory), so
 * the directory is claimed with a lock file (docs/server.md, "Guarantees"):
 *
 * - taken atomically: our record is written to a private temporary file, then hard-linked to the
 *   lock's name, which fails if any lock exists;
 * - the record is the owner's pid, its start time (from /proc, so a pid reused by another process,
 *   e.g. PID 1 in a restarted container, is told apart) and a random token;
 * - a stale lock (its owner gone, or its pid now someone else) is removed only under a second,
 *   short-lived "takeover" lock, and only if it is still the very lock judged stale (same record),
 *   so a process can never delete a lock another one has just taken.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, writePrivateFileSync } from '../lib/private-files';

export const LOCK_FILE_NAME = 'dealmap.lock';
const TAKEOVER_SUFFIX = '.takeover';
/** A takeover lock older than this was left by a process that died while holding it. */
const TAKEOVER_STALE_MS = 10_000;
const MAX_ATTEMPTS = 200;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Dealmap process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or set a different DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}

export interface LockRecord {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), or null where there is no /proc. */
  start: number | null;
  token: string;
}

/** A process's start time, which a pid keeps for the process's whole life; null when unknown. */
export function processStart(pid: number | 'self'): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseRecord(text: string): LockRecord | null {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (typeof value.pid === 'number' && typeof value.token === 'string') {
      return { pid: value.pid, start: typeof value.start === 'number' ? value.start : null, token: value.token };
    }
  } catch {
    // An older lock held the bare pid.
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, start: null, token: '' } : null;
}

/** True while the lock's owner runs: its pid is alive and, where /proc tells, still the same process. */
export function isHeld(record: LockRecord | null): boolean {
  if (!record || !(record.pid > 0) || !isAlive(record.pid)) return false;
  if (record.start === null) return true;
  const start = processStart(record.pid);
  return start === null || start === record.start;
}

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const removeIfPresent = (file: string) => {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};

/** Creates `file` holding `text` if no such file exists: true when this call created it. */
function linkNew(file: string, text: string, token: string): boolean {
  const temporary = `${file}.${token}.tmp`;
  writePrivateFileSync(temporary, text);
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeIfPresent(temporary);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the lock if it still holds `staleText`, under the takeover lock. Returns false when
 * another process is taking over right now (try again shortly).
 */
function removeStale(file: string, staleText: string, record: string, token: string): boolean {
  const takeover = file + TAKEOVER_SUFFIX;
  if (!linkNew(takeover, record, token)) {
    try {
      if (Date.now() - fs.statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) removeIfPresent(takeover);
    } catch {
      // released meanwhile
    }
    return false;
  }
  try {
    if (readText(file) === staleText) removeIfPresent(file);
    return true;
  } finally {
    removeIfPresent(takeover);
  }
}

export interface DataDirLock {
  readonly record: LockRecord;
  release(): void;
}

/** Claims DATA_DIR for this process, or throws DataDirLockedError naming the process that has it. */
export function lockDataDir(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const record: LockRecord = { pid: process.pid, start: processStart('self'), token: randomBytes(16).toString('hex') };
  const text = JSON.stringify(record);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (linkNew(file, text, record.token)) {
      let released = false;
      return {
        record,
        release() {
          if (released) return;
          released = true;
          // Only our own lock: never one another process took after ours was judged stale.
          if (parseRecord(readText(file) ?? '')?.token === record.token) removeIfPresent(file);
        },
      };
    }
    const current = readText(file);
    if (current === null) continue; // released meanwhile: try again
    const owner = parseRecord(current);
    if (owner && isHeld(owner)) throw new DataDirLockedError(path.resolve(dataDir), owner.pid);
    if (!removeStale(file, current, text, record.token)) pause(5);
  }
  throw new Error(`Could not lock DATA_DIR ${path.resolve(dataDir)}: it kept changing hands`);
}
