import path from 'node:path';
import type { BackupFailure, BackupFile, BackupStatus, BackupTrigger } from '../../../shared/schemas/backups';
import type { Database } from '../../db/database';
import { inBackground } from '../../http/busy';
import { BackgroundWorker, type BackgroundWorkerOptions } from '../../lib/background-worker';
import { recordJobRun } from '../../lib/metrics/job-metrics';
import { clearFailure, listBackups, newestGoodBackup, pruneBackups, readFailure, reason, writeFailure } from './backup-files';
import { noteNewestBackup, watchBackupDir } from './backup-metrics';
import { backupKindOf, runBackup } from './backup-run';
import { answerRequest, takeRequests } from './command-requests';
import { connectionFor } from './postgres-tools';

/** How often the worker looks whether the schedule is due (and, on PGlite, for the command's requests). */
export const DEFAULT_BACKUP_POLL_MS = 60_000;
export const COMMAND_POLL_MS = 2_000;
/** After a scheduled backup failed, the schedule tries again this much later. */
export const DEFAULT_BACKUP_RETRY_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;
const LISTED = 50;

/** "Back up now" when another server holds the backup lock (and so writes one, or is about to). */
export const BUSY_MESSAGE = 'Another server is taking a backup now; it shows here when it is written';
/** "Back up now" while a backup is being written (here, or by a server into BACKUP_DIR). */
export const WRITING_MESSAGE = 'A backup is being written now; it shows here when it is written';
const STOPPING_MESSAGE = 'The server is stopping: no backup was started';

export interface BackupWorkerOptions extends BackgroundWorkerOptions {
  database: Pick<Database, 'db' | 'kind' | 'schema' | 'dumpDataDir' | 'listen'>;
  /** PostgreSQL: DATABASE_URL, for pg_dump. */
  databaseUrl?: string;
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_EVERY_HOURS; 0: no schedule. */
  everyHours: number;
  /** BACKUP_KEEP. */
  keep: number;
  /** PGlite in DATA_DIR: where `npm run backup` leaves its requests (command-requests.ts); null otherwise. */
  requestsDir: string | null;
  /** How often to look for those requests. */
  commandPollMs?: number;
}

export type BackupOutcome =
  | { ok: true; backup: BackupFile }
  | { ok: false; error: string }
  /**
   * Not taken: another server is writing one, (the schedule) a fresh one is there already, or the
   * server began to stop while it was written (not a failure: nothing is recorded).
   */
  | { ok: false; skipped: 'busy' | 'fresh' | 'stopped' };

/** "Back up now"'s answer: whether it started one, and when not, why in words. */
export interface BackUpNowAnswer {
  started: boolean;
  message?: string;
}

/**
 * The server's backups (docs/deploy.md, "Backups and restores"): every BACKUP_EVERY_HOURS, "Back up
 * now", and on PGlite `npm run backup` while the server holds DATA_DIR. One server at a time (the
 * 'backup' advisory lock), and the schedule skips when the newest backup in BACKUP_DIR is younger than
 * the interval (another server took it). After each success the directory keeps the BACKUP_KEEP
 * newest; a failure is kept beside them (BACKUP_DIR/.dealmap-backup-failure.json) for every server.
 */
export class BackupWorker extends BackgroundWorker {
  private active: Promise<BackupOutcome> | null = null;
  /** The last failure here, also when it could not be written to BACKUP_DIR. */
  private failure: BackupFailure | null = null;
  /** When the schedule looks at BACKUP_DIR again; 0: at the next look. */
  private dueAt = 0;
  private requestsTimer: NodeJS.Timeout | null = null;
  private answering: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly options: BackupWorkerOptions) {
    super();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private get intervalMs(): number {
    return this.options.everyHours * HOUR_MS;
  }

  start(): void {
    if (this.stopped) return;
    void watchBackupDir(this.options.dir, this.options.everyHours);
    this.sayHowPgDumpConnects();
    const { everyHours, requestsDir } = this.options;
    if (requestsDir && !this.requestsTimer) {
      this.requestsTimer = setInterval(() => this.lookForRequests(), this.options.commandPollMs ?? COMMAND_POLL_MS);
      this.requestsTimer.unref();
    }
    if (everyHours) this.startLooking(this.options.pollMs ?? DEFAULT_BACKUP_POLL_MS, () => null);
  }

  /** Stops the schedule and pg_dump under way (a PGlite dump is short: it is waited for). */
  override async stop(): Promise<void> {
    if (this.requestsTimer) clearInterval(this.requestsTimer);
    this.requestsTimer = null;
    this.stopping.abort();
    await super.stop();
    await this.answering;
    await this.active;
  }

  /** PostgreSQL: what of DATABASE_URL pg_dump is not given as it is (node-postgres's own options), said once. */
  private sayHowPgDumpConnects(): void {
    const { database, databaseUrl, log } = this.options;
    if (database.kind === 'pglite' || !databaseUrl) return;
    try {
      for (const note of connectionFor(databaseUrl).notes) log?.warn(`Backups: DATABASE_URL for pg_dump: ${note}`);
    } catch (error) {
      log?.error(`Backups will fail: ${reason(error)}`);
    }
  }

  /**
   * "Back up now": starts one unless one is being written (here, or by a server into BACKUP_DIR), and
   * answers once it holds the backup lock, or found another server holding it (that server's backup
   * is the one to wait for).
   */
  async backUpNow(): Promise<BackUpNowAnswer> {
    if (this.stopped) return { started: false, message: STOPPING_MESSAGE };
    if (this.active) return { started: false, message: WRITING_MESSAGE };
    const { writing } = await listBackups(this.options.dir, this.now().getTime());
    if (this.stopped) return { started: false, message: STOPPING_MESSAGE };
    if (writing || this.active) return { started: false, message: WRITING_MESSAGE };
    let decide!: (locked: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    // No lock taken (a failure before it is one, which the status shows) is settled by the outcome.
    void inBackground(() => this.backUp('admin', () => decide(true))).then((outcome) =>
      decide(!('skipped' in outcome && outcome.skipped === 'busy')),
    );
    return (await decided) ? { started: true } : { started: false, message: BUSY_MESSAGE };
  }

  /**
   * One backup now, or the one being written here; resolves with how it went (never rejects).
   * `onLocked`: called once this one holds the backup lock (not for the one already being written).
   */
  backUp(trigger: BackupTrigger, onLocked?: () => void): Promise<BackupOutcome> {
    this.active ??= this.take(trigger, onLocked).finally(() => {
      this.active = null;
    });
    return this.active;
  }

  private async take(trigger: BackupTrigger, onLocked?: () => void): Promise<BackupOutcome> {
    const { database, databaseUrl, dir, keep, locks, log } = this.options;
    const startedAt = Date.now();
    try {
      const taken = await locks.tryRun('backup', async () => {
        onLocked?.();
        // Another server may have just taken one into the same directory.
        if (trigger === 'schedule' && (await this.fresh())) return null;
        return runBackup(
          { database, databaseUrl },
          {
            dir,
            trigger,
            createdAt: this.now(),
            signal: this.stopping.signal,
            warn: (message) => log?.warn(message),
          },
        );
      });
      if (!taken.ran) return { ok: false, skipped: 'busy' };
      if (!taken.value) return { ok: false, skipped: 'fresh' };
      const { backup } = taken.value;
      recordJobRun('backup', { startedAt, ok: true });
      noteNewestBackup(backup);
      this.failure = null;
      this.dueAt = Date.parse(backup.createdAt) + this.intervalMs;
      await clearFailure(dir).catch(() => undefined);
      const removed = await pruneBackups(dir, keep, this.now().getTime()).catch((error: unknown) => {
        log?.warn({ err: error }, `Old backups in ${dir} could not be deleted`);
        return [];
      });
      log?.info(
        `Backup written: ${path.join(dir, backup.name)} (${backup.sizeBytes} bytes, ${trigger})` +
          (removed.length ? `; deleted ${removed.length} older (BACKUP_KEEP=${keep})` : ''),
      );
      return { ok: true, backup };
    } catch (error) {
      if (this.stopping.signal.aborted) {
        // SIGTERM stopped pg_dump: not a failure of the backups (no failure file, no failed run);
        // the next start's schedule takes one when it is due.
        log?.info(`The backup was stopped: the server is stopping (${trigger})`);
        return { ok: false, skipped: 'stopped' };
      }
      recordJobRun('backup', { startedAt, ok: false });
      const failure: BackupFailure = { at: this.now().toISOString(), trigger, error: `The backup failed: ${reason(error)}` };
      this.failure = failure;
      this.dueAt = this.now().getTime() + (this.options.retryMs ?? DEFAULT_BACKUP_RETRY_MS);
      await writeFailure(dir, failure).catch(() => undefined);
      log?.error({ err: error }, `${failure.error} (${trigger})`);
      return { ok: false, error: failure.error };
    }
  }

  /** The newest backup in BACKUP_DIR is younger than the interval: the schedule has nothing to do. */
  private async fresh(): Promise<boolean> {
    const now = this.now().getTime();
    const newest = newestGoodBackup((await listBackups(this.options.dir, now)).backups);
    if (!newest) return false;
    const due = Date.parse(newest.createdAt) + this.intervalMs;
    if (due <= now) return false;
    this.dueAt = due;
    return true;
  }

  private lookForRequests(): void {
    const dir = this.options.requestsDir;
    if (!dir || this.answering || this.stopped) return;
    this.answering = inBackground(() => this.answerRequests(dir)).finally(() => {
      this.answering = null;
    });
  }

  /**
   * `npm run backup`'s requests (PGlite): answered with a backup begun after they were taken (not one
   * already under way, which may miss the writes just before the command), or its failure.
   */
  private async answerRequests(dir: string): Promise<void> {
    const ids = takeRequests(dir);
    if (!ids.length) return;
    await this.active;
    const outcome = await this.backUp('command');
    for (const id of ids) {
      const answer = outcome.ok
        ? { ok: true as const, file: path.join(this.options.dir, outcome.backup.name) }
        : {
            ok: false as const,
            error:
              'error' in outcome
                ? outcome.error
                : outcome.skipped === 'stopped'
                  ? 'The server stopped while it wrote the backup; run npm run backup again (with the server stopped, it takes the backup itself)'
                  : 'Another backup is being written; try again shortly',
          };
      try {
        answerRequest(dir, id, answer);
      } catch (error) {
        this.options.log?.warn({ err: error }, 'The answer to npm run backup could not be written');
      }
    }
  }

  protected async turn(): Promise<void> {
    if (!this.options.everyHours || this.stopped) return;
    if (this.now().getTime() < this.dueAt) return;
    if (await this.fresh()) return;
    await this.backUp('schedule');
  }

  /** What Admin Settings → Backups shows. */
  async status(): Promise<BackupStatus> {
    const { dir, everyHours, keep, database } = this.options;
    const now = this.now().getTime();
    const { backups, writing } = await listBackups(dir, now).catch(() => ({ backups: [] as BackupFile[], writing: false }));
    // A failure is shown until a backup was written after it (whatever became of its file since:
    // the list says that); the schedule counts from the newest one still whole, as fresh() does.
    const newest = backups[0];
    const newestGood = newestGoodBackup(backups);
    const failures = [this.failure, await readFailure(dir)].filter((f): f is BackupFailure => f !== null);
    const lastFailure = failures.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0] ?? null;
    const showFailure = lastFailure && (!newest || Date.parse(lastFailure.at) > Date.parse(newest.createdAt));
    let nextAt: string | null = null;
    if (everyHours) {
      const due = Math.max(this.dueAt, newestGood ? Date.parse(newestGood.createdAt) + this.intervalMs : 0, now);
      nextAt = new Date(due).toISOString();
    }
    return {
      kind: backupKindOf(database),
      dir,
      everyHours,
      keep,
      running: this.active !== null || writing,
      nextAt,
      lastFailure: showFailure ? lastFailure : null,
      backups: backups.slice(0, LISTED),
    };
  }
}
