/**
 * Bulk listings bench: `npm run bench -- bulk-listings` (with DATABASE_URL, PostgreSQL too).
 *  - Re-pricing: BENCH_REPRICE_LISTINGS (default 100,000) generated listings with stored engine inputs
 *    (two markets with assumption overrides), priced once, then a new latest 30-year rate is added
 *    and `recomputeForRate` re-prices all of them, BENCH_RUNS times (default 3): listings/s and the
 *    longest batch (the longest the database is held between two yields to requests).
 *  - Import: a RESO CSV of BENCH_IMPORT_ROWS rows (default 100,000: demo listings, their sold
 *    comps and the leases around them) imported with `npm run import`'s code into a fresh database (PGlite in a temporary
 *    directory, as the CLI uses it; PostgreSQL in a fresh schema), BENCH_RUNS times: rows/s of the
 *    load, then the comps/results recomputation's listings/s (and its lease comps' rent estimates
 *    alone: their reads and selection), and the process's peak RSS during the load (PGlite runs in
 *    this process: its buffers count too).
 * BENCH_PARTS=reprice or import runs one part; BENCH_DBS=pglite or postgres one database.
 * Prints min / median of the runs; never fails on speed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { DEMO_CITIES } from '../../src/server/modules/demo-data/cities';
import { demoItem } from '../../src/server/modules/demo-data/generator';
import { RESO_COLUMNS, demoResoRows } from '../../src/server/modules/demo-data/reso';
import { csvField } from '../../src/server/lib/csv';
import { importFile } from '../../src/server/modules/feed-import/importer';
import { recomputeDirty, recomputeForRate } from '../../src/server/modules/listings';
import { assumptionsFor, strategyCalculator, type EngineInputs } from '../../src/server/modules/listings/analysis';
import { BENCH_DATABASES, freshDatabase, printTable, type Bench, type BenchDatabase } from './bench-utils';
import { positiveInt } from '../support/env';
import { formatCount, minMedian } from '../support/figures';

const REPRICE_LISTINGS = positiveInt('BENCH_REPRICE_LISTINGS', 100_000);
const IMPORT_ROWS = positiveInt('BENCH_IMPORT_ROWS', 100_000);
const RUNS = positiveInt('BENCH_RUNS', 3);
const PARTS = (process.env.BENCH_PARTS ?? 'reprice,import').split(',');

/** Listings with engine inputs, set-based; results to be computed. */
async function generateListings(database: Database, n: number): Promise<void> {
  const db = database.db;
  const cities = DEMO_CITIES.map((c) => c.city);
  const states = DEMO_CITIES.map((c) => c.state);
  const chunk = 50_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk) - 1;
    await sql`
      insert into properties (listing_key, list_price, remarks, beds, baths_full, baths_half, baths_three_quarter, area,
        address_full, city, state, zip, latitude, longitude, monthly_rent, rehab_estimate, arv_estimate, nightly_rate,
        comp_ids, deal_status, marker_color, confidence, inputs, needs_recompute)
      select 'BENCH-' || g, v.price,
        'Move-in ready: ' || (1 + g % 5) || ' bed, 2 bath home of ' || v.area || ' sq ft with a fenced yard and an updated kitchen. Schedule a showing today.',
        1 + g % 5, 1 + g % 3, g % 2, 0, v.area, g || ' BENCH ST',
        (${cities}::text[])[1 + g % ${cities.length}::int], (${states}::text[])[1 + g % ${cities.length}::int], '78701',
        30 + (g % 1000) * 0.01, -100 + (g / 1000) * 0.01, v.rent, v.rehab, v.arv, v.nightly,
        '{}', 'Market Price', '{"background":"#06b6d4","borderColor":"#0e7490","glyphColor":"#ffffff"}'::jsonb,
        '{"compCount":0,"spreadPercent":null,"newestSaleDays":null}'::jsonb,
        json_build_object('purchasePrice', v.price, 'monthlyRent', v.rent, 'rehabEstimate', v.rehab, 'arvEstimate', v.arv,
          'nightlyRate', v.nightly, 'squareFeet', v.area), false
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (100000 + (g::bigint * 7919) % 500000)::float8 as price, 900 + (g * 31) % 2500 as area) p
      cross join lateral (select p.price, p.area, round(p.price * (0.005 + (g % 7) * 0.0007) / 25) * 25 as rent,
        round(p.price * 0.05 / 500) * 500 as rehab, round(p.price * 1.12 / 1000) * 1000 as arv, 150 + g % 200 as nightly) v`.execute(
      db,
    );
  }
  await sql`
    insert into markets (city, state, assumptions) values
      ('Austin', 'TX', '{"operating":{"vacancyPercent":6}}'::jsonb),
      ('Denver', 'CO', '{"financing":{"downPaymentPercent":20}}'::jsonb)
    on conflict do nothing`.execute(db);
}

let rateWeek = 0;
/** A new latest 30-year rate (a later week each time). */
async function addRate(database: Database): Promise<void> {
  rateWeek++;
  await sql`
    insert into rates (product, rate, as_of, source)
    values ('30-Year Fixed', ${6 + rateWeek * 0.03}, ${'2030-01-01'}::date + ${rateWeek * 7}::int, 'bench')`.execute(database.db);
}

interface Pass {
  listings: number;
  seconds: number;
  longestBatchMs: number;
}

async function reprice(database: Database): Promise<Pass> {
  let last = performance.now();
  let longest = 0;
  const start = performance.now();
  const listings = await recomputeForRate(database.db, {
    onProgress: () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    },
    // The server's yield between batches (listings/recomputer.ts); the clock restarts after it.
    pause: () => new Promise((resolve) => setImmediate(() => resolve(void (last = performance.now())))),
  });
  return { listings, seconds: (performance.now() - start) / 1000, longestBatchMs: longest };
}

const maxOf = (values: number[]) => formatCount(Math.max(...values));

async function repriceBench(): Promise<Array<Record<string, string | number>>> {
  const rows: Array<Record<string, string | number>> = [];
  for (const database of BENCH_DATABASES) {
    const fresh = await freshDatabase(database);
    try {
      const genStart = Date.now();
      await generateListings(fresh.database, REPRICE_LISTINGS);
      await addRate(fresh.database);
      const first = await reprice(fresh.database);
      console.log(
        `[${database.name}] ${formatCount(REPRICE_LISTINGS)} listings generated and first priced in ${((Date.now() - genStart) / 1000).toFixed(1)} s (first pricing ${formatCount(first.listings / first.seconds)}/s)`,
      );
      const passes: Pass[] = [];
      for (let run = 0; run < RUNS; run++) {
        await addRate(fresh.database);
        const pass = await reprice(fresh.database);
        if (pass.listings !== REPRICE_LISTINGS) throw new Error(`re-priced ${pass.listings} of ${REPRICE_LISTINGS} listings`);
        console.log(
          `[${database.name}] run ${run + 1}: ${formatCount(pass.listings / pass.seconds)} listings/s, longest batch ${formatCount(pass.longestBatchMs)} ms`,
        );
        passes.push(pass);
      }
      rows.push({
        database: database.name,
        listings: formatCount(REPRICE_LISTINGS),
        runs: RUNS,
        'listings/s min / median': minMedian(passes.map((p) => p.listings / p.seconds)),
        'seconds min / median': passes.length
          ? minMedian(
              passes.map((p) => p.seconds),
              (v) => v.toFixed(1),
            )
          : '',
        'longest batch ms (max)': maxOf(passes.map((p) => p.longestBatchMs)),
      });
    } finally {
      await fresh.close();
    }
  }
  return rows;
}

/** A RESO CSV of `rows` rows: demo listings (seed 7), each followed by its sold comps and leases. */
async function writeFeed(file: string, rows: number): Promise<{ listings: number; sold: number; leases: number }> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await write(`${RESO_COLUMNS.join(',')}\n`);
  let written = 0;
  let listings = 0;
  let leases = 0;
  for (let i = 0; written < rows; i++) {
    const item = demoItem(7, i);
    const records = demoResoRows(item);
    listings++;
    for (const record of records.slice(0, rows - written)) {
      await write(`${RESO_COLUMNS.map((c) => csvField(record[c] ?? '')).join(',')}\n`);
      if (record.PropertyType === 'ResidentialLease') leases++;
      written++;
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return { listings, sold: rows - listings - leases, leases };
}

interface ImportRun {
  rowsPerSecond: number;
  recomputePerSecond: number;
  /** The lease comps' rent estimates alone (their reads and selection), listings/s. */
  rentEstimatePerSecond: number;
  /** Of which the selection and the maths in Node, listings/s. */
  rentSelectPerSecond: number;
  /** The time the value estimates and the market models' fit took, as percent of the recomputation's other time. */
  valueSharePercent: number;
  modelSharePercent: number;
  peakRssMb: number;
  baseRssMb: number;
}

async function importOnce(database: BenchDatabase, file: string): Promise<ImportRun> {
  const fresh = await freshDatabase(database);
  try {
    global.gc?.();
    const baseRss = process.memoryUsage.rss();
    let peakRss = baseRss;
    const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const start = performance.now();
    let summary;
    try {
      summary = await importFile(fresh.database.db, file, {
        recompute: false,
        exclusive: fresh.database.kind === 'pglite', // as the CLI
        onProgress: () => (peakRss = Math.max(peakRss, process.memoryUsage.rss())),
      });
    } finally {
      clearInterval(sample);
    }
    const loadSeconds = (performance.now() - start) / 1000;
    if (summary.rejected) throw new Error(`${summary.rejected} rows rejected: see ${summary.rejectedFile}`);
    const recomputeStart = performance.now();
    const timings = { leaseReadSeconds: 0, leaseSelectSeconds: 0, valueSeconds: 0, modelSeconds: 0 };
    const recomputed = await recomputeDirty(fresh.database.db, { timings });
    const recomputeSeconds = (performance.now() - recomputeStart) / 1000;
    return {
      rowsPerSecond: summary.rows / loadSeconds,
      recomputePerSecond: recomputed / recomputeSeconds,
      // What the value estimates (and the market models' fit) add to the recomputation without them.
      valueSharePercent: (100 * timings.valueSeconds) / (recomputeSeconds - timings.valueSeconds - timings.modelSeconds),
      modelSharePercent: (100 * timings.modelSeconds) / (recomputeSeconds - timings.valueSeconds - timings.modelSeconds),
      rentEstimatePerSecond: recomputed / (timings.leaseReadSeconds + timings.leaseSelectSeconds),
      rentSelectPerSecond: recomputed / timings.leaseSelectSeconds,
      peakRssMb: peakRss / 2 ** 20,
      baseRssMb: baseRss / 2 ** 20,
    };
  } finally {
    await fresh.close();
  }
}

async function importBench(): Promise<Array<Record<string, string | number>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-feed-'));
  const file = path.join(dir, 'feed.csv');
  try {
    const feed = await writeFeed(file, IMPORT_ROWS);
    console.log(
      `Feed: ${formatCount(IMPORT_ROWS)} rows (${formatCount(feed.listings)} listings, ${formatCount(feed.sold)} sold comps, ${formatCount(feed.leases)} leases: ${((feed.leases / IMPORT_ROWS) * 100).toFixed(0)} %), ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB`,
    );
    const rows: Array<Record<string, string | number>> = [];
    for (const database of BENCH_DATABASES) {
      const runs: ImportRun[] = [];
      for (let run = 0; run < RUNS; run++) {
        const r = await importOnce(database, file);
        console.log(
          `[${database.name}] run ${run + 1}: load ${formatCount(r.rowsPerSecond)} rows/s, recompute ${formatCount(r.recomputePerSecond)} listings/s (rent estimates alone ${formatCount(r.rentEstimatePerSecond)}/s, their selection ${formatCount(r.rentSelectPerSecond)}/s; the value estimates add ${r.valueSharePercent.toFixed(1)} %, the market models' fit ${r.modelSharePercent.toFixed(1)} %), RSS ${formatCount(r.baseRssMb)} → peak ${formatCount(r.peakRssMb)} MB`,
        );
        runs.push(r);
      }
      rows.push({
        database: database.name,
        rows: formatCount(IMPORT_ROWS),
        runs: RUNS,
        'load rows/s min / median': minMedian(runs.map((r) => r.rowsPerSecond)),
        'recompute listings/s min / median': minMedian(runs.map((r) => r.recomputePerSecond)),
        'rent estimates listings/s min / median': minMedian(runs.map((r) => r.rentEstimatePerSecond)),
        'their selection listings/s min / median': minMedian(runs.map((r) => r.rentSelectPerSecond)),
        'value estimates add % (max)': Math.max(...runs.map((r) => r.valueSharePercent)).toFixed(1),
        'model fit adds % (max)': Math.max(...runs.map((r) => r.modelSharePercent)).toFixed(1),
        'peak RSS MB (max; start)': `${maxOf(runs.map((r) => r.peakRssMb))} (${formatCount(runs[0].baseRssMb)})`,
      });
    }
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The engine alone on this machine right now (all four strategies, built inputs reused): a yardstick
 * for how busy the shared machine was (~760,000–1,000,000/s when quiet, docs/listings.md).
 */
function engineYardstick(): number {
  const inputs: EngineInputs[] = Array.from({ length: 50_000 }, (_, i) => ({
    purchasePrice: 100_000 + ((i * 7919) % 500_000),
    monthlyRent: 900 + (i % 2000),
    rehabEstimate: (i * 31) % 60_000,
    arvEstimate: 120_000 + ((i * 7919) % 550_000),
    nightlyRate: 120 + (i % 200),
    squareFeet: 900 + ((i * 31) % 2500),
  }));
  const calc = strategyCalculator(assumptionsFor(6.26));
  let best = 0;
  for (let rep = 0; rep < 3; rep++) {
    const start = performance.now();
    for (const i of inputs) calc(i);
    best = Math.max(best, inputs.length / ((performance.now() - start) / 1000));
  }
  return best;
}

export const bench: Bench = {
  name: 'bulk listings: re-pricing for a new rate, feed import',
  async run() {
    console.log(`Engine alone (yardstick of the machine's load): ${formatCount(engineYardstick())} properties/s`);
    if (PARTS.includes('reprice')) printTable('Re-pricing for a new latest rate (recomputeForRate)', await repriceBench());
    if (PARTS.includes('import')) printTable('Feed import (npm run import: load, then comps/results)', await importBench());
    console.log(`Engine alone, at the end: ${formatCount(engineYardstick())} properties/s`);
  },
};
