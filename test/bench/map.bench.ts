/**
 * Map bench: `npm run build`, then `npm run bench -- map` (BENCH_MAP_SIZES=20000,100000 for other
 * sizes; BENCH_MAP_RUNS=N repeats, default 3). Chromium (CHROMIUM_PATH or /usr/bin/chromium) with
 * the fake Google Maps API of e2e/fixtures against the built server (a temporary DATA_DIR with the
 * default demo data).
 *
 * 1. Many known properties: GET /searchProperties?type=bounds is answered by route interception with
 *    N synthetic properties spread over the asked bounds, in MAX_PAGES_PER_VIEW pages (so all N
 *    arrive for one view). Figures, from the page's own clock: the last merge of the pages into the
 *    map slice (the data in hand) → the first cluster render after it (the clusters drawn), and the
 *    same from the last response's headers (JSON download and parse of ~20 MB pages included); the known properties kept (the slice's cap); the JS heap. Then 20
 *    pans and 10 zoom steps: the duration of each re-cluster + redraw (the layer's
 *    `dealmap:cluster-render` performance measures), p50 / p95 / max.
 * 2. A wide view with the demo data (the real server): central Texas at zoom 8, from the camera move
 *    to the server's clusters drawn and still (the 600 ms bounds debounce included), and the bytes
 *    the view downloaded.
 * The fake's own DOM work is part of the figures (it stands in for Google's). Prints figures; never
 * fails on speed.
 */
import { chromium, type Browser, type Page, type Route } from 'playwright';
import { installFakeGoogleMaps, setMapView } from '../../e2e/fixtures/maps';
import { MAX_PAGES_PER_VIEW } from '../../src/client/features/map/map-constants';
import type { PropertySummaryRow } from '../../src/shared/schemas/property-search';
import { ms, printTable, type Bench } from './bench-utils';
import { BENCH_USER, chromiumPath, startServer } from './built-server';
import { minMedian, percentile } from '../support/figures';

const USER = BENCH_USER;
const SETTLE_MS = 1000;
const RUN_TIMEOUT_MS = 5 * 60_000;
const VIEW = { lat: 30.2672, lng: -97.7431, zoom: 12 };

function sizes(): number[] {
  const raw = process.env.BENCH_MAP_SIZES;
  if (!raw) return [20_000, 100_000];
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('BENCH_MAP_SIZES must be a comma-separated list of positive integers');
  return list;
}

// ---------------------------------------------------------------------------------------------
// Synthetic search answers

const STATUSES = [
  { dealStatus: 'Good Deal', markerColor: { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' } },
  { dealStatus: 'Market Price', markerColor: { background: '#06b6d4', borderColor: '#0e7490', glyphColor: '#ffffff' } },
  { dealStatus: 'Overpriced', markerColor: { background: '#ef4444', borderColor: '#b91c1c', glyphColor: '#ffffff' } },
];

interface Bounds {
  ne: { lat: number; lng: number };
  sw: { lat: number; lng: number };
}

/** Property i of n, spread uniformly (deterministically) over the bounds, as a search answer's summary row. */
function syntheticProperty(i: number, bounds: Bounds, run: number): PropertySummaryRow {
  const rand = (k: number) => {
    const x = Math.sin(i * 12.9898 + k * 78.233 + run * 37.719) * 43758.5453;
    return x - Math.floor(x);
  };
  const lat = bounds.sw.lat + rand(1) * (bounds.ne.lat - bounds.sw.lat);
  const lng = bounds.sw.lng + rand(2) * (bounds.ne.lng - bounds.sw.lng);
  const status = STATUSES[i % 3];
  const hex = (i + run * 1_000_000).toString(16).padStart(12, '0');
  return [
    `00000000-0000-4000-8000-${hex}`,
    Math.round(lng * 1e6) / 1e6,
    Math.round(lat * 1e6) / 1e6,
    250_000 + (i % 400) * 1000,
    3,
    2,
    1500,
    `${100 + (i % 9000)} BENCH ST`,
    'Austin',
    'TX',
    '78701',
    status.markerColor.background,
    null,
    null,
    null,
    null,
    0,
    i % 120,
    0,
    null,
    null,
    i,
  ];
}

/**
 * Answers the bounds search with n properties over the asked bounds, in MAX_PAGES_PER_VIEW pages;
 * once `quiet()` says so, with empty answers (the pans then measure drawing, not merging). Cluster
 * requests go to the real server.
 */
function searchResponder(n: number, run: number, quiet: () => boolean) {
  const pageSize = Math.ceil(n / MAX_PAGES_PER_VIEW);
  return async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('type') !== 'bounds') return route.continue();
    const bounds = JSON.parse(url.searchParams.get('bounds') ?? 'null') as Bounds | null;
    if (!bounds) return route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":{"message":"bounds"}}' });
    if (quiet()) {
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{"properties":[],"next":"done"}}' });
    }
    const start = Number(url.searchParams.get('next') ?? 0) || 0;
    const end = Math.min(n, start + pageSize);
    const properties = [];
    for (let i = start; i < end; i++) properties.push(syntheticProperty(i, bounds, run));
    const next = end >= n ? 'done' : String(end);
    return route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ data: { properties, next } }),
    });
  };
}

// ---------------------------------------------------------------------------------------------
// In-page instrumentation (runs before the app)

function instrument(): void {
  const w = window as unknown as { __mapBench: Record<string, unknown> };
  const state = {
    responses: [] as Array<{ at: number; done: boolean }>,
    firstMarkerAt: 0,
    lastMarkerMutationAt: 0,
    markerMutations: 0,
    longTasks: [] as Array<{ start: number; duration: number }>,
  };
  w.__mapBench = state;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await originalFetch(input, init);
    if (url.includes('/searchProperties')) {
      const entry = { at: performance.now(), done: false };
      state.responses.push(entry);
      response
        .clone()
        .json()
        .then((body: { data?: { next?: string } }) => {
          entry.done = body?.data?.next === 'done';
        })
        .catch(() => undefined);
    }
    return response;
  };
  const isMarker = (n: Node) => n.nodeName === 'GMP-ADVANCED-MARKER';
  const observer = new MutationObserver((records) => {
    let touched = false;
    for (const r of records) {
      for (const n of Array.from(r.addedNodes)) if (isMarker(n)) touched = true;
      for (const n of Array.from(r.removedNodes)) if (isMarker(n)) touched = true;
      if (r.type === 'childList' && r.target instanceof Element && r.target.closest('gmp-advanced-marker')) touched = true;
    }
    if (!touched) return;
    const now = performance.now();
    if (!state.firstMarkerAt && state.responses.length) state.firstMarkerAt = now;
    state.lastMarkerMutationAt = now;
    state.markerMutations++;
  });
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing */
  }
}

interface RunResult {
  n: number;
  /** From the last merge into the slice (the pages parsed and in hand) to the clusters drawn. */
  drawnMs: number | null;
  /** From the last response's headers (its body still to read and parse) to the clusters drawn. */
  arrivedMs: number | null;
  known: number;
  heapMb: number | null;
  indexMs: number | null;
  pans: number[];
  zooms: number[];
  settled: boolean;
}

interface WideResult {
  settledMs: number | null;
  cells: number;
  bytes: number;
}

/** Durations of the layer's cluster renders recorded after `since` (page clock). */
async function rendersSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (t) =>
      performance
        .getEntriesByName('dealmap:cluster-render')
        .filter((e) => e.startTime >= t)
        .map((e) => e.duration),
    since,
  );
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: 30_000 });
}

async function waitForQuiet(page: Page, predicate: string): Promise<boolean> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const s = await page.evaluate(
      ([predicate]) => {
        const b = (window as unknown as { __mapBench: { responses: Array<{ done: boolean }>; lastMarkerMutationAt: number } })
          .__mapBench;
        const div = document.querySelector('[data-fake-map]');
        const ready =
          predicate === 'done' ? b.responses.some((r) => r.done) : div?.getAttribute('data-marker-mode') === predicate;
        return { ready, quietFor: performance.now() - b.lastMarkerMutationAt, mutated: b.lastMarkerMutationAt > 0 };
      },
      [predicate],
    );
    if (s.ready && s.mutated && s.quietFor >= SETTLE_MS) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

async function runOnce(browser: Browser, baseUrl: string, n: number, run: number): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await installFakeGoogleMaps(page);
    await signIn(page, baseUrl);
    await page.addInitScript(instrument);
    let quiet = false;
    await page.route(
      /\/api\/v1\/auth\/searchProperties\?/,
      searchResponder(n, run, () => quiet),
    );
    await page.goto(`${baseUrl}/app/search?lat=${VIEW.lat}&lng=${VIEW.lng}&zoom=${VIEW.zoom}`);
    const settled = await waitForQuiet(page, 'done');
    quiet = true;

    const loaded = await page.evaluate(() => {
      const b = (window as unknown as { __mapBench: { responses: Array<{ at: number }> } }).__mapBench;
      const last = Math.max(...b.responses.map((r) => r.at));
      const merges = performance.getEntriesByName('dealmap:properties-merged');
      const merged = merges.length ? merges[merges.length - 1].startTime : last;
      const after = performance.getEntriesByName('dealmap:cluster-render').find((e) => e.startTime >= merged);
      const index = performance.getEntriesByName('dealmap:cluster-index').filter((e) => e.startTime >= last);
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      const known = Number(document.querySelector('[data-fake-map]')?.getAttribute('data-known-properties') ?? 0);
      return {
        drawnMs: after ? after.startTime + after.duration - merged : null,
        arrivedMs: after ? after.startTime + after.duration - last : null,
        indexMs: index.length ? index[index.length - 1].duration : null,
        heapMb: memory ? memory.usedJSHeapSize / 1048576 : null,
        known,
      };
    });

    // Pans of a quarter view, then zoom steps in and out, each waiting for the map's idle.
    const pans: number[] = [];
    const zooms: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await page.evaluate(() => performance.now());
      const dx = ((i % 4) - 1.5) * 0.02;
      const dy = ((Math.floor(i / 4) % 2) - 0.5) * 0.02;
      await setMapView(page, VIEW.lat + dy, VIEW.lng + dx, VIEW.zoom);
      pans.push(...(await rendersSince(page, t)));
    }
    for (const zoom of [13, 14, 15, 16, 17, 16, 15, 14, 13, 12]) {
      const t = await page.evaluate(() => performance.now());
      await setMapView(page, VIEW.lat, VIEW.lng, zoom);
      zooms.push(...(await rendersSince(page, t)));
    }
    return { n, ...loaded, pans, zooms, settled };
  } finally {
    await context.close();
  }
}

/** Central Texas at zoom 8 with the demo data: move → server clusters drawn and still. */
async function wideView(browser: Browser, baseUrl: string): Promise<WideResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await installFakeGoogleMaps(page);
    await signIn(page, baseUrl);
    await page.addInitScript(instrument);
    await page.goto(`${baseUrl}/app/search?lat=${VIEW.lat}&lng=${VIEW.lng}&zoom=14`);
    await page.waitForSelector('[data-fake-map]');
    await page.waitForTimeout(1500);
    const moved = await page.evaluate(() => performance.now());
    await setMapView(page, 30.0, -97.9, 8);
    const settled = await waitForQuiet(page, 'server-clusters');
    return await page.evaluate(
      ({ moved, settled }) => {
        const b = (window as unknown as { __mapBench: { lastMarkerMutationAt: number } }).__mapBench;
        const bytes = performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= moved && e.name.includes('/searchProperties'))
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0);
        return {
          settledMs: settled ? b.lastMarkerMutationAt - moved : null,
          cells: document.querySelectorAll('gmp-advanced-marker .dm-cluster').length,
          bytes,
        };
      },
      { moved, settled },
    );
  } finally {
    await context.close();
  }
}

const runs = () => Number(process.env.BENCH_MAP_RUNS ?? 3);
const minMedianMs = (values: Array<number | null>) => minMedian(values, ms);

export const bench: Bench = {
  name: 'Map (Chromium, fake Google Maps): many known properties, pans and zooms, a wide view',
  async run() {
    const executablePath = chromiumPath();
    const server = await startServer();
    let browser: Browser | null = null;
    try {
      browser = await chromium.launch({
        executablePath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
      console.log(
        `Chromium ${browser.version()} (${executablePath ?? "Playwright's"}), server ${server.url}, view ${VIEW.lat},${VIEW.lng} zoom ${VIEW.zoom}, 1280×800`,
      );
      // A small warm-up run (code caches, first layout), not reported.
      await runOnce(browser, server.url, 2_000, 0);
      const rows: Array<Record<string, string | number>> = [];
      let run = 1;
      for (const n of sizes()) {
        const results: RunResult[] = [];
        for (let i = 0; i < runs(); i++) results.push(await runOnce(browser, server.url, n, run++));
        const pans = results.flatMap((r) => r.pans).sort((a, b) => a - b);
        const zooms = results.flatMap((r) => r.zooms).sort((a, b) => a - b);
        const moves = [...pans, ...zooms].sort((a, b) => a - b);
        rows.push({
          'properties sent': n.toLocaleString('en-US'),
          runs: results.length,
          'data in hand → clusters drawn, min / median (ms)': minMedianMs(results.map((r) => r.drawnMs)),
          'last response → drawn (ms)': minMedianMs(results.map((r) => r.arrivedMs)),
          're-index (ms)': minMedianMs(results.map((r) => r.indexMs)),
          'known kept': results[0].known.toLocaleString('en-US'),
          'pan p50 / p95 (ms)': `${ms(percentile(pans, 0.5))} / ${ms(percentile(pans, 0.95))}`,
          'zoom p50 / p95 (ms)': `${ms(percentile(zooms, 0.5))} / ${ms(percentile(zooms, 0.95))}`,
          'pan+zoom p95 / max (ms)': `${ms(percentile(moves, 0.95))} / ${ms(moves[moves.length - 1] ?? NaN)}`,
          'JS heap min / median (MB)': minMedianMs(results.map((r) => r.heapMb)),
        });
        console.log(`  ${n.toLocaleString('en-US')} properties: ${results.every((r) => r.settled) ? 'settled' : 'NOT settled'}`);
      }
      printTable('Many known properties (times in the page, performance.now)', rows);

      const wide: WideResult[] = [];
      for (let i = 0; i < runs(); i++) wide.push(await wideView(browser, server.url));
      printTable('Wide view: central Texas at zoom 8, demo data (server clusters)', [
        {
          runs: wide.length,
          'move → settled, min / median (ms)': minMedianMs(wide.map((w) => w.settledMs)),
          cells: wide[0].cells,
          'bytes downloaded': wide[0].bytes.toLocaleString('en-US'),
        },
      ]);
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};
