/**
 * Accuracy bench: `npm run bench -- accuracy` (with DATABASE_URL, PostgreSQL too). The backtest as the
 * server runs it (`runAccuracyBacktest`: read the closed sales and leases a page at a time, estimate
 * every one of the last 12 months as of the day before it closed, store the figures), over the demo
 * generator's sales and leases of BENCH_ACCURACY_LISTINGS listings (default 20,000: the default demo;
 * 1000000: the 1M-listing set, ≈ 2 M sales and 0.9 M leases), BENCH_RUNS times (default 3).
 * Prints the seconds (min / median), what the reads alone take, outcomes a second, and the process's
 * peak RSS (PGlite runs in this process: its buffers count too). Targets (issue 37): ≤ 30 s for the
 * default demo, ≤ 10 min for the 1M set, on both databases. Prints figures; never fails on speed.
 */
import { DEFAULT_DEMO_SEED, DEMO_AS_OF, demoItem } from '../../src/server/modules/demo-data/generator';
import { runAccuracyBacktest } from '../../src/server/modules/accuracy';
import {
  createListingsRepository,
  readClosedPage,
  upsertLeases,
  type LeaseRecord,
  type SoldRecord,
} from '../../src/server/modules/listings';
import type { Db } from '../../src/server/db/database';
import { median } from '../../src/shared/stats';
import { BENCH_DATABASES, freshDatabase, printTable, type Bench } from './bench-utils';
import { positiveInt } from '../support/env';
import { formatCount, minMedian } from '../support/figures';

const LISTINGS = positiveInt('BENCH_ACCURACY_LISTINGS', 20_000);
const RUNS = positiveInt('BENCH_RUNS', 3);
/** Listings generated (and their records written) at a time. */
const CHUNK = 2500;

/** The demo's sales and leases of `listings` listings (no listings: the backtest reads none). */
async function loadClosed(db: Db, listings: number): Promise<{ sales: number; leases: number; seconds: number }> {
  const started = performance.now();
  const repository = createListingsRepository(db);
  let sales = 0;
  let leases = 0;
  for (let from = 0; from < listings; from += CHUNK) {
    const sold: SoldRecord[] = [];
    const rentals: LeaseRecord[] = [];
    for (let i = from; i < Math.min(listings, from + CHUNK); i++) {
      const item = demoItem(DEFAULT_DEMO_SEED, i, DEMO_AS_OF);
      sold.push(...item.sold);
      rentals.push(...item.leases);
    }
    await repository.upsertSold(sold);
    await upsertLeases(db, rentals);
    sales += sold.length;
    leases += rentals.length;
    if ((from / CHUNK) % 40 === 39) console.log(`  … ${formatCount(from + CHUNK)} listings' records written`);
  }
  return { sales, leases, seconds: (performance.now() - started) / 1000 };
}

/** The reads alone, as the backtest makes them. */
async function readSeconds(db: Db): Promise<number> {
  const started = performance.now();
  for (const kind of ['value', 'rent'] as const) {
    for (let after: string | null = null; ;) {
      const page = await readClosedPage(db, kind, '1900-01-01', after, 5000);
      if (page.length < 5000) break;
      after = page[page.length - 1].id;
    }
  }
  return (performance.now() - started) / 1000;
}

export const bench: Bench = {
  name: `accuracy: the backtest over the sales and leases of ${formatCount(LISTINGS)} demo listings`,
  async run() {
    const rows: Array<Record<string, string | number>> = [];
    for (const database of BENCH_DATABASES) {
      const fresh = await freshDatabase(database);
      try {
        const db = fresh.database.db;
        const load = await loadClosed(db, LISTINGS);
        console.log(
          `[${database.name}] ${formatCount(load.sales)} sales and ${formatCount(load.leases)} leases written in ${load.seconds.toFixed(0)} s`,
        );
        const seconds: number[] = [];
        const reads: number[] = [];
        let peakRss = process.memoryUsage.rss();
        let outcomes = 0;
        for (let run = 0; run < RUNS; run++) {
          reads.push(await readSeconds(db));
          const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
          const started = performance.now();
          try {
            const { result } = await runAccuracyBacktest(db, 'admin');
            outcomes = result.counts.value.estimated + result.counts.rent.estimated;
            if (run === 0) {
              console.log(
                `[${database.name}] ${formatCount(result.counts.value.estimated)} of ${formatCount(result.counts.value.tested)} sales and ${formatCount(result.counts.rent.estimated)} of ${formatCount(result.counts.rent.tested)} leases of the last 12 months estimated`,
              );
            }
          } finally {
            clearInterval(sample);
          }
          seconds.push((performance.now() - started) / 1000);
          console.log(
            `[${database.name}] run ${run + 1}: ${seconds[run].toFixed(1)} s (the reads alone ${reads[run].toFixed(1)} s)`,
          );
        }
        rows.push({
          database: database.name,
          listings: formatCount(LISTINGS),
          'sales / leases': `${formatCount(load.sales)} / ${formatCount(load.leases)}`,
          runs: RUNS,
          'backtest s min / median': minMedian(seconds, (v) => v.toFixed(1)),
          'of which reads s': minMedian(reads, (v) => v.toFixed(1)),
          'outcomes/s (median)': formatCount(outcomes / median(seconds)),
          'peak RSS MB': formatCount(peakRss / 2 ** 20),
        });
      } finally {
        await fresh.close();
      }
    }
    printTable(`The backtest (${formatCount(LISTINGS)} demo listings' sales and leases)`, rows);
  },
};
