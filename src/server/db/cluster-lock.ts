import type { Database } from './database';

/** The work that one server of a cluster does for all of them (each its own advisory lock). */
export type ClusterTask =
  'startup' | 'demo-load' | 'reprice' | 'rates-feed' | 'alerts' | 'listing-feed' | 'accuracy' | 'market-trends' | 'backup';

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
 * The lock's key: the task in the session's schema, so two databases (or two test schemas) on one
 * PostgreSQL server never wait on each other.
 */
const LOCK_KEY = "hashtext(current_schema() || ':dealmap:' || $1)";

export function createClusterLocks(database: Pick<Database, 'kind' | 'openSession'>): ClusterLocks {
  const { openSession } = database;
  if (database.kind === 'pglite' || !openSession) {
    return {
      run: (_task, work) => work(),
      tryRun: async (_task, work) => ({ ran: true, value: await work() }),
    };
  }
  /** Holds the lock on a session of its own (never one of the pool's, which `work` needs) while `work` runs. */
  const holding = async <T>(task: ClusterTask, wait: boolean, work: () => Promise<T>) => {
    const session = await openSession();
    try {
      if (wait) await session.query(`select pg_advisory_lock(${LOCK_KEY})`, [task]);
      else {
        const { rows } = await session.query<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as locked`, [task]);
        if (!rows[0].locked) return { ran: false } as const;
      }
      try {
        return { ran: true, value: await work() } as const;
      } finally {
        await session.query(`select pg_advisory_unlock(${LOCK_KEY})`, [task]).catch(() => undefined);
      }
    } finally {
      await session.end().catch(() => undefined);
    }
  };
  return {
    async run(task, work) {
      const held = await holding(task, true, work);
      if (!held.ran) throw new Error(`the ${task} lock was not taken`);
      return held.value;
    },
    tryRun: (task, work) => holding(task, false, work),
  };
}
