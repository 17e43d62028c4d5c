import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database';
import { STRATEGY_KEYS, type AlertReason, type StrategyKey } from '../../../../shared/vocabulary';
import { listingChangesVersion } from '../../listings';
import { savedSearchMatchSql, savedStrategyCocSql } from '../../properties';
import { SNAPSHOT_WANTED } from './alert-state';

/**
 * The alerts' matcher (docs/map-search.md, "Alerts"): one pass finds, in set-based SQL, the saved
 * searches each changed listing newly matches and records each (search, listing, reason) once in
 * alert_matches (its unique key makes a pass idempotent: a listing looked at twice adds nothing).
 *
 * - Changed listings: properties whose updated_at is at or after the watermark. The watermark moves to
 *   the pass's start, held back on PostgreSQL to the start of the oldest transaction still open then
 *   (pg_stat_activity): rows a long import writes carry its start as their updated_at and become
 *   visible only at its commit, so the next pass still finds them.
 * - A search counts a listing only when it changed after the search's baseline (saved_searches.updated_at):
 *   the listings that already matched when it was saved are not reported.
 * - The reason, the first of these not yet recorded for the (search, listing):
 *   'new': the listing came after the baseline;
 *   'price_cut': its latest price change is a cut to the price it has now, made after the baseline
 *   (each further cut is another alert: cut_price is its new price);
 *   'now_pays': the search has a minimum cash-on-cash, which the listing now reaches and did not when
 *   the matcher last saw it (alert_listing_cocs; a listing it never saw is not reported this way).
 * - Only searches with alerts on ('instant' or 'daily'), of active users; only listed listings (an
 *   off-market one matches nothing: savedSearchMatchSql).
 * - An alert keeps the listing's price and the search's strategy's cash-on-cash then; an infinite one
 *   (no cash left in the deal) is kept as null, as the wire's AlertNotification has no infinity.
 *
 * The listings' cash-on-cash snapshot (alert_listing_cocs) is kept only while some search with alerts
 * on has a minimum cash-on-cash: then each pass writes the changed listings' figures after comparing
 * them; the first pass that needs it copies every listing not changed since the last pass; a pass that
 * finds no such search empties it.
 */

export interface MatchCounts {
  new: number;
  price_cut: number;
  now_pays: number;
}

export interface PassResult {
  /** Listings looked at (changed since the last pass). */
  changed: number;
  /** Alerts recorded, by reason. */
  matches: MatchCounts;
  /** Listings copied into a new cash-on-cash snapshot (0 unless the pass started keeping it). */
  snapshotSeeded: number;
  /** The listing_changes version handled. */
  version: number;
  seconds: number;
  /** The longest matching statement, ms (on PGlite, what a request may wait behind the pass). */
  longestBatchMs: number;
}

export interface PassOptions {
  /** PostgreSQL holds the watermark back to the oldest open transaction; PGlite has no concurrent one. */
  kind: 'pglite' | 'postgres';
  /** The delivery's clock: an instant e-mail for new matches is due from this time. */
  now: Date;
  /** Changed listings per statement, fixed (tests); by default sized to keep each statement short. */
  batchSize?: number;
  pause?: () => Promise<void>;
  shouldStop?: () => boolean;
}

/**
 * Changed listings per statement. PGlite (one connection, which requests wait for): from
 * FIRST_MATCH_BATCH, each next batch sized to take about PGLITE_BATCH_MS by the last one's pace, about
 * as long as a re-pricing batch holds it. A statement's cost is mostly its matches (each an insert),
 * so listings that match many searches make small batches. PostgreSQL's requests have connections of
 * their own: POSTGRES_MATCH_BATCH listings a statement, which cost less in all.
 */
const FIRST_MATCH_BATCH = 250;
const PGLITE_BATCH_MS = 400;
const MIN_MATCH_BATCH = 10;
const MAX_MATCH_BATCH = 5000;
const POSTGRES_MATCH_BATCH = 2000;
const SEED_BATCH = 5000;

/** Transactions open longer than this do not hold the watermark back (an abandoned session would rescan for ever). */
const OLDEST_TRANSACTION_HELD = "interval '1 day'";

/** The snapshot's column of each strategy's cash-on-cash (the same names as the properties' columns). */
const COC_COLUMNS: Record<StrategyKey, string> = {
  buyHold: 'buy_hold_coc',
  brrrr: 'brrrr_coc',
  fixFlip: 'fix_flip_coc',
  shortTerm: 'short_term_coc',
};
const cocColumns = (prefix = '') => sql.raw(STRATEGY_KEYS.map((k) => `${prefix}${COC_COLUMNS[k]}`).join(', '));

/** The search's strategy's cash-on-cash the matcher saw before (the changed rows carry it as seen_<column>). */
const seenCocSql = (search: string): RawBuilder<number | null> =>
  sql`(case ${sql.ref(`${search}.strategy`)} ${sql.join(
    STRATEGY_KEYS.map((key) => sql`when ${key} then ${sql.ref(`p.seen_${COC_COLUMNS[key]}`)}`),
    sql` `,
  )} end)`;

const recorded = (reason: AlertReason, cutPrice: RawBuilder<number>) =>
  sql<boolean>`exists (select 1 from alert_matches m
    where m.search_id = s.id and m.property_id = p.id and m.reason = ${reason} and m.cut_price = ${cutPrice})`;

/**
 * One batch of changed listings matched against every search, in one statement (its parts share one
 * view of the tables: the snapshot written is the one compared).
 */
async function matchBatch(db: Db, ids: readonly string[], keepSnapshot: boolean, now: Date): Promise<MatchCounts> {
  const zero = sql<number>`0::float8`;
  const result = await sql<MatchCounts>`
    with changed as materialized (
      select p.id, p.created_at, p.updated_at, p.list_price, p.beds, p.baths_total, p.deal_status, p.on_market_date,
        p.price_cut_percent, p.value_gap_percent, p.longitude, p.latitude, p.off_market_at, ${cocColumns('p.')},
        (select h.changed_at from price_history h
          where h.property_id = p.id and h.new_price < h.old_price and h.new_price = p.list_price
          order by h.changed_at desc, h.id desc limit 1) as cut_at,
        seen.property_id is not null as seen,
        ${sql.join(
          STRATEGY_KEYS.map((k) => sql`seen.${sql.raw(COC_COLUMNS[k])} as ${sql.raw(`seen_${COC_COLUMNS[k]}`)}`),
          sql`, `,
        )}
      from properties p
      -- One index lookup per changed listing (a join planned as a hash would read the whole snapshot each batch).
      left join lateral (select * from alert_listing_cocs c where c.property_id = p.id limit 1) seen on true
      where p.id = any(${`{${ids.join(',')}}`}::uuid[])
    ),
    found as (
      select s.id as search_id, s.user_id, p.id as property_id, r.reason, p.list_price,
        nullif(${savedStrategyCocSql('s')}, 'Infinity'::float8) as cash_on_cash
      from changed p
      join saved_searches s
        on box(point(s.west, s.south), point(s.east, s.north)) @> box(point(p.longitude, p.latitude), point(p.longitude, p.latitude))
      cross join lateral (select case
        when p.created_at > s.updated_at and not ${recorded('new', zero)} then 'new'
        when p.cut_at > s.updated_at and not ${recorded('price_cut', sql`p.list_price`)} then 'price_cut'
        when s.min_coc is not null and p.seen and coalesce(${seenCocSql('s')} < s.min_coc, true) then 'now_pays'
      end as reason) r
      where s.alert <> 'off' and p.updated_at > s.updated_at and r.reason is not null and ${savedSearchMatchSql('s')}
        -- (a hashed set of the few inactive users, not a join per candidate)
        and s.user_id not in (select id from users where not active)
    ),
    inserted as (
      insert into alert_matches (search_id, user_id, property_id, reason, cut_price, price, cash_on_cash)
      select search_id, user_id, property_id, reason, case when reason = 'price_cut' then list_price else 0 end,
        list_price, cash_on_cash
      from found
      on conflict do nothing
      returning reason
    ),
    noted as (
      insert into alert_listing_cocs (property_id, ${cocColumns()})
      select id, ${cocColumns()} from changed where ${keepSnapshot}::boolean
      on conflict (property_id) do update set
        ${sql.raw(STRATEGY_KEYS.map((k) => `${COC_COLUMNS[k]} = excluded.${COC_COLUMNS[k]}`).join(', '))}
      returning 1
    ),
    -- New matches may make an instant e-mail due now (the delivery applies the 5-minute rule).
    due as (
      update alert_state set instant_due_at = least(coalesce(instant_due_at, ${now}), ${now})
      where exists (select 1 from inserted)
      returning 1
    )
    select (count(*) filter (where reason = 'new'))::int as new,
      (count(*) filter (where reason = 'price_cut'))::int as price_cut,
      (count(*) filter (where reason = 'now_pays'))::int as now_pays
    from inserted`.execute(db);
  return result.rows[0];
}

/**
 * The watermark the next pass starts from: now, or on PostgreSQL the start of the oldest transaction
 * open now (other than this session's), whichever is earlier. Read before the changed listings are.
 */
async function nextWatermark(db: Db, kind: PassOptions['kind']): Promise<Date> {
  if (kind === 'pglite') return (await sql<{ t: Date }>`select clock_timestamp() as t`.execute(db)).rows[0].t;
  const result = await sql<{ t: Date }>`
    select least(clock_timestamp(), (
      select min(xact_start) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
        and xact_start is not null and xact_start > now() - ${sql.raw(OLDEST_TRANSACTION_HELD)})) as t`.execute(db);
  return result.rows[0].t;
}

/** Copies into the snapshot every listing not changed since the last pass (those are compared by this pass). */
async function seedSnapshot(db: Db, before: Date, options: PassOptions): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let seeded = 0;
  for (;;) {
    if (options.shouldStop?.()) break;
    const result = await sql<{ last: string | null; n: number }>`
      with batch as (
        select id, updated_at, ${cocColumns()} from properties where id > ${after}::uuid order by id limit ${SEED_BATCH}
      ),
      copied as (
        insert into alert_listing_cocs (property_id, ${cocColumns()})
        select id, ${cocColumns()} from batch where updated_at < ${before}
        on conflict (property_id) do nothing
        returning 1
      )
      select (select id from batch order by id desc limit 1) as last, (select count(*) from copied)::int as n`.execute(db);
    const { last, n } = result.rows[0];
    seeded += n;
    if (!last) break;
    after = last;
    await options.pause?.();
  }
  return seeded;
}

/**
 * One matching pass over the listings changed since the last (see the top of this file). Run by one
 * server at a time (the alert worker holds the 'alerts' lock); each batch is its own statement, so a
 * stop or a crash leaves the watermark where it was and the next pass looks at the same listings again.
 */
export async function runMatchingPass(db: Db, options: PassOptions): Promise<PassResult> {
  const started = performance.now();
  const version = await listingChangesVersion(db);
  const watermark = await nextWatermark(db, options.kind);
  const state = await db.selectFrom('alert_state').select(['watermark', 'snapshot_kept']).executeTakeFirstOrThrow();
  const wanted = (await sql<{ wanted: boolean }>`select ${SNAPSHOT_WANTED} as wanted`.execute(db)).rows[0].wanted;

  let snapshotSeeded = 0;
  if (wanted && !state.snapshot_kept) {
    snapshotSeeded = await seedSnapshot(db, state.watermark, options);
    if (options.shouldStop?.()) return stopped(version, started, snapshotSeeded);
    await db.updateTable('alert_state').set({ snapshot_kept: true }).execute();
  } else if (!wanted && state.snapshot_kept) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alert_listing_cocs').execute();
      await trx.updateTable('alert_state').set({ snapshot_kept: false }).execute();
    });
  }

  // No search with alerts on: nothing to match (the watermark still moves on). In the order of the
  // map's index, so that a batch's listings are neighbours and look up the same searches.
  const changedIds = await sql<{ ids: string | null }>`
    select string_agg(id::text, ',' order by longitude, latitude) as ids from properties
    where updated_at >= ${state.watermark} and exists (select 1 from saved_searches where alert <> 'off')`.execute(db);
  const ids = changedIds.rows[0].ids?.split(',') ?? [];
  const paced = options.batchSize === undefined && options.kind === 'pglite';
  let size = options.batchSize ?? (paced ? FIRST_MATCH_BATCH : POSTGRES_MATCH_BATCH);
  const matches: MatchCounts = { new: 0, price_cut: 0, now_pays: 0 };
  let longestBatchMs = 0;
  for (let from = 0; from < ids.length;) {
    if (options.shouldStop?.()) return stopped(version, started, snapshotSeeded, ids.length, matches);
    const batch = ids.slice(from, from + size);
    from += batch.length;
    const batchStarted = performance.now();
    const counts = await matchBatch(db, batch, wanted, options.now);
    const elapsed = performance.now() - batchStarted;
    longestBatchMs = Math.max(longestBatchMs, elapsed);
    if (paced) {
      const atPace = Math.round((batch.length * PGLITE_BATCH_MS) / Math.max(elapsed, 1));
      size = Math.min(MAX_MATCH_BATCH, Math.max(MIN_MATCH_BATCH, Math.min(atPace, 4 * batch.length)));
    }
    matches.new += counts.new;
    matches.price_cut += counts.price_cut;
    matches.now_pays += counts.now_pays;
    if (from < ids.length) await options.pause?.();
  }

  await db
    .updateTable('alert_state')
    .set({
      watermark,
      handled_version: sql<number>`greatest(handled_version, ${version}::int)`,
      last_pass_at: sql<Date>`now()`,
    })
    .execute();
  return {
    changed: ids.length,
    matches,
    snapshotSeeded,
    version,
    seconds: (performance.now() - started) / 1000,
    longestBatchMs,
  };
}

function stopped(version: number, started: number, snapshotSeeded: number, changed = 0, matches?: MatchCounts): PassResult {
  return {
    changed,
    matches: matches ?? { new: 0, price_cut: 0, now_pays: 0 },
    snapshotSeeded,
    version,
    seconds: (performance.now() - started) / 1000,
    longestBatchMs: 0,
  };
}
