import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** The alert worker's one row (migration 0029's alert_state) and what a tick reads to know if work is waiting. */

export interface AlertWork {
  /** The listing_changes version now, and the one the last pass handled. */
  version: number;
  handledVersion: number;
  /** The listings' cash-on-cash snapshot: wanted (a search with a minimum cash-on-cash has alerts on), and kept. */
  snapshotWanted: boolean;
  snapshotKept: boolean;
  /** When an instant e-mail may be due (null: none waits). */
  instantDueAt: Date | null;
  /** The digest time whose digests were all sent. */
  digestDoneFor: Date | null;
}

/** A search whose minimum cash-on-cash the matcher must compare against what it saw before. */
export const SNAPSHOT_WANTED = sql<boolean>`exists (select 1 from saved_searches
  where min_coc is not null and strategy is not null and alert <> 'off')`;

/** One statement, cheap whatever the tables hold: what a tick needs to decide whether to take the alerts lock. */
export async function readAlertWork(db: Db): Promise<AlertWork> {
  const result = await sql<{
    version: number;
    handled_version: number;
    snapshot_wanted: boolean;
    snapshot_kept: boolean;
    instant_due_at: Date | null;
    digest_done_for: Date | null;
  }>`
    select c.version, a.handled_version, ${SNAPSHOT_WANTED} as snapshot_wanted, a.snapshot_kept,
      a.instant_due_at, a.digest_done_for
    from listing_changes c cross join alert_state a`.execute(db);
  const row = result.rows[0];
  return {
    version: row.version,
    handledVersion: row.handled_version,
    snapshotWanted: row.snapshot_wanted,
    snapshotKept: row.snapshot_kept,
    instantDueAt: row.instant_due_at,
    digestDoneFor: row.digest_done_for,
  };
}

/** A pass is waiting: listings changed since the last one, or the snapshot must be made or dropped. */
export const passWaiting = (work: AlertWork): boolean =>
  work.version !== work.handledVersion || work.snapshotWanted !== work.snapshotKept;
