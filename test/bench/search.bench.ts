/**
 * Search bench: `npm run bench -- search` (BENCH_LISTINGS=N for another size, default 1,000,000; with
 * DATABASE_URL, PostgreSQL too), or `npx ts-node --transpile-only test/bench/search.bench.ts --listings N`.
 * BENCH_BASELINE=<a checkout of another version, e.g. a git worktree> runs that version's server and
 * SQL beside this one's in the same run, on the same generated listings: every measure is taken
 * BENCH_RUNS times (default 3), the two versions taking turns, and printed as min / median.
 * BENCH_WORKERS=1,2 (PostgreSQL) instead compares the built server (`npm run build`) run with each
 * number of server processes (WORKERS) on the same listings (compareWorkers).
 * On generated listings around the demo cities, the first page of city boxes (0.1°):
 *  - the API's p95 against the same SQL's p95, both at 32 concurrent clients (the API adds the token
 *    check, serialisation and compression; its callers run in a worker thread, off the server's);
 *  - searches a second through the API at 1, 8 and 32 clients (and 150 on PostgreSQL, with its p95);
 *  - bytes a property costs raw and on the wire (brotli and gzip), and the `type=clusters` answer
 *    sizes for a metro, Texas and the continental US;
 *  - the returns heat map (`type=returns`) against the clusters of the same views, side by side
 *    (BENCH_RETURNS=1: that alone, after the generation; BENCH_EXPLAIN=1 also prints each view's plans);
 *  - the investment engine's throughput.
 * Prints figures; never fails on speed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import {
  assumptionsFor,
  strategyCalculator,
  strategyResults,
  type EngineInputs,
} from '../../src/server/modules/listings/analysis';
import { DEMO_CITIES, demoCities } from '../../src/server/modules/demo-data/cities';
import { mulberry32 } from '../../src/server/modules/demo-data/random';
import { createListingsRepository } from '../../src/server/modules/listings';
import { refreshPlaces } from '../../src/server/modules/places';
import { returnsQuery } from '../../src/server/modules/properties/search-returns';
import {
  createPropertiesRepository,
  type PropertiesRepository,
  type SearchCursor,
} from '../../src/server/modules/properties/repository';
import { MAX_PROPERTIES_PER_VIEW } from '../../src/client/features/map/map-constants';
import type { MapBounds } from '../../src/shared/geo/bounds';
import { markerColorFor } from '../../src/shared/deal-status';
import { httpLoad, type LoadResult, type MapSearchJob } from './http-load';
import { BENCH_DATABASES, openBenchApp, printTable, type Bench, type BenchApp } from './bench-utils';
import { BENCH_USER, startServer, type RunningServer } from './built-server';
import { minMedian, percentile } from '../support/figures';

function listingsArg(): number {
  const i = process.argv.indexOf('--listings');
  const raw = i >= 0 ? process.argv[i + 1] : process.env.BENCH_LISTINGS;
  const n = raw === undefined ? 1_000_000 : Number(raw);
  if (!Number.isInteger(n) || n < 1000) throw new Error('--listings / BENCH_LISTINGS must be an integer ≥ 1000');
  return n;
}

const REQUESTS_PER_BOX = 400;
/** A person's pause between map searches in the "users" run: looking at the answer, then panning (the 600 ms debounce). */
const THINK_MS = 1000;

/**
 * A listing's stored cash-on-cash: the typical house's figure spread ±10 points by a hash of the row
 * number, and one listing in 500 with no cash in (Infinity), so the returns heat map's medians sort
 * real spreads.
 */
const spreadCoc = (coc: number | null) =>
  sql`(case when g % 500 = 0 then 'Infinity'::float8 else ${coc ?? 0}::float8 + (hashint8(g::bigint + 7)::float8 / 4294967296) * 20 end)`;

/**
 * Set-based generation: INSERT … SELECT generate_series in chunks, results from the engine for a
 * typical house. Places are hashes of the row number (hashint8 is uniform over int4), so two
 * versions compared in one run search the same listings.
 */
async function generate(t: BenchApp, n: number): Promise<number> {
  const start = Date.now();
  const cities = demoCities().map((c) => {
    const lat = c.zips.reduce((s, z) => s + z.latitude, 0) / c.zips.length;
    const lng = c.zips.reduce((s, z) => s + z.longitude, 0) / c.zips.length;
    return { lat, lng };
  });
  const results = strategyResults(
    {
      purchasePrice: 300_000,
      monthlyRent: 2_100,
      rehabEstimate: 15_000,
      arvEstimate: 340_000,
      nightlyRate: 220,
      squareFeet: 1600,
    },
    assumptionsFor(6.26),
  );
  const lats = cities.map((c) => c.lat);
  const lngs = cities.map((c) => c.lng);
  const chunk = 100_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk) - 1;
    await sql`
      insert into properties (listing_key, list_price, remarks, beds, baths_full, baths_half, baths_three_quarter, area,
        address_full, city, state, zip, latitude, longitude, monthly_rent, rehab_estimate, arv_estimate, nightly_rate,
        comp_ids, deal_status, marker_color, confidence, inputs, results_rate, buy_hold, brrrr, fix_flip, short_term,
        buy_hold_coc, brrrr_coc, fix_flip_coc, short_term_coc, needs_recompute)
      select 'BENCH-' || g, 150000 + (g::bigint * 7919) % 400000, 'Bench listing ' || g, 1 + g % 5, 1 + g % 3, g % 2, 0, 900 + (g * 31) % 2500,
        g || ' BENCH ST', 'Bench', 'TX', '78701',
        (${lats}::float8[])[1 + g % ${lats.length}::int] + (hashint8(g::bigint)::float8 / 4294967296) * 0.3,
        (${lngs}::float8[])[1 + g % ${lngs.length}::int] + (hashint8(g::bigint + 1000000007)::float8 / 4294967296) * 0.3,
        2000, 15000, 340000, 220, '{}', 'Market Price', ${JSON.stringify(markerColorFor('Market Price'))}::jsonb,
        '{"compCount":0,"spreadPercent":null,"newestSaleDays":null}'::jsonb, '{}'::json, 6.26,
        ${JSON.stringify(results.BuyHoldResults)}::json, ${JSON.stringify(results.BRRRRResults)}::json,
        ${JSON.stringify(results.FixFlipResults)}::json, ${JSON.stringify(results.ShortTermResults)}::json,
        ${spreadCoc(results.BuyHoldResults.cashOnCashRoi)}, ${spreadCoc(results.BRRRRResults.cashOnCashRoi)},
        ${spreadCoc(results.FixFlipResults.cashOnCashRoi)}, ${spreadCoc(results.ShortTermResults.cashOnCashRoi)}, false
      from generate_series(${from}::int, ${to}::int) g`.execute(t.db);
    process.stderr.write(`\r  generated ${(to + 1).toLocaleString('en-US')} / ${n.toLocaleString('en-US')}`);
  }
  process.stderr.write('\n');
  await sql`analyze properties`.execute(t.db);
  return Date.now() - start;
}

/** A box of `span` degrees around a random point near a random city centre (deterministic). */
function boxes(span: number, count: number, seed: number): MapBounds[] {
  const rng = mulberry32(seed);
  const cities = demoCities();
  return Array.from({ length: count }, () => {
    const c = cities[Math.floor(rng() * cities.length)];
    const z = c.zips[Math.floor(rng() * c.zips.length)];
    const lat = z.latitude + (rng() - 0.5) * 0.1;
    const lng = z.longitude + (rng() - 0.5) * 0.1;
    return { ne: { lat: lat + span / 2, lng: lng + span / 2 }, sw: { lat: lat - span / 2, lng: lng - span / 2 } };
  });
}

/** The first page of each box through the API, by `clients` concurrent callers (in a worker thread). */
function httpLatencies(base: string, token: string, list: MapBounds[], clients: number): Promise<LoadResult> {
  const urls = list.map(
    (b) => `${base}/api/v1/auth/searchProperties?type=bounds&zoom=12&bounds=${encodeURIComponent(JSON.stringify(b))}`,
  );
  return httpLoad(urls, { authorization: `Bearer ${token}`, 'accept-encoding': 'br' }, clients);
}

const MAP_ZOOM = 12;
const searchUrl = (base: string, params: Record<string, string | number>) =>
  `${base}/api/v1/auth/searchProperties?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** A map search of each box as the client makes it (use-bounds-search.ts): clusters, then the best 50 or the pages. */
function mapSearchJobs(base: string, list: MapBounds[]): MapSearchJob[] {
  return list.map((b) => {
    const bounds = JSON.stringify(b);
    return {
      clusters: searchUrl(base, { type: 'clusters', zoom: MAP_ZOOM, bounds }),
      top: searchUrl(base, { type: 'top', bounds, sort: 'price', order: 'asc' }),
      bounds: searchUrl(base, { type: 'bounds', zoom: MAP_ZOOM, bounds }),
      maxPaged: MAX_PROPERTIES_PER_VIEW,
    };
  });
}

function mapSearchLoad(base: string, token: string, list: MapBounds[], clients: number, thinkMs = 0): Promise<LoadResult> {
  return httpLoad(mapSearchJobs(base, list), { authorization: `Bearer ${token}`, 'accept-encoding': 'br' }, clients, { thinkMs });
}

/** The same map searches through the repository's functions (the SQL and the row mapping, no HTTP). */
async function sqlMapSearchLatencies(t: Version, list: MapBounds[], clients: number): Promise<number[]> {
  const { searchClusters, searchTop, searchBoundsJson } = t.repo(t.db);
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= list.length) return;
        const t0 = process.hrtime.bigint();
        const { total } = await searchClusters(list[i], {}, MAP_ZOOM);
        if (total > MAX_PROPERTIES_PER_VIEW) {
          await searchTop(list[i], {}, { sort: 'price', order: 'asc', strategy: undefined, limit: 50 });
        } else {
          let after: SearchCursor | null = null;
          do after = (await searchBoundsJson(list[i], {}, after, 1000)).next;
          while (after);
        }
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/**
 * The search's SQL alone, by `clients` concurrent callers on the app's own connection(s): the
 * statement the API runs (the page written as JSON by the database), or `rows`, the same page as
 * rows of fields (what the API ran before, and what the JSON is built from).
 */
async function sqlLatencies(t: Version, list: MapBounds[], clients = 1, statement: 'json' | 'rows' = 'json'): Promise<number[]> {
  const { searchPageJsonQuery, searchQuery } = t.repo(t.db);
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= list.length) return;
        const t0 = process.hrtime.bigint();
        if (statement === 'json') await searchPageJsonQuery(list[i], {}, null, 1000).execute();
        else await searchQuery(list[i], {}, null, 1000).execute();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

function engineThroughput(): Array<Record<string, string | number>> {
  const rng = mulberry32(99);
  const inputs: EngineInputs[] = Array.from({ length: 100_000 }, () => {
    const price = 100_000 + rng() * 600_000;
    return {
      purchasePrice: price,
      monthlyRent: price * (0.005 + rng() * 0.005),
      rehabEstimate: rng() * 60_000,
      arvEstimate: price * (1 + rng() * 0.2),
      nightlyRate: 120 + rng() * 200,
      squareFeet: 900 + rng() * 2500,
    };
  });
  const a = assumptionsFor(6.26);
  const rows: Array<Record<string, string | number>> = [];
  const calc = strategyCalculator(a);
  for (const [label, fn] of [
    ['strategyCalculator (built inputs reused)', (i: EngineInputs) => calc(i)],
    ['input builders per property', (i: EngineInputs) => strategyResults(i, a)],
  ] as const) {
    let best = 0;
    for (let rep = 0; rep < 3; rep++) {
      const t0 = process.hrtime.bigint();
      for (const i of inputs) fn(i);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      best = Math.max(best, inputs.length / seconds);
    }
    rows.push({ engine: label, 'properties/s (all four strategies)': Math.round(best).toLocaleString('en-US') });
  }
  return rows;
}

/** Bytes of one answer: raw JSON, and on the wire with brotli and with gzip. */
async function answerSizes(t: BenchApp, query: Record<string, string>) {
  const url = `/api/v1/auth/searchProperties?${new URLSearchParams(query)}`;
  const sizes: Record<'raw' | 'br' | 'gzip', number> = { raw: 0, br: 0, gzip: 0 };
  let body = '';
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await t.freshToken()}`, 'accept-encoding': encoding },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (encoding === 'identity') body = response.body;
    sizes[encoding === 'identity' ? 'raw' : encoding] = response.rawPayload.length;
  }
  return { sizes, data: (JSON.parse(body) as { data: { properties?: unknown[]; clusters?: unknown[]; total?: number } }).data };
}

const VIEWS = [
  { view: 'a metro at zoom 12', zoom: 12, bounds: { ne: { lat: 30.33, lng: -97.65 }, sw: { lat: 30.2, lng: -97.85 } } },
  { view: 'a metro at zoom 10', zoom: 10, bounds: { ne: { lat: 30.55, lng: -97.3 }, sw: { lat: 29.95, lng: -98.2 } } },
  { view: 'Texas at zoom 7', zoom: 7, bounds: { ne: { lat: 36.5, lng: -93.5 }, sw: { lat: 25.8, lng: -106.6 } } },
  { view: 'continental US at zoom 4', zoom: 4, bounds: { ne: { lat: 49.5, lng: -66.9 }, sw: { lat: 24.4, lng: -124.8 } } },
];

/** A version of the server under measure: this checkout's, or BENCH_BASELINE's. */
interface Version extends BenchApp {
  label: string;
  repo: RepositoryOf;
  base: string;
}

type RepositoryOf = (db: Db) => PropertiesRepository;

/** A baseline's properties repository: a factory, or (before the factories) the same reads as functions of the database. */
type BaselineRepositoryModule =
  | { createPropertiesRepository: RepositoryOf }
  | {
      [K in keyof PropertiesRepository]: (
        db: Db,
        ...args: Parameters<PropertiesRepository[K]>
      ) => ReturnType<PropertiesRepository[K]>;
    };

function baselineRepository(module: BaselineRepositoryModule): RepositoryOf {
  if ('createPropertiesRepository' in module) return module.createPropertiesRepository;
  const reads = module;
  return (db) =>
    Object.fromEntries(
      Object.entries(reads).map(([name, read]) => [
        name,
        (...args: unknown[]) => (read as (db: Db, ...a: unknown[]) => unknown)(db, ...args),
      ]),
    ) as PropertiesRepository;
}

/** This checkout, and before it the one BENCH_BASELINE names (its own src, this node_modules). */
function versions(): Array<{ label: string; build: typeof buildApp; repo: RepositoryOf }> {
  const here = { label: 'this', build: buildApp, repo: createPropertiesRepository };
  const baseline = process.env.BENCH_BASELINE;
  if (!baseline) return [here];
  const root = path.resolve(baseline);
  /* eslint-disable @typescript-eslint/no-require-imports -- the other version's modules, loaded by path */
  const other = {
    label: `baseline (${path.basename(root)})`,
    build: (require(path.join(root, 'src/server/app')) as { buildApp: typeof buildApp }).buildApp,
    repo: baselineRepository(require(path.join(root, 'src/server/modules/properties/repository')) as BaselineRepositoryModule),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return [other, { ...here, label: 'this change' }];
}

const runs = () => Number(process.env.BENCH_RUNS ?? 3);

/** Each version's runs of one measure, as a table row per version: min / median of every figure. */
function summarise(
  label: string,
  results: Map<string, Array<Record<string, number>>>,
  format: Record<string, (v: number) => string> = {},
) {
  const rows: Array<Record<string, string | number>> = [];
  for (const [version, list] of results) {
    const row: Record<string, string | number> = { version, runs: list.length };
    for (const key of Object.keys(list[0]))
      row[key] = minMedian(
        list.map((r) => r[key]),
        format[key],
      );
    rows.push(row);
  }
  printTable(`${label} (min / median of the runs)`, rows);
}

const push = (results: Map<string, Array<Record<string, number>>>, version: string, figures: Record<string, number>) =>
  results.set(version, [...(results.get(version) ?? []), figures]);

/**
 * CPU time (user + system, ms): of the server (a process and its children), of this bench process
 * (its callers' thread included), and of the whole machine (/proc/stat). PostgreSQL's is the machine's
 * less the two: its backends come and go, so they cannot be summed one by one.
 */
function cpuMs(rootPid: number): { server: number; bench: number; machine: number } {
  const tick = 1000 / 100; // USER_HZ
  let server = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === rootPid || Number(fields[1]) === rootPid) server += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      /* ended meanwhile */
    }
  }
  const usage = process.cpuUsage();
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  // user, nice, system, idle, iowait, irq, softirq, steal: busy is all but idle and iowait.
  const machine = (cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + (cpu[7] ?? 0)) * tick;
  return { server, bench: (usage.user + usage.system) / 1000, machine };
}

/**
 * BENCH_WORKERS=1,2 (PostgreSQL): the built server (dist/) with each number of server processes
 * (WORKERS), on the same generated listings, taking turns: searches a second and p95 at 8 and 32
 * clients. Instead of the version comparison.
 */
async function compareWorkers(counts: number[], n: number): Promise<void> {
  const database = BENCH_DATABASES.find((d) => d.name === 'postgres');
  if (!database) throw new Error('BENCH_WORKERS needs DATABASE_URL: several server processes share a PostgreSQL database');
  const app = await openBenchApp(database);
  const servers: Array<{ count: number; server: RunningServer; token: string }> = [];
  try {
    const genMs = await generate(app, n);
    console.log(`\n[postgres] generated ${n.toLocaleString('en-US')} listings in ${(genMs / 1000).toFixed(1)} s`);
    const url = new URL(database.url!);
    url.searchParams.set('options', `-c search_path=${app.app.dealmap.database.schema}`);
    for (const count of counts) {
      const server = await startServer({ DATABASE_URL: url.toString(), WORKERS: String(count), DEMO_LISTINGS: '0' });
      const login = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      servers.push({ count, server, token });
    }
    const list = boxes(0.1, REQUESTS_PER_BOX, 1);
    for (const s of servers) await httpLatencies(s.server.url, s.token, list.slice(0, 80), 8);
    const results = new Map<string, Array<Record<string, number>>>();
    for (let run = 0; run < runs(); run++) {
      for (const s of run % 2 ? [...servers].reverse() : servers) {
        const figures: Record<string, number> = {};
        for (const clients of [8, 32]) {
          const cpuBefore = cpuMs(s.server.pid);
          const r = await httpLatencies(s.server.url, s.token, list, clients);
          const cpuAfter = cpuMs(s.server.pid);
          figures[`searches/s at ${clients}`] = r.times.length / r.seconds;
          figures[`p95 at ${clients} (ms)`] = percentile(r.times, 0.95);
          if (clients === 32) {
            // Where a search's CPU goes: the server's processes, and the machine's less the server and the callers.
            const server = cpuAfter.server - cpuBefore.server;
            const rest = cpuAfter.machine - cpuBefore.machine - server - (cpuAfter.bench - cpuBefore.bench);
            figures['server CPU ms a search at 32'] = server / r.times.length;
            figures['PostgreSQL (and the rest) CPU ms a search at 32'] = rest / r.times.length;
          }
        }
        push(results, `WORKERS=${s.count}`, figures);
      }
    }
    summarise('[postgres] the built server with WORKERS processes, first page of a city box', results);
  } finally {
    for (const s of servers) await s.server.stop();
    await app.close();
  }
}

/**
 * The returns heat map (`type=returns`) against the clusters (`type=clusters`) of the same views, side
 * by side: the statement alone and the API (through Fastify's inject: validation, the replica runner
 * and the serialisation, no sockets), min / median of BENCH_RUNS × 3 runs each, taking turns.
 */
async function returnsAgainstClusters(t: BenchApp, database: string): Promise<void> {
  const { clustersQuery, searchReturns } = createPropertiesRepository(t.db);
  const repeat = runs() * 3;
  const time = async (work: () => Promise<unknown>) => {
    const t0 = process.hrtime.bigint();
    await work();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const api = async (type: string, view: (typeof VIEWS)[number]) => {
    const url = searchUrl('', { type, zoom: view.zoom, bounds: JSON.stringify(view.bounds) });
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.freshToken()}` } });
    if (response.statusCode !== 200) throw new Error(`${type}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return JSON.parse(response.body) as { data: { clusters?: unknown[]; cells?: unknown[]; total: number } };
  };
  const rows: Array<Record<string, string | number>> = [];
  for (const view of VIEWS) {
    const figures: Record<string, number[]> = { cSql: [], rSql: [], cApi: [], rApi: [] };
    const clusters = await api('clusters', view);
    const returns = await api('returns', view);
    for (let i = 0; i < repeat; i++) {
      const pairs: Array<[string, () => Promise<unknown>]> = [
        ['cSql', () => clustersQuery(view.bounds, {}, view.zoom).execute()],
        // As the API runs it: the statement in a transaction without JIT (search-returns.ts).
        ['rSql', () => searchReturns(view.bounds, {}, view.zoom, 'buyHold')],
        ['cApi', () => api('clusters', view)],
        ['rApi', () => api('returns', view)],
      ];
      for (const [key, work] of i % 2 ? pairs.reverse() : pairs) figures[key].push(await time(work));
    }
    rows.push({
      view: view.view,
      properties: clusters.data.total.toLocaleString('en-US'),
      'cells (clusters / returns)': `${clusters.data.clusters?.length} / ${returns.data.cells?.length}`,
      'clusters SQL': minMedian(figures.cSql),
      'returns SQL': minMedian(figures.rSql),
      'clusters API': minMedian(figures.cApi),
      'returns API': minMedian(figures.rApi),
    });
  }
  printTable(`[${database}] the returns heat map against the clusters, ms, min / median of ${repeat}`, rows);
  if (process.env.BENCH_EXPLAIN) {
    for (const view of VIEWS) {
      const explain = async (label: string, query: Compilable, jitOff: boolean) => {
        const { sql: text, parameters } = query.compile();
        const plan = await t.db.transaction().execute(async (trx) => {
          if (jitOff) await sql`set local jit = off`.execute(trx);
          return trx.executeQuery<Record<string, string>>(
            CompiledQuery.raw(`explain (analyze, buffers) ${text}`, [...parameters]),
          );
        });
        console.log(`\n[${database}] ${view.view}, ${label}:\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
      };
      await explain('clusters', clustersQuery(view.bounds, {}, view.zoom), false);
      // As searchReturns runs it: without JIT.
      await explain('returns', returnsQuery(t.db, view.bounds, {}, view.zoom, 'buyHold'), true);
    }
  }
}

export const bench: Bench = {
  name: 'search: API against SQL, throughput, bytes on the wire, clusters, returns heat map; engine',
  async run() {
    const n = listingsArg();
    const workers = process.env.BENCH_WORKERS;
    if (workers) return compareWorkers(workers.split(',').map(Number), n);
    if (process.env.BENCH_RETURNS) {
      // The returns heat map against the clusters alone (the rest of the bench takes an hour).
      for (const database of BENCH_DATABASES) {
        const app = await openBenchApp(database);
        try {
          const genMs = await generate(app, n);
          // What the product runs after a bulk write: vacuum, and the returns copy sorted in map order.
          const tidyStart = performance.now();
          await createListingsRepository(app.db).vacuumListings();
          const tidyMs = performance.now() - tidyStart;
          // The heat map's cells are named from the listings' places (one city here: "Bench, TX").
          await refreshPlaces(app.db);
          console.log(
            `\n[${database.name}] generated ${n.toLocaleString('en-US')} listings in ${(genMs / 1000).toFixed(1)} s; vacuumListings ${(tidyMs / 1000).toFixed(1)} s`,
          );
          await returnsAgainstClusters(app, database.name);
        } finally {
          await app.close();
        }
      }
      return;
    }
    const kinds = versions();
    console.log(
      `${n.toLocaleString('en-US')} generated listings around ${DEMO_CITIES.length} city centres; ${REQUESTS_PER_BOX} city boxes (0.1°) per measure; page size 1,000; versions: ${kinds.map((k) => k.label).join(', ')}; ${runs()} runs of each measure, taking turns`,
    );
    printTable('Engine (pure JS, one core)', engineThroughput());
    for (const database of BENCH_DATABASES) {
      const open: Version[] = [];
      try {
        for (const kind of kinds) {
          const app = await openBenchApp(database, kind.build);
          const genMs = await generate(app, n);
          await app.app.listen({ port: 0, host: '127.0.0.1' });
          const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
          open.push(Object.assign(app, { label: kind.label, repo: kind.repo, base }));
          console.log(
            `\n[${database.name}] ${kind.label}: generated ${n.toLocaleString('en-US')} listings in ${(genMs / 1000).toFixed(1)} s`,
          );
        }
        const list = boxes(0.1, REQUESTS_PER_BOX, 1);
        // Warm-up (and the token check remembered).
        for (const v of open) await httpLatencies(v.base, await v.freshToken(), list.slice(0, 40), 4);

        const ratio = new Map<string, Array<Record<string, number>>>();
        const throughput = new Map<string, Array<Record<string, number>>>();
        const mapSearch = new Map<string, Array<Record<string, number>>>();
        const mapLoads = new Map<string, Array<Record<string, number>>>();
        const clients = database.name === 'postgres' ? [1, 8, 32, 150] : [1, 8, 32];
        const loads: Array<[number, number]> =
          database.name === 'postgres'
            ? [
                [1, 0],
                [8, 0],
                [32, 0],
                [150, 0],
                [150, THINK_MS],
              ]
            : [
                [1, 0],
                [8, 0],
                [32, 0],
              ];
        for (let run = 0; run < runs(); run++) {
          // The versions take turns, each run starting with the other one.
          const order = run % 2 ? [...open].reverse() : open;
          for (const v of order) {
            const rows32 = await sqlLatencies(v, list, 32, 'rows');
            const sql32 = await sqlLatencies(v, list, 32);
            const api32 = await httpLatencies(v.base, await v.freshToken(), list, 32);
            push(ratio, v.label, {
              'rows SQL p50': percentile(rows32, 0.5),
              'rows SQL p95': percentile(rows32, 0.95),
              'SQL p50': percentile(sql32, 0.5),
              'SQL p95': percentile(sql32, 0.95),
              'API p50': percentile(api32.times, 0.5),
              'API p95': percentile(api32.times, 0.95),
              'API p95 / SQL p95': percentile(api32.times, 0.95) / percentile(sql32, 0.95),
            });
            const figures: Record<string, number> = {};
            for (const c of clients) {
              const r = await httpLatencies(v.base, await v.freshToken(), list, c);
              figures[`searches/s at ${c}`] = r.times.length / r.seconds;
              figures[`p95 at ${c} (ms)`] = percentile(r.times, 0.95);
            }
            push(throughput, v.label, figures);

            // A map search as the client makes it: at this density a city box holds more than a view may
            // download, so the client asks its clusters (and the best 50 for the list), never its pages.
            const mapSql32 = await sqlMapSearchLatencies(v, list, 32);
            const map32 = await mapSearchLoad(v.base, await v.freshToken(), list, 32);
            push(mapSearch, v.label, {
              'dense views': map32.dense,
              'requests a search': map32.requests / list.length,
              'SQL p50': percentile(mapSql32, 0.5),
              'SQL p95': percentile(mapSql32, 0.95),
              'API p50': percentile(map32.times, 0.5),
              'API p95': percentile(map32.times, 0.95),
              'API p95 / SQL p95': percentile(map32.times, 0.95) / percentile(mapSql32, 0.95),
            });
            const mapFigures: Record<string, number> = {};
            for (const [c, thinkMs] of loads) {
              const jobs = thinkMs ? boxes(0.1, c * 6, 7) : list;
              const r = await mapSearchLoad(v.base, await v.freshToken(), jobs, c, thinkMs);
              const key = thinkMs ? `${c} (think ${thinkMs} ms)` : String(c);
              mapFigures[`searches/s at ${key}`] = r.times.length / r.seconds;
              mapFigures[`p95 at ${key} (ms)`] = percentile(r.times, 0.95);
            }
            push(mapLoads, v.label, mapFigures);
          }
        }
        const twoDecimals = (v: number) => v.toFixed(2);
        summarise(`[${database.name}] API against the same SQL, 32 clients, first page of a city box (ms)`, ratio, {
          'API p95 / SQL p95': twoDecimals,
        });
        summarise(`[${database.name}] API throughput, city boxes`, throughput);
        summarise(`[${database.name}] the map search of a city box as the client makes it, 32 clients (ms)`, mapSearch, {
          'requests a search': (v) => v.toFixed(1),
          'API p95 / SQL p95': twoDecimals,
        });
        summarise(`[${database.name}] map searches of city boxes through the API`, mapLoads);

        const bytes: Array<Record<string, string | number>> = [];
        for (const v of open) {
          const page = await answerSizes(v, { type: 'bounds', zoom: '13', bounds: JSON.stringify(list[0]) });
          const count = page.data.properties?.length ?? 0;
          bytes.push({
            version: v.label,
            properties: count,
            raw: Math.round(page.sizes.raw / count),
            brotli: Math.round(page.sizes.br / count),
            gzip: Math.round(page.sizes.gzip / count),
          });
        }
        printTable(`[${database.name}] bytes a property costs (a city box's first page)`, bytes);

        const last = open[open.length - 1];
        const cells = [];
        for (const view of VIEWS) {
          const a = await answerSizes(last, { type: 'clusters', zoom: String(view.zoom), bounds: JSON.stringify(view.bounds) });
          cells.push({
            view: view.view,
            cells: a.data.clusters?.length ?? 0,
            properties: (a.data.total ?? 0).toLocaleString('en-US'),
            'raw KB': (a.sizes.raw / 1024).toFixed(1),
            'brotli KB': (a.sizes.br / 1024).toFixed(1),
            'gzip KB': (a.sizes.gzip / 1024).toFixed(1),
          });
        }
        printTable(`[${database.name}] type=clusters answers (${last.label})`, cells);
        await returnsAgainstClusters(last, database.name);
      } finally {
        for (const v of open) await v.close();
      }
    }
  },
};

if (require.main === module) {
  bench.run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
