import { sql, type Selectable } from 'kysely';
import type { ImportJobPhase } from '../../../shared/schemas/admin';
import type { Db } from '../../db/database';
import type { AdminImportJobsTable } from '../../db/schema';

export type JobRow = Selectable<AdminImportJobsTable>;

/** The users imports' jobs in `admin_import_jobs`, on `db` (the database or a transaction). */
export function createImportJobsRepository(db: Db) {
  /** A running job whose heartbeat is older than this lost its server. */
  const lostBefore = (staleSeconds: number) => sql<Date>`now() - make_interval(secs => ${staleSeconds})`;
  return {
    /** A new running job; the unique violation (23505) when another users import runs. */
    async insert(actorId: string, total: number): Promise<JobRow> {
      return db
        .insertInto('admin_import_jobs')
        .values({ section: 'users', actor_id: actorId, total })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('admin_import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Progress of a running job (its heartbeat too). */
    async progress(id: string, values: { phase?: ImportJobPhase; done?: number }): Promise<void> {
      await db
        .updateTable('admin_import_jobs')
        .set({ ...values, heartbeat_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('finished_at', 'is', null)
        .execute();
    },

    /** The running jobs' heartbeat. */
    async beat(ids: string[]): Promise<void> {
      await db
        .updateTable('admin_import_jobs')
        .set({ heartbeat_at: sql<Date>`now()` })
        .where('id', 'in', ids)
        .where('finished_at', 'is', null)
        .execute();
    },

    /** Ends a running job as done; false when it had ended meanwhile. */
    async finish(id: string, created: number): Promise<boolean> {
      const ended = await db
        .updateTable('admin_import_jobs')
        .set({ phase: 'done', created, finished_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(ended.numUpdatedRows) === 1;
    },

    /** Ends these running jobs as failed, with the error in words. */
    async fail(ids: string[], error: string): Promise<void> {
      if (!ids.length) return;
      await db
        .updateTable('admin_import_jobs')
        .set({ phase: 'failed', error, finished_at: sql<Date>`now()` })
        .where('id', 'in', ids)
        .where('finished_at', 'is', null)
        .execute();
    },

    /** Ends as failed the running jobs (of these ids, or all) whose heartbeat is older than `staleSeconds`. */
    async failLost(staleSeconds: number, error: string, id?: string): Promise<void> {
      await db
        .updateTable('admin_import_jobs')
        .set({ phase: 'failed', error, finished_at: sql<Date>`now()` })
        .where('finished_at', 'is', null)
        .where('heartbeat_at', '<', lostBefore(staleSeconds))
        .$if(id !== undefined, (query) => query.where('id', '=', id!))
        .execute();
    },

    /** Forgets the jobs that ended more than 30 days ago. */
    async prune(): Promise<void> {
      await db
        .deleteFrom('admin_import_jobs')
        .where('finished_at', '<', sql<Date>`now() - interval '30 days'`)
        .execute();
    },
  };
}
