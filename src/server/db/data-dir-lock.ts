import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, writePrivateFileSync } from '../private-files';

export const LOCK_FILE_NAME = 'dealmap.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Dealmap process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or set a different DATA_DIR`);
    this.name = 'DataDirLockedError';
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

export interface DataDirLock {
  release(): void;
}

/**
 * PGlite must never be opened by two processes at once (it would corrupt the data directory),
 * so the directory is claimed with an exclusive lock file holding our pid.
 * A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writePrivateFileSync(file, String(process.pid));
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    try {
      pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(path.resolve(dataDir), pid);
    try {
      fs.unlinkSync(file); // stale lock
    } catch {
      // someone else removed it first
    }
  }
  throw new Error(`Could not lock DATA_DIR ${path.resolve(dataDir)}`);
}
