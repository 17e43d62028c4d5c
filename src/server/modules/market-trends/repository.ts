import { sql, type Selectable, type Transaction } from 'kysely';
import type { MonthAggregate } from '../../../shared/trends';
import type { Db } from '../../db/database';
import type { MarketTrendMonthsTable, PlacesTable, Tables } from '../../db/schema';
import { LISTINGS_FROM_SQL, TREND_COLUMNS, trendRowsQuery, type TrendScope } from './trend-sql';

/** A city's extent is its listings' and a view's centre may fall just outside it: this many degrees count as in. */
const EDGE = 0.02;

type TrendRow = Omit<Selectable<MarketTrendMonthsTable>, 'month'> & { month: Date | string };

/** How long a statement of the rebuild waits for a table another transaction holds (an import's bulk load). */
const LOCK_WAIT = '200ms';
/** PostgreSQL's lock_not_available: a wait ran past LOCK_WAIT (the worker tries again at its next look). */
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * `work` in a transaction whose statements give up after LOCK_WAIT waiting for a lock: an import's bulk
 * load drops and rebuilds indexes of the tables these read, and a rebuild that waited for one while
 * holding another would deadlock with it; the rebuild gives way and runs again later.
 */
function yieldingLocks<T>(db: Db, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`).execute(trx);
    return work(trx);
  });
}

/**
 * Settings for the trends statement in `trx`. No JIT: the planner guesses ~10¹³ rows for the months
 * each listing's price span covers, so PostgreSQL compiled the statement with full optimisation —
 * 2.8 s of a 6.1 s rebuild at 200,000 listings, for a plan that runs once (BENCH_EXPLAIN=1).
 */
export async function forTrendStatement(trx: Transaction<Tables>): Promise<void> {
  await sql.raw(`set local jit = off`).execute(trx);
}

/** YYYY-MM of a date column (a Date at UTC midnight on pg, the same or a text on PGlite). */
const monthText = (value: Date | string): string => (typeof value === 'string' ? value : value.toISOString()).slice(0, 7);

export function aggregateOf(row: TrendRow): MonthAggregate {
  return {
    month: monthText(row.month),
    activeCount: row.active_count,
    listPriceMedian: row.list_price_median,
    listPpsfMedian: row.list_ppsf_median,
    listPpsfCount: row.list_ppsf_count,
    newListings: row.new_listings,
    domMedian: row.dom_median,
    cutCount: row.cut_count,
    cutBaseCount: row.cut_base_count,
    soldCount: row.sold_count,
    soldPriceMedian: row.sold_price_median,
    soldPpsfMedian: row.sold_ppsf_median,
    soldPpsfCount: row.sold_ppsf_count,
    saleToListMedian: row.sale_to_list_median,
    saleToListCount: row.sale_to_list_count,
    leaseCount: row.lease_count,
    rentMedian: row.rent_median,
    rentPpsfMedian: row.rent_ppsf_median,
    rentPpsfCount: row.rent_ppsf_count,
  };
}

/** The market trends' rows (market_trend_months, market_trends_state) and the places they are of. */
export function createMarketTrendsRepository(db: Db) {
  return {
    /**
     * What the listings, their price history, the sales and the leases are now, in one text: the
     * aggregates are rebuilt when it differs from the one they were built from.
     */
    async fingerprint(): Promise<string> {
      // Not the listings' updated_at: a re-price moves it and changes nothing these figures count.
      const query = sql<{ print: string }>`
        select concat_ws(';',
          (select concat_ws(',', count(*), sum(list_price), count(off_market_at), max(on_market_date), max(price_changed_at),
            max(off_market_at), max(created_at)) from properties),
          (select concat_ws(',', count(*), max(id)) from price_history),
          (select concat_ws(',', count(*), sum(close_price), max(close_date), max(updated_at)) from sold_comps),
          (select concat_ws(',', count(*), sum(rent), max(close_date), max(updated_at)) from leases),
          (select concat_ws(',', count(*), max(created_at)) from past_listings)) as print`;
      return (await yieldingLocks(db, (trx) => query.execute(trx))).rows[0].print;
    },

    /**
     * The first month (YYYY-MM-01) whose figures what was written after `after` can change: a new
     * listing's from its on-market month, a changed one's from its price change or its leaving, a
     * sale's or lease's from its close month, a past listing's from its on-market month; null when
     * nothing was.
     */
    async firstChangedMonth(after: Date): Promise<string | null> {
      const query = sql<{ since: string | null }>`
        select to_char(least(
          (select min(coalesce(on_market_date, (created_at at time zone 'UTC')::date)) from properties where created_at > ${after}),
          (select min((least(coalesce(price_changed_at, now()), coalesce(off_market_at, now())) at time zone 'UTC')::date)
            from properties where updated_at > ${after} and created_at <= ${after}),
          (select min(least(close_date, on_market_date)) from sold_comps where updated_at > ${after}),
          (select min(close_date) from leases where updated_at > ${after}),
          (select min(on_market_date) from past_listings where created_at > ${after})), 'YYYY-MM-01') as since`;
      return (await yieldingLocks(db, (trx) => query.execute(trx))).rows[0].since;
    },

    async builtFrom(): Promise<{ fingerprint: string; refreshedAt: Date; tookMs: number; rows: number } | null> {
      const row = await db.selectFrom('market_trends_state').selectAll().executeTakeFirst();
      return row ? { fingerprint: row.fingerprint, refreshedAt: row.refreshed_at, tookMs: row.took_ms, rows: row.rows } : null;
    },

    /**
     * Every city's and ZIP's months from `scope.start` on rebuilt in one transaction (readers see the
     * old figures or the new ones); the months before it are kept.
     */
    async rebuild(scope: TrendScope, fingerprint: string): Promise<number> {
      const started = performance.now();
      // Giving way like every read here: the statement reads the tables an import's bulk load drops
      // indexes of; waiting on one while holding another deadlocked with it (and the import lost).
      return yieldingLocks(db, async (trx) => {
        await forTrendStatement(trx);
        await trx
          .deleteFrom('market_trend_months')
          .where('month', '>=', sql<Date>`${scope.start}::date`)
          .execute();
        const inserted = await sql`
          insert into market_trend_months (kind, key, month, ${TREND_COLUMNS})
          select kind, key, month, ${TREND_COLUMNS} from (${trendRowsQuery(scope)}) t`.execute(trx);
        const rows = Number(inserted.numAffectedRows ?? 0);
        // The transaction's start: what is written after it is seen by the next rebuild.
        const state = { fingerprint, refreshed_at: sql<Date>`now()`, took_ms: Math.round(performance.now() - started), rows };
        await trx
          .insertInto('market_trends_state')
          .values({ id: 1, ...state })
          .onConflict((oc) => oc.column('id').doUpdateSet(state))
          .execute();
        return rows;
      });
    },

    /** A market's kept months from `fromMonth` (YYYY-MM-01) on. */
    async months(kind: 'city' | 'zip', key: string, fromMonth: string): Promise<MonthAggregate[]> {
      const rows = await db
        .selectFrom('market_trend_months')
        .selectAll()
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('month', '>=', sql<Date>`${fromMonth}::date`)
        .orderBy('month')
        .execute();
      return rows.map(aggregateOf);
    },

    /** An area's months, computed now from the records in its box. */
    async areaMonths(scope: Required<TrendScope>): Promise<MonthAggregate[]> {
      const query = sql<TrendRow>`select * from (${trendRowsQuery(scope)}) t order by month`;
      const { rows } = await yieldingLocks(db, async (trx) => {
        await forTrendStatement(trx);
        return query.execute(trx);
      });
      return rows.map(aggregateOf);
    },

    /**
     * The cities a user's saved searches look at (the city place, with the most listings, whose extent
     * holds the view's centre, give or take EDGE), at most `limit`, the most searched first.
     */
    async followedCities(userId: string, limit: number): Promise<Array<Selectable<PlacesTable>>> {
      const { rows } = await sql<Selectable<PlacesTable> & { searches: number }>`
        select p.*, count(*)::int as searches from saved_searches s
        cross join lateral (
          select * from places p
          where p.kind = 'city' and (s.south + s.north) / 2 between p.south - ${EDGE} and p.north + ${EDGE}
            and (s.west + s.east) / 2 between p.west - ${EDGE} and p.east + ${EDGE}
          order by p.listings desc limit 1
        ) p
        where s.user_id = ${userId}
        group by p.kind, p.key, p.city, p.state, p.zip, p.latitude, p.longitude, p.south, p.west, p.north, p.east, p.listings
        order by searches desc, p.listings desc
        limit ${limit}`.execute(db);
      return rows;
    },

    /** The first month with listings' figures (YYYY-MM), or null without listings. */
    async listingsFrom(): Promise<string | null> {
      const { rows } = await sql<{ month: Date | string | null }>`select ${LISTINGS_FROM_SQL} as month`.execute(db);
      const month = rows[0]?.month;
      return month ? monthText(month) : null;
    },

    /** The place a market is (its name and extent), or undefined when the listings hold none such. */
    async place(kind: 'city' | 'zip', key: string): Promise<Selectable<PlacesTable> | undefined> {
      return db.selectFrom('places').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
    },
  };
}

export type MarketTrendsRepository = ReturnType<typeof createMarketTrendsRepository>;
