import { sql } from 'kysely';
import type { Database } from './database';

/** The work that one server of a cluster does for all of them (each its own advisory lock). */
export type ClusterTask = 'startup' | 'demo-load' | 'reprice' | 'rates-feed';

/**
 * One server at a time for a task, however many run on one PostgreSQL database: PostgreSQL advisory
 * locks, held on a connection of their own for the whole run and freed after, also when the work
 * throws (or when the process dies: its session ends). PGlite is one process by design (its data
 * directory is locked), so there the work just runs.
 */
export interface ClusterLocks {
  /** Runs `work` holding the task's lock, waiting for another server that holds it to finish first. */
  run<T>(task: ClusterTask, work: () => Promise<T>): Promise<T>;
  /** Runs `work` only if no other server is running it; `{ ran: false }` at once when another is. */
  tryRun<T>(task: ClusterTask, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/**
 * The lock's key: the task in the connection's schema, so two databases (or two test schemas) on one
 * PostgreSQL server never wait on each other.
 */
const lockKey = (task: ClusterTask) => sql`hashtext(current_schema() || ':dealmap:' || ${task})`;

export function createClusterLocks(database: Pick<Database, 'db' | 'kind'>): ClusterLocks {
  if (database.kind === 'pglite') {
    return {
      run: (_task, work) => work(),
      tryRun: async (_task, work) => ({ ran: true, value: await work() }),
    };
  }
  const { db } = database;
  return {
    run: (task, work) =>
      db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${lockKey(task)})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${lockKey(task)})`.execute(connection);
        }
      }),
    tryRun: (task, work) =>
      db.connection().execute(async (connection) => {
        const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKey(task)}) as locked`.execute(connection);
        if (!got.rows[0].locked) return { ran: false } as const;
        try {
          return { ran: true, value: await work() } as const;
        } finally {
          await sql`select pg_advisory_unlock(${lockKey(task)})`.execute(connection);
        }
      }),
  };
}
