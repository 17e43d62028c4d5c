import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../lib/private-files';

/**
 * `npm run backup` while a server runs on PGlite's DATA_DIR: the directory is locked to the server, so
 * only the server can copy its database. The command leaves a request in DATA_DIR/backup-requests/ and
 * waits; the server's backup worker takes it (within a few seconds), writes the backup and leaves the
 * answer beside it. DATA_DIR is private to the server's user, so only that user can ask.
 */

export const REQUESTS_DIR_NAME = 'backup-requests';
const REQUEST = '.request';
const ANSWER = '.answer';

export type CommandAnswer = { ok: true; file: string } | { ok: false; error: string };

function writeNew(file: string, data: string): void {
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data, { mode: PRIVATE_FILE_MODE });
  fs.renameSync(partial, file);
}

/** The server's side: the requests waiting, each claimed (deleted) as it is returned. */
export function takeRequests(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const taken: string[] = [];
  for (const name of names) {
    if (!name.endsWith(REQUEST)) continue;
    try {
      fs.unlinkSync(path.join(dir, name));
      taken.push(name.slice(0, -REQUEST.length));
    } catch {
      // Another look took it, or the command gave up.
    }
  }
  return taken;
}

export function answerRequest(dir: string, id: string, answer: CommandAnswer): void {
  writeNew(path.join(dir, `${id}${ANSWER}`), JSON.stringify(answer));
}

export interface RequestOptions {
  /** How long the server has to take the request before the command gives up. */
  takeWithinMs?: number;
  /** How long the command waits for the backup once the server took it. */
  answerWithinMs?: number;
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server did not take the request in time (it was withdrawn), or took it and never answered. */
export class BackupRequestError extends Error {
  constructor(readonly reason: 'not-taken' | 'not-answered') {
    super(reason === 'not-taken' ? 'The server did not take the backup request' : 'The server did not answer the backup request');
    this.name = 'BackupRequestError';
  }
}

/**
 * The command's side: asks the server and waits for its answer. Rejects with BackupRequestError when
 * the server did not take the request in time (it is withdrawn) or did not answer.
 */
export async function requestBackup(dir: string, options: RequestOptions = {}): Promise<CommandAnswer> {
  const { takeWithinMs = 30_000, answerWithinMs = 6 * 60 * 60_000, pollMs = 250 } = options;
  ensurePrivateDir(dir);
  const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const request = path.join(dir, `${id}${REQUEST}`);
  const answer = path.join(dir, `${id}${ANSWER}`);
  writeNew(request, JSON.stringify({ requestedAt: new Date().toISOString(), pid: process.pid }));
  const asked = Date.now();
  for (;;) {
    await sleep(pollMs);
    if (fs.existsSync(answer)) {
      const text = fs.readFileSync(answer, 'utf8');
      fs.rmSync(answer, { force: true });
      return JSON.parse(text) as CommandAnswer;
    }
    if (fs.existsSync(request)) {
      if (Date.now() - asked < takeWithinMs) continue;
      const withdrawn = `${request}.withdrawn`;
      try {
        // A rename, so the server and the command never both have it.
        fs.renameSync(request, withdrawn);
      } catch {
        continue; // the server took it just now: its answer comes
      }
      fs.rmSync(withdrawn, { force: true });
      throw new BackupRequestError('not-taken');
    }
    if (Date.now() - asked > answerWithinMs) throw new BackupRequestError('not-answered');
  }
}
