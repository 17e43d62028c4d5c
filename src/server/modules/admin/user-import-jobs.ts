import { inBackground } from '../../http/busy';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportJobPhase } from '../../../shared/schemas/admin';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, notFound } from '../../http/errors';
import { checkId } from '../../http/ids';
import type { Actor } from '../audit';
import { createImportJobsRepository, type JobRow } from './import-jobs-repository';
import { writeUserImport, type UserImportRecord } from './users-csv';

/**
 * Users imports as background jobs. Every password is hashed at the production scrypt cost
 * (0.1–0.7 s each), so a large file takes minutes: the job hashes in batches with bounded
 * concurrency, reporting progress in `admin_import_jobs` (any API server can answer a poll), then
 * writes every user in one transaction, the job's end in the same transaction. The file stays in
 * this server's memory only; a job whose server stops fails, nothing written: on a clean stop at
 * once, after a crash when its heartbeat is older than `staleAfterMs`.
 */

export const IMPORT_JOB_MESSAGES = {
  alreadyRunning: 'A user import is already running. Wait until it has finished, then import again.',
  interrupted: 'The import stopped because its server stopped or restarted; nothing was imported. Import the file again.',
  failed: 'The import failed; nothing was imported. Try again.',
  notFound: 'The import job was not found.',
} as const;

export interface UserImportJobsOptions {
  hashPassword(password: string): Promise<string>;
  /**
   * Passwords hashed at once. scrypt runs in libuv's thread pool (4 threads by default); 2 leaves
   * the rest to sign-ins and file work, and bounds memory (128 MiB a hash at N=2^17).
   */
  concurrency?: number;
  /** Passwords hashed between two progress updates. */
  batchSize?: number;
  /** How often a running job renews its heartbeat, and how old a heartbeat makes a job lost. */
  heartbeatMs?: number;
  staleAfterMs?: number;
}

export interface UserImportJobs {
  /** Starts a job for checked records (409 while another users import runs); answers at once. */
  start(actor: Actor, records: UserImportRecord[], log: FastifyBaseLogger): Promise<ImportJob>;
  /** A job's progress; a running job whose server was lost is failed first. */
  get(id: string): Promise<ImportJob>;
  /** Stops this server's jobs (nothing written) and waits for them: on app close. */
  close(): Promise<void>;
}

const toJob = (row: JobRow): ImportJob => ({
  _id: row.id,
  section: row.section,
  phase: row.phase,
  total: row.total,
  done: row.done,
  created: row.created,
  error: row.error,
  startedAt: new Date(row.started_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

/** Runs `work` over the items with at most `limit` in flight, keeping the order of results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(runners);
  return results;
}

/** Thrown inside the write transaction when the job was ended meanwhile: rolls the users back. */
class JobEnded extends Error {}

export function createUserImportJobs(db: Db, options: UserImportJobsOptions): UserImportJobs {
  const concurrency = options.concurrency ?? 2;
  const batchSize = options.batchSize ?? 25;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleSeconds = (options.staleAfterMs ?? 120_000) / 1000;
  /** This server's jobs: their abort flag and their run. */
  const running = new Map<string, { aborted: boolean; run: Promise<void> }>();
  let heartbeat: NodeJS.Timeout | null = null;

  const jobs = createImportJobsRepository(db);
  const progress = (id: string, values: { phase?: ImportJobPhase; done?: number }) => jobs.progress(id, values);

  function beat() {
    const ids = [...running.keys()];
    if (ids.length === 0) return;
    void jobs.beat(ids).catch(() => undefined); // the next beat tries again; a lost job is found by its age
  }

  async function run(id: string, actor: Actor, records: UserImportRecord[], log: FastifyBaseLogger) {
    const job = running.get(id);
    try {
      await progress(id, { phase: 'hashing', done: 0 });
      const hashes: string[] = [];
      for (let start = 0; start < records.length; start += batchSize) {
        if (job?.aborted) return;
        const batch = records.slice(start, start + batchSize);
        hashes.push(...(await mapLimited(batch, concurrency, (r) => options.hashPassword(r.values.password))));
        await progress(id, { done: hashes.length });
      }
      if (job?.aborted) return;
      await progress(id, { phase: 'writing' });
      await db.transaction().execute(async (trx) => {
        const created = await writeUserImport(trx, actor, records, hashes);
        if (!(await createImportJobsRepository(trx).finish(id, created))) throw new JobEnded();
      });
    } catch (error) {
      if (error instanceof JobEnded) return;
      const message =
        error instanceof AppError
          ? error.message
          : isUniqueViolation(error)
            ? 'Nothing was imported: some usernames or account names were taken meanwhile. Check the file again.'
            : IMPORT_JOB_MESSAGES.failed;
      if (!(error instanceof AppError)) log.error({ err: error, job: id }, 'users import failed');
      await jobs.fail([id], message).catch((e: unknown) => log.error({ err: e, job: id }, 'could not record the failed import'));
    }
  }

  return {
    async start(actor, records, log) {
      // A job whose server was lost must not block the next one.
      await jobs.failLost(staleSeconds, IMPORT_JOB_MESSAGES.interrupted);
      await jobs.prune();
      let row: JobRow;
      try {
        row = await jobs.insert(actor.id, records.length);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(IMPORT_JOB_MESSAGES.alreadyRunning);
        throw error;
      }
      const entry = { aborted: false, run: Promise.resolve() };
      running.set(row.id, entry);
      heartbeat ??= setInterval(beat, heartbeatMs).unref();
      entry.run = inBackground(() => run(row.id, actor, records, log)).finally(() => {
        running.delete(row.id);
        if (running.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      });
      return toJob(row);
    },

    async get(rawId) {
      const id = checkId('import job', rawId);
      if (!running.has(id)) {
        await jobs.failLost(staleSeconds, IMPORT_JOB_MESSAGES.interrupted, id);
      }
      const row = await jobs.find(id);
      if (!row) throw notFound(IMPORT_JOB_MESSAGES.notFound);
      return toJob(row);
    },

    async close() {
      const ids = [...running.keys()];
      for (const entry of running.values()) entry.aborted = true;
      await Promise.all([...running.values()].map((entry) => entry.run));
      await jobs.fail(ids, IMPORT_JOB_MESSAGES.interrupted);
    },
  };
}
