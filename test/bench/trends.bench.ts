/**
 * Market trends bench: `npm run bench -- trends` (with DATABASE_URL, PostgreSQL too). BENCH_LISTINGS
 * generated listings (default 1,000,000) on the demo cities' ZIPs, with their price cuts (a third of
 * them), 2 sales and 0.9 leases a listing over 36 months, set-based in SQL. Then, BENCH_RUNS times
 * (default 3):
 *  - the aggregates rebuilt (docs/markets.md), as the worker does it;
 *  - a market's series (GET /api/v1/auth/market-trends, 36 months, a city or a ZIP at random, one
 *    caller): p50 / p95 over BENCH_TRENDS_CALLS calls (default 200), and three markets compared;
 *  - a 100,000-row import (listings and their sales) and the rebuild that brings the figures up to date.
 * Targets (issue 39): a series ≤ 50 ms p95 at 1M listings; up to date ≤ 10 s after a 100,000-row import.
 * BENCH_EXPLAIN=1 also prints the rebuild statement's plan with its timings, of every month and of the
 * months after the first import.
 * Prints figures; never fails on speed.
 */
import { sql } from 'kysely';
import { demoCities } from '../../src/server/modules/demo-data/cities';
import { createMarketTrendsRepository } from '../../src/server/modules/market-trends';
import { forTrendStatement } from '../../src/server/modules/market-trends/repository';
import { trendRowsQuery } from '../../src/server/modules/market-trends/trend-sql';
import { refreshPlaces } from '../../src/server/modules/places';
import { MAX_TREND_MONTHS } from '../../src/shared/schemas/market-trends';
import { addMonths, monthOf } from '../../src/shared/trends';
import type { Db } from '../../src/server/db/database';
import { BENCH_DATABASES, ms, openBenchApp, printTable, type Bench } from './bench-utils';
import { positiveInt } from '../support/env';
import { formatCount, minMedian, percentile } from '../support/figures';

const LISTINGS = positiveInt('BENCH_LISTINGS', 1_000_000);
const RUNS = positiveInt('BENCH_RUNS', 3);
const CALLS = positiveInt('BENCH_TRENDS_CALLS', 200);
const IMPORT_ROWS = 100_000;
const CHUNK = 100_000;

/** The demo cities' ZIPs as a table to generate from: (n, city, state, zip, latitude, longitude, $/sq ft). */
async function zipTable(db: Db): Promise<number> {
  const rows = demoCities().flatMap((c) =>
    c.zips.map((z) => ({
      city: c.city,
      state: c.state,
      zip: z.zip,
      lat: z.latitude,
      lng: z.longitude,
      psf: c.pricePerSqft * z.priceFactor,
    })),
  );
  await sql`create table bench_zips (n int primary key, city text, state text, zip text, lat float8, lng float8, psf float8)`.execute(
    db,
  );
  await sql`insert into bench_zips select * from jsonb_to_recordset(${JSON.stringify(rows.map((r, n) => ({ n, ...r })))}::jsonb)
    as t(n int, city text, state text, zip text, lat float8, lng float8, psf float8)`.execute(db);
  return rows.length;
}

/**
 * Listings `from`…`to` − 1, with their cuts, sales and leases; `key` keeps a later import's keys apart.
 * Days on market as the demo's (log-normal, median 58, at most 720: market-time.ts); sales and leases
 * over the last `closedDays` days. An import (`closedDays` under three years) brings listings new to the
 * market in those days.
 */
async function generate(db: Db, zips: number, from: number, to: number, key: string, closedDays = 1095): Promise<void> {
  await sql`
    insert into properties (listing_key, list_price, original_list_price, area, beds, baths_full, city, state, zip, latitude, longitude,
      on_market_date, off_market_at, off_market_status, created_at, updated_at, needs_recompute)
    select ${key} || g, round(z.psf * a.area * (0.85 + 0.3 * random())), null, a.area, 3, 2, z.city, z.state, z.zip,
      z.lat + (random() - 0.5) * 0.04, z.lng + (random() - 0.5) * 0.04,
      current_date - case when ${closedDays} < 1095 then (random() * ${closedDays})::int
        else least(720, greatest(1, round(58 * exp(0.95 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())))))::int end,
      case when g % 10 = 0 then now() - (random() * 300)::int * interval '1 day' end,
      case when g % 10 = 0 then 'Withdrawn' end,
      now(), now(), false
    from generate_series(${from}::int, ${to - 1}::int) g
    join bench_zips z on z.n = g % ${zips}
    cross join lateral (select 900 + (g * 37) % 2100 as area) a`.execute(db);
  // As a feed that has run for years holds them: each written when it came on the market (the listings'
  // figures start with the first month the database held listings: docs/markets.md).
  if (closedDays >= 1095) {
    await sql`update properties set created_at = on_market_date::timestamptz
      where listing_key like ${`${key}%`} and substr(listing_key, ${key.length + 1})::int between ${from} and ${to - 1}`.execute(
      db,
    );
  }
  // A third of them cut once, 5 % between their listing day and today.
  await sql`
    with cut as (
      update properties p set original_list_price = round(p.list_price / 0.95),
        price_changed_at = p.on_market_date + ((current_date - p.on_market_date) * random())::int * interval '1 day' + interval '10 hours'
      where p.listing_key like ${`${key}%`} and substr(p.listing_key, ${key.length + 1})::int between ${from} and ${to - 1}
        and substr(p.listing_key, ${key.length + 1})::int % 3 = 0
      returning p.id, p.original_list_price, p.list_price, p.price_changed_at)
    insert into price_history (property_id, old_price, new_price, changed_at) select id, original_list_price, list_price, price_changed_at from cut`.execute(
    db,
  );
  await sql`
    insert into sold_comps (listing_key, close_price, list_price, close_date, area, beds, baths_full, city, state, zip, latitude, longitude, created_at, updated_at)
    select ${key} || 'S' || g || '-' || k, round(z.psf * a.area * exp(0.12 * (random() + random() + random() - 1.5) * 2)), null,
      current_date - (random() * ${closedDays})::int, a.area, 3, 2, z.city, z.state, z.zip,
      z.lat + (random() - 0.5) * 0.04, z.lng + (random() - 0.5) * 0.04, now(), now()
    from generate_series(${from}::int, ${to - 1}::int) g cross join generate_series(0, 1) k
    join bench_zips z on z.n = (g + k) % ${zips}
    cross join lateral (select 900 + ((g + k) * 41) % 2100 as area) a`.execute(db);
  await sql`update sold_comps set list_price = round(close_price / (0.97 + 0.06 * random())) where list_price is null`.execute(
    db,
  );
  await sql`
    insert into leases (listing_key, rent, close_date, area, beds, baths_full, city, state, zip, latitude, longitude, created_at, updated_at)
    select ${key} || 'R' || g, round(a.area * (0.9 + 0.5 * random())), current_date - (random() * ${closedDays})::int, a.area, 2, 1,
      z.city, z.state, z.zip, z.lat + (random() - 0.5) * 0.04, z.lng + (random() - 0.5) * 0.04, now(), now()
    from generate_series(${from}::int, ${to - 1}::int) g
    join bench_zips z on z.n = g % ${zips}
    cross join lateral (select 700 + (g * 43) % 1500 as area) a
    where g % 10 < 9`.execute(db);
}

/** The rebuild statement's plan with its timings, under the settings the rebuild runs with. */
async function explainRebuild(db: Db, from: string): Promise<string> {
  const plan = await db.transaction().execute(async (trx) => {
    await forTrendStatement(trx);
    return sql<{ 'QUERY PLAN': string }>`explain (analyze, verbose off) ${trendRowsQuery({ start: from })}`.execute(trx);
  });
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

const start = () => `${addMonths(monthOf(new Date()), 1 - MAX_TREND_MONTHS)}-01`;

async function rebuild(db: Db, from = start()): Promise<{ ms: number; rows: number }> {
  const repository = createMarketTrendsRepository(db);
  const t0 = performance.now();
  const rows = await repository.rebuild({ start: from < start() ? start() : from }, await repository.fingerprint());
  return { ms: performance.now() - t0, rows };
}

export const bench: Bench = {
  name: `trends: market series over ${formatCount(LISTINGS)} generated listings`,
  async run() {
    const rows: Array<Record<string, string | number>> = [];
    for (const database of BENCH_DATABASES) {
      const t = await openBenchApp(database);
      try {
        const db = t.db;
        const zips = await zipTable(db);
        const t0 = performance.now();
        for (let from = 0; from < LISTINGS; from += CHUNK) {
          await generate(db, zips, from, Math.min(LISTINGS, from + CHUNK), 'B');
          console.log(`  [${database.name}] … ${formatCount(Math.min(LISTINGS, from + CHUNK))} listings with their records`);
        }
        await refreshPlaces(db);
        await sql`analyze`.execute(db);
        const counts = await sql<{ sales: number; leases: number; cuts: number }>`
          select (select count(*)::int from sold_comps) as sales, (select count(*)::int from leases) as leases,
            (select count(*)::int from price_history) as cuts`.execute(db);
        console.log(
          `[${database.name}] ${formatCount(LISTINGS)} listings, ${formatCount(counts.rows[0].sales)} sales, ${formatCount(counts.rows[0].leases)} leases, ` +
            `${formatCount(counts.rows[0].cuts)} price cuts generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
        );
        const markets = (
          await sql<{ id: string }>`select kind || ':' || key as id from places order by listings desc`.execute(db)
        ).rows.map((r) => r.id);

        if (process.env.BENCH_EXPLAIN) {
          console.log(await explainRebuild(db, start()));
        }
        const rebuilds: number[] = [];
        let marketMonths = 0;
        const p50s: number[] = [];
        const p95s: number[] = [];
        const compared: number[] = [];
        const imports: number[] = [];
        let importedFrom = '';
        for (let run = 0; run < RUNS; run++) {
          const auth = { authorization: `Bearer ${await t.freshToken()}` };
          const built = await rebuild(db);
          rebuilds.push(built.ms);
          marketMonths = built.rows;
          const times: number[] = [];
          for (let i = 0; i < CALLS; i++) {
            const market = markets[(i * 7919 + run) % markets.length];
            const c0 = performance.now();
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/v1/auth/market-trends?markets=${encodeURIComponent(market)}`,
              headers: auth,
            });
            times.push(performance.now() - c0);
            if (res.statusCode !== 200) throw new Error(`GET market-trends ${market}: ${res.statusCode} ${res.body}`);
          }
          times.sort((a, b) => a - b);
          p50s.push(percentile(times, 0.5));
          p95s.push(percentile(times, 0.95));
          const c0 = performance.now();
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/auth/market-trends?markets=${encodeURIComponent(markets.slice(0, 3).join(','))}&months=120`,
            headers: auth,
          });
          compared.push(performance.now() - c0);
          // An import of 100,000 rows (listings and their records), then the rebuild that takes it in.
          // New listings, and sales and leases of the last month, as a day's feed brings them; the
          // rebuild takes the months they can move, as the worker does (trends-worker.ts).
          const base = LISTINGS + run * IMPORT_ROWS;
          const builtAt = (await createMarketTrendsRepository(db).builtFrom())!.refreshedAt;
          await generate(db, zips, base, base + IMPORT_ROWS / 4, `I${run}-`, 30);
          if (process.env.BENCH_EXPLAIN && run === 0) {
            const from = (await createMarketTrendsRepository(db).firstChangedMonth(builtAt)) ?? start();
            console.log(`The rebuild after the import, from ${from}:\n${await explainRebuild(db, from)}`);
          }
          const i0 = performance.now();
          const since = await createMarketTrendsRepository(db).firstChangedMonth(builtAt);
          await rebuild(db, since ?? undefined);
          imports.push(performance.now() - i0);
          importedFrom = since ?? '';
        }
        const seconds = (v: number) => (v / 1000).toFixed(1);
        rows.push({
          database: database.name,
          'market-months': formatCount(marketMonths),
          'rebuild s (min / median)': minMedian(rebuilds, seconds),
          'series p50 ms': minMedian(p50s, ms),
          'series p95 ms': minMedian(p95s, ms),
          '3 markets × 120 months ms': minMedian(compared, ms),
          'after a 100k-row import, s': minMedian(imports, seconds),
          'rebuilt from': importedFrom.slice(0, 7),
        });
      } finally {
        await t.close();
      }
    }
    printTable(`Market trends, ${formatCount(LISTINGS)} listings (min / median of ${RUNS} runs)`, rows);
  },
};
