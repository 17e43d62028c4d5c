/**
 * Saved-search alerts bench: `npm run bench -- alerts` (with DATABASE_URL, PostgreSQL too).
 *
 * Per database, as `npm run import` and the server's alert worker do it:
 *  1. a RESO feed of BENCH_ALERT_ROWS rows (default 100,000: demo listings, seed 7, and their sold
 *     comps) imported into a fresh database (PGlite in a temporary directory, as the CLI uses it;
 *     PostgreSQL in a fresh schema), comps and results computed;
 *  2. BENCH_ALERT_SEARCHES saved searches (default 10,000, of 2,000 users) over the 20 demo cities:
 *     views from a few blocks to a large part of a city around a listing, with varied filters (price,
 *     beds, deal, a strategy's minimum cash-on-cash, price cut, days on market) and alerts (70 %
 *     instant, 25 % daily, 5 % off); then the first matching pass (every listing of the import is
 *     newer than the watermark, none newer than the searches: their baseline; the cash-on-cash
 *     snapshot is made);
 *  3. the same feed again with 5 % of the listings' prices changed (four in five cut by 3–12 %, one
 *     in five raised by 2–6 %): the import's time, the change signal's own time, then the matching
 *     pass over the changed listings (time, matches by reason) and the delivery of the instant e-mails
 *     due (built and handed to a mailer that keeps nothing);
 *  4. that feed once more: nothing changed, nothing matched.
 * BENCH_DBS=pglite or postgres runs one database. Prints figures; never fails on speed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { seed } from '../../src/server/seed';
import { csvField } from '../../src/server/lib/csv';
import { runMatchingPass, type PassResult } from '../../src/server/modules/alerts';
import { deliverDue } from '../../src/server/modules/alerts/delivery/delivery';
import { DEMO_CITIES } from '../../src/server/modules/demo-data/cities';
import { demoItem } from '../../src/server/modules/demo-data/generator';
import { mulberry32, pick, uniform, type Rng } from '../../src/server/modules/demo-data/random';
import { RESO_COLUMNS, demoResoRows } from '../../src/server/modules/demo-data/reso';
import { importFile } from '../../src/server/modules/feed-import/importer';
import { noteListingsChanged, recomputeForRate } from '../../src/server/modules/listings';
import { createMailService } from '../../src/server/modules/mail';
import { STRATEGY_KEYS } from '../../src/shared/vocabulary';
import { BENCH_DATABASES, freshDatabase, printTable, type Bench, type BenchDatabase } from './bench-utils';
import { positiveInt } from '../support/env';
import { formatCount } from '../support/figures';

const FEED_ROWS = positiveInt('BENCH_ALERT_ROWS', 100_000);
const SEARCHES = positiveInt('BENCH_ALERT_SEARCHES', 10_000);
const USERS = Math.max(1, Math.round(SEARCHES / 5));
const CHANGED_SHARE = 0.05;

const secs = (n: number) => n.toFixed(2);

interface FeedListing {
  key: string;
  price: number;
  city: string;
  latitude: number;
  longitude: number;
}

/**
 * A RESO CSV of `rows` rows (demo listings of seed 7, each followed by its sold comps); `priceOf`
 * changes a listing's price. Returns the listings written.
 */
async function writeFeed(file: string, rows: number, priceOf: (listing: FeedListing, index: number) => number) {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await write(`${RESO_COLUMNS.join(',')}\n`);
  const listings: FeedListing[] = [];
  let written = 0;
  for (let i = 0; written < rows; i++) {
    const item = demoItem(7, i);
    const l = item.listing;
    const listing = { key: l.listing_key, price: l.list_price, city: l.city, latitude: l.latitude, longitude: l.longitude };
    listing.price = priceOf(listing, listings.length);
    const records = demoResoRows(item);
    records[0] = { ...records[0], ListPrice: listing.price };
    listings.push(listing);
    for (const record of records.slice(0, rows - written)) {
      await write(`${RESO_COLUMNS.map((c) => csvField(record[c] ?? '')).join(',')}\n`);
      written++;
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return listings;
}

/** The changed price of about CHANGED_SHARE of the listings (deterministic), or the same price. */
function changedPrice(listing: FeedListing, index: number): number {
  const rng = mulberry32(index * 2654435761);
  if (rng() >= CHANGED_SHARE) return listing.price;
  const factor = rng() < 0.8 ? 1 - uniform(rng, 0.03, 0.12) : 1 + uniform(rng, 0.02, 0.06);
  return Math.round((listing.price * factor) / 500) * 500;
}

/** A saved search over a demo city: a view around one of its listings and some of the search page's filters. */
function searchRow(rng: Rng, userId: string, n: number, byCity: Map<string, FeedListing[]>) {
  const city = pick(rng, DEMO_CITIES);
  const around = pick(rng, byCity.get(city.city) ?? [...byCity.values()][0]);
  // Half-sizes from a few blocks to a large part of the city (degrees).
  const half = Math.exp(uniform(rng, Math.log(0.01), Math.log(0.12)));
  const strategy = rng() < 0.3 ? pick(rng, STRATEGY_KEYS) : null;
  const r = () => rng();
  return {
    user_id: userId,
    name: `Bench ${n}`,
    south: around.latitude - half,
    north: around.latitude + half,
    west: around.longitude - half * 1.2,
    east: around.longitude + half * 1.2,
    min_price: r() < 0.2 ? Math.round(around.price * uniform(rng, 0.4, 0.8)) : null,
    max_price: r() < 0.5 ? Math.round(around.price * uniform(rng, 1, 2)) : null,
    min_beds: r() < 0.3 ? pick(rng, [2, 3, 4]) : null,
    min_baths: r() < 0.15 ? pick(rng, [1.5, 2]) : null,
    deal: r() < 0.2 ? (r() < 0.5 ? ['Good Deal'] : ['Good Deal', 'Market Price']) : null,
    strategy,
    min_coc: strategy && r() < 0.8 ? Math.round(uniform(rng, 0, 12)) : null,
    min_days: r() < 0.05 ? pick(rng, [7, 30]) : null,
    max_days: r() < 0.05 ? pick(rng, [60, 180]) : null,
    min_cut: r() < 0.1 ? pick(rng, [0, 0, 5]) : null,
    alert: r() < 0.7 ? 'instant' : r() < 0.83 ? 'daily' : 'off',
  };
}

async function addSearches(database: Database, listings: FeedListing[]): Promise<void> {
  const db = database.db;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Investor').executeTakeFirstOrThrow();
  const users = await sql<{ id: string }>`
    insert into users (first_name, last_name, username, password_hash, role_id)
    select 'Bench', 'User ' || g, 'bench.user.' || g || '@example.com', 'not-a-hash', ${role.id}::uuid
    from generate_series(1, ${USERS}::int) g
    returning id`.execute(db);
  const byCity = new Map<string, FeedListing[]>();
  for (const l of listings) {
    let list = byCity.get(l.city);
    if (!list) byCity.set(l.city, (list = []));
    list.push(l);
  }
  const rng = mulberry32(28);
  const rows = Array.from({ length: SEARCHES }, (_, n) => searchRow(rng, users.rows[n % users.rows.length].id, n, byCity));
  for (let from = 0; from < rows.length; from += 2000) {
    await sql`
      insert into saved_searches (user_id, name, south, west, north, east, min_price, max_price, min_beds, min_baths, deal,
        strategy, min_coc, min_days, max_days, min_cut, alert)
      select user_id, name, south, west, north, east, min_price, max_price, min_beds, min_baths, deal,
        strategy, min_coc, min_days, max_days, min_cut, alert
      from json_to_recordset(${JSON.stringify(rows.slice(from, from + 2000))}::json) as v(user_id uuid, name text,
        south float8, west float8, north float8, east float8, min_price float8, max_price float8, min_beds float8,
        min_baths float8, deal text[], strategy text, min_coc float8, min_days int, max_days int, min_cut float8, alert text)`.execute(
      db,
    );
  }
}

/** A fresh migrated database (bench-utils) with the alerts bench's users and saved searches. */
async function seededDatabase(database: BenchDatabase): Promise<{ database: Database; close(): Promise<void> }> {
  const fresh = await freshDatabase(database);
  await seed(fresh.database.db);
  return fresh;
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await work();
  return [value, (performance.now() - start) / 1000];
};

const found = (pass: PassResult) => pass.matches.new + pass.matches.price_cut + pass.matches.now_pays;

async function benchDatabase(
  database: BenchDatabase,
  files: { first: string; changed: string },
  feeds: { first: FeedListing[]; changed: FeedListing[] },
) {
  const fresh = await seededDatabase(database);
  const { database: d } = fresh;
  const exclusive = d.kind === 'pglite'; // as the CLI
  const pass = () => runMatchingPass(d.db, { kind: d.kind, now: new Date(), pause: () => new Promise((r) => setImmediate(r)) });
  try {
    const [, firstImport] = await timed(() => importFile(d.db, files.first, { exclusive }));
    await addSearches(d, feeds.first);
    const [baseline] = await timed(pass);
    const kept = await sql<{ n: number }>`select count(*)::int as n from alert_listing_cocs`.execute(d.db);
    console.log(
      `[${database.name}] first import ${secs(firstImport)} s; ${formatCount(SEARCHES)} searches; first pass over ${formatCount(baseline.changed)} listings ${secs(baseline.seconds)} s (longest statement ${formatCount(baseline.longestBatchMs)} ms; cash-on-cash snapshot: ${formatCount(kept.rows[0].n)} listings), ${formatCount(found(baseline))} matches`,
    );

    const [summary, changedImport] = await timed(() => importFile(d.db, files.changed, { exclusive }));
    const signals: number[] = [];
    for (let i = 0; i < 9; i++) signals.push((await timed(() => noteListingsChanged(d.db)))[1]);
    const signalMs = signals.sort((a, b) => a - b)[4] * 1000;
    const [matched] = await timed(pass);
    let sentMails = 0;
    const mail = createMailService({
      mailer: { kind: 'custom', send: async () => void sentMails++ },
      from: 'bench@dealmap.test',
      publicUrl: 'https://dealmap.test',
      log: { info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger,
    });
    const [, deliverySeconds] = await timed(() =>
      deliverDue(
        { db: d.db, mail, secret: 'bench-secret', publicUrl: 'https://dealmap.test' },
        { now: new Date(), digestHour: 7, instantDue: true, digestDoneFor: new Date() },
      ),
    );
    console.log(
      `[${database.name}] changed feed: ${formatCount(summary.listings.updated)} listings updated, ${formatCount(summary.recomputed)} recomputed, ${formatCount(summary.priceChanges)} price changes recorded; import ${secs(changedImport)} s, signal ${signalMs.toFixed(1)} ms; pass over ${formatCount(matched.changed)} listings ${secs(matched.seconds)} s (longest statement ${formatCount(matched.longestBatchMs)} ms): ${formatCount(matched.matches.new)} new, ${formatCount(matched.matches.price_cut)} price cuts, ${formatCount(matched.matches.now_pays)} now paying; ${formatCount(sentMails)} instant e-mails built in ${secs(deliverySeconds)} s`,
    );

    const [, againImport] = await timed(() => importFile(d.db, files.changed, { exclusive }));
    const [again] = await timed(pass);
    console.log(
      `[${database.name}] the same feed again: import ${secs(againImport)} s, pass over ${formatCount(again.changed)} listings ${secs(again.seconds)} s, ${formatCount(found(again))} matches`,
    );

    // A new, lower 30-year rate re-prices every listing: the pass then looks at all of them.
    await sql`
      insert into rates (product, rate, as_of, source)
      select '30-Year Fixed', coalesce(min(rate), 6.5) - 1, '2100-01-01', 'bench' from rates`.execute(d.db);
    const [repriced, repriceSeconds] = await timed(() => recomputeForRate(d.db));
    const [afterRate] = await timed(pass);
    console.log(
      `[${database.name}] a lower rate: ${formatCount(repriced)} listings re-priced in ${secs(repriceSeconds)} s; pass over ${formatCount(afterRate.changed)} listings ${secs(afterRate.seconds)} s (longest statement ${formatCount(afterRate.longestBatchMs)} ms): ${formatCount(afterRate.matches.now_pays)} now paying, ${formatCount(found(afterRate) - afterRate.matches.now_pays)} other`,
    );
    return {
      database: database.name,
      'import s (5 % changed)': secs(changedImport),
      'signal ms (% of import)': `${signalMs.toFixed(1)} (${((signalMs / 10 / changedImport) * 1).toFixed(3)} %)`,
      'changed listings': formatCount(matched.changed),
      'matching s (longest statement ms)': `${secs(matched.seconds)} (${formatCount(matched.longestBatchMs)})`,
      'matches new / cut / pays': `${formatCount(matched.matches.new)} / ${formatCount(matched.matches.price_cut)} / ${formatCount(matched.matches.now_pays)}`,
      'e-mails (s)': `${formatCount(sentMails)} (${secs(deliverySeconds)})`,
      'first pass, all listings s': secs(baseline.seconds),
      'same feed again: import s / pass s / matches': `${secs(againImport)} / ${secs(again.seconds)} / ${formatCount(found(again))}`,
      'after a new rate: pass s (now paying)': `${secs(afterRate.seconds)} (${formatCount(afterRate.matches.now_pays)})`,
    };
  } finally {
    await fresh.close();
  }
}

export const bench: Bench = {
  name: 'saved-search alerts: matching after a feed import',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-alerts-feed-'));
    try {
      const files = { first: path.join(dir, 'first.csv'), changed: path.join(dir, 'changed.csv') };
      const first = await writeFeed(files.first, FEED_ROWS, (l) => l.price);
      const changed = await writeFeed(files.changed, FEED_ROWS, changedPrice);
      const moved = changed.filter((l, i) => l.price !== first[i].price).length;
      console.log(
        `Feed: ${formatCount(FEED_ROWS)} rows (${formatCount(first.length)} listings, the rest sold comps); the changed feed moves ${formatCount(moved)} listings' prices (${((100 * moved) / first.length).toFixed(1)} %)`,
      );
      const rows = [];
      for (const database of BENCH_DATABASES) rows.push(await benchDatabase(database, files, { first, changed }));
      printTable(
        `Alerts: ${formatCount(SEARCHES)} saved searches, a ${formatCount(FEED_ROWS)}-row feed with 5 % price changes`,
        rows,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
