import { sql, type Selectable } from 'kysely';
import type { ListingFeedRun, ListingFeedRunKind, ListingFeedTrigger } from '../../../shared/schemas/listing-feed';
import type { Db } from '../../db/database';
import type { ListingFeedRunsTable, ListingFeedTable } from '../../db/schema';
import type { FeedCursor } from './odata';

/** The feed's one row (migration 0032). */
export type FeedState = Selectable<ListingFeedTable>;
type RunRow = Selectable<ListingFeedRunsTable>;

/** What a page (or a reconciliation) adds to its run's counts. */
export interface RunCounts {
  rows: number;
  added: number;
  updated: number;
  rejected: number;
  offMarket: number;
}

/** Runs older than this are deleted when a run ends. */
export const RUNS_KEPT_DAYS = 90;

/** A run that wrote nothing for this long is taken to have died with its server. */
export const RUN_STALE_MS = 3 * 60_000;

/** A run the app's close ended after the page being written. */
export const STOPPED = 'Stopped: the server shut down during the run; the next one resumes from the cursor';

/** A run whose server died (found unfinished by the next run). */
export const INTERRUPTED =
  'Interrupted: the server stopped during the run; the next one resumed from the cursor stored with the last page written';

/** How the messages of a held-back reconciliation begin (sync.ts): too much, or all, would have left the map. */
export const HELD_BACK = 'Reconciliation held back';
export const NO_ACTIVE_LISTING = 'The MLS lists no active listing';

export function toRun(row: RunRow): ListingFeedRun {
  return {
    id: row.id,
    kind: row.kind as ListingFeedRunKind,
    trigger: row.trigger as ListingFeedTrigger,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    rows: row.rows_read,
    added: row.added,
    updated: row.updated,
    rejected: row.rejected,
    offMarket: row.off_market,
    error: row.error,
  };
}

/** The listing feed's state and runs (migration 0032) over `db` (the database or a transaction). */
export function createListingFeedRepository(db: Db) {
  return {
    async read(): Promise<FeedState | null> {
      return (await db.selectFrom('listing_feed').selectAll().executeTakeFirst()) ?? null;
    },

    /**
     * The feed's row for this service and filter. Another service root or filter is another feed:
     * its cursor and reconciliation start afresh (the next run is a full pull).
     */
    async prepare(serviceUrl: string, filter: string | null): Promise<FeedState> {
      await sql`
        insert into listing_feed (id, service_url, filter) values (1, ${serviceUrl}, ${filter})
        on conflict (id) do update set service_url = excluded.service_url, filter = excluded.filter,
          cursor_modified_at = null, cursor_listing_key = null, last_reconciled_at = null
        where (listing_feed.service_url, listing_feed.filter) is distinct from (excluded.service_url, excluded.filter)`.execute(
        db,
      );
      return await db.selectFrom('listing_feed').selectAll().executeTakeFirstOrThrow();
    },

    /** Ends the runs a dead server left unfinished (called by the server that holds the feed's lock). */
    async closeAbandonedRuns(): Promise<number> {
      const r = await db
        .updateTable('listing_feed_runs')
        .set({ finished_at: sql`now()`, error: INTERRUPTED })
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async startRun(kind: ListingFeedRunKind, trigger: ListingFeedTrigger): Promise<number> {
      const row = await db.insertInto('listing_feed_runs').values({ kind, trigger }).returning('id').executeTakeFirstOrThrow();
      await db
        .updateTable('listing_feed')
        .set({ heartbeat_at: sql`now()` })
        .execute();
      return row.id;
    },

    /** The running server is alive (between the pages' writes, which say so themselves). */
    async heartbeat(): Promise<void> {
      await db
        .updateTable('listing_feed')
        .set({ heartbeat_at: sql`now()` })
        .execute();
    },

    async setRunTotal(id: number, total: number): Promise<void> {
      await db.updateTable('listing_feed_runs').set({ total }).where('id', '=', id).execute();
    },

    /**
     * A page's counts into its run and the cursor moved, in the page's transaction: what is written
     * and where the next run starts commit together (or neither).
     */
    async recordPage(id: number, cursor: FeedCursor | null, counts: RunCounts): Promise<void> {
      // One statement: each is a round trip inside the page's transaction.
      await sql`
        with run as (
          update listing_feed_runs set rows_read = rows_read + ${counts.rows}, added = added + ${counts.added},
            updated = updated + ${counts.updated}, rejected = rejected + ${counts.rejected}, off_market = off_market + ${counts.offMarket}
          where id = ${id}
          returning 1
        )
        update listing_feed set heartbeat_at = now(),
          cursor_modified_at = coalesce(${cursor?.modifiedAt ?? null}::text, cursor_modified_at),
          cursor_listing_key = coalesce(${cursor?.listingKey ?? null}::text, cursor_listing_key)
        where exists (select 1 from run)`.execute(db);
    },

    /** The run ended: its error (null when it worked). A failure starts (or continues) the failing state. */
    async finishRun(id: number, error: string | null, options: { interrupted?: boolean } = {}): Promise<void> {
      await db
        .updateTable('listing_feed_runs')
        .set({ finished_at: sql`now()`, error })
        .where('id', '=', id)
        .execute();
      // A run every 15 minutes is 35,000 a year: the history keeps the last RUNS_KEPT_DAYS.
      await sql`delete from listing_feed_runs where started_at < now() - make_interval(days => ${RUNS_KEPT_DAYS})`.execute(db);
      if (options.interrupted) return;
      await db
        .updateTable('listing_feed')
        .set(
          error === null
            ? { last_success_at: sql`now()`, failing_since: null, last_error: null }
            : { failing_since: sql`coalesce(failing_since, now())`, last_error: error },
        )
        .execute();
    },

    async markReconciled(): Promise<void> {
      await db
        .updateTable('listing_feed')
        .set({ last_reconciled_at: sql`now()` })
        .execute();
    },

    /** The last runs, newest first. */
    async lastRuns(limit: number): Promise<ListingFeedRun[]> {
      const rows = await db.selectFrom('listing_feed_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRun);
    },

    /** The run under way (unfinished), if any, with the total it expects. */
    async currentRun(): Promise<(ListingFeedRun & { total: number | null }) | null> {
      const row = await db
        .selectFrom('listing_feed_runs')
        .selectAll()
        .where('finished_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { ...toRun(row), total: row.total } : null;
    },

    /**
     * Whether the last reconciliation that ended was held back; null before any has (one the app's
     * stop or a crash cut short does not count).
     */
    async lastReconciliationHeldBack(): Promise<boolean | null> {
      const row = await db
        .selectFrom('listing_feed_runs')
        .select('error')
        .where('kind', '=', 'reconcile')
        .where('finished_at', 'is not', null)
        .where(sql<boolean>`error is null or error not in (${INTERRUPTED}, ${STOPPED})`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      return !!row.error && (row.error.startsWith(`${HELD_BACK}:`) || row.error.startsWith(NO_ACTIVE_LISTING));
    },

    /**
     * When the last incremental or full run that ended started (the schedule's "due" test): one a
     * server's stop or death cut short does not count, so a restart resumes at once.
     */
    async lastSyncStartedAt(): Promise<Date | null> {
      const row = await db
        .selectFrom('listing_feed_runs')
        .select('started_at')
        .where('kind', 'in', ['full', 'incremental'])
        .where('finished_at', 'is not', null)
        .where(sql<boolean>`error is null or error not in (${INTERRUPTED}, ${STOPPED})`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.started_at ?? null;
    },
  };
}

export type ListingFeedRepository = ReturnType<typeof createListingFeedRepository>;
