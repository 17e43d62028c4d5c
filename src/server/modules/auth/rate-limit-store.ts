import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** What @fastify/rate-limit's store callback takes: hits in the window so far, ms until it resets. */
interface Hits {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: Hits) => void;

/** A store's hits are swept of windows that ended about once per this many hits (per process). */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit (its documented custom-store interface: `incr`, `child`) in the
 * PostgreSQL table `rate_limit_hits`, so every server on one database counts the same attempts: one
 * upsert per hit, a fixed window per key that starts at its first hit (as the plugin's memory store
 * does), on the database's clock. The table is unlogged: after a crash of PostgreSQL the counts
 * start again from zero, as a restart of one server did before.
 */
export function postgresRateLimitStore(db: Db) {
  let hitsSinceSweep = 0;
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      sql<{ hits: number; ttl: number }>`
        insert into rate_limit_hits as r (key, hits, resets_at)
        values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
          resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
        returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`
        .execute(db)
        .then(({ rows }) => {
          callback(null, { current: rows[0].hits, ttl: rows[0].ttl });
          if (++hitsSinceSweep >= SWEEP_EVERY) {
            hitsSinceSweep = 0;
            void sweep(db);
          }
        }, callback);
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

/** Forgets the windows that have ended (their keys start afresh at their next hit anyway). */
async function sweep(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('resets_at', '<', sql<Date>`now()`)
    .execute()
    .catch(() => undefined);
}
