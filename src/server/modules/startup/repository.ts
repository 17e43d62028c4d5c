import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The start's tasks that must finish even across a crash (the demo load), by name. */
export function createStartupRepository(db: Db) {
  return {
    /** The task's parameters and whether it finished; undefined when it never started. */
    async findTask(name: string): Promise<{ params: unknown; finished_at: Date | null } | undefined> {
      return db.selectFrom('startup_tasks').select(['params', 'finished_at']).where('name', '=', name).executeTakeFirst();
    },

    /** Records the task as started with these parameters (again, when it ran before). */
    async startTask(name: string, params: Record<string, unknown>): Promise<void> {
      await db
        .insertInto('startup_tasks')
        .values({ name, params })
        .onConflict((oc) => oc.column('name').doUpdateSet({ params, finished_at: null }))
        .execute();
    },

    /** Whether the database holds any listing, listed or not (a first start's demo load needs none). */
    async anyListing(): Promise<boolean> {
      const any = await sql<{ found: boolean }>`select exists (select 1 from properties) as found`.execute(db);
      return any.rows[0].found;
    },

    async finishTask(name: string): Promise<void> {
      await db
        .updateTable('startup_tasks')
        .set({ finished_at: sql<Date>`now()` })
        .where('name', '=', name)
        .execute();
    },
  };
}
