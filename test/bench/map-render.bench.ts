/**
 * Map render bench: how long the search map takes to draw its clusters once the bounds search has
 * answered, for 2,000, 20,000 and 100,000 properties in view. `npm run build` first, then
 * `npm run bench -- map-render` (BENCH_MAP_SIZES=2000,20000 for other sizes).
 *
 * It starts the built server (dist/) on a temporary DATA_DIR with DEMO_LISTINGS=0, launches
 * Chromium (CHROMIUM_PATH or /usr/bin/chromium) with the fake Google Maps API of e2e/fixtures
 * installed, signs in, opens /app/search at zoom 12 over Austin and answers
 * GET /api/v1/auth/searchProperties by route interception with N synthetic properties spread
 * uniformly over the requested bounds, in pages of 1,000 with `next` tokens like the real server.
 *
 * The page exposes no performance mark, so the page itself records (through an init script) when
 * each search response arrived (a fetch wrapper) and when the marker layer last changed (a
 * MutationObserver on <gmp-advanced-marker> elements). Figures:
 *  - first page → first drawn: first response to the first cluster/marker element added;
 *  - last page → settled: last response to the last marker mutation (settled = no marker mutation
 *    for SETTLE_MS after the last page);
 *  - main-thread long tasks (PerformanceObserver 'longtask') during that time.
 * The fake's own DOM work is part of the figures (it stands in for Google's). Prints figures;
 * never fails on speed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright';
import { installFakeGoogleMaps } from '../../e2e/fixtures/maps';
import { ms, printTable, type Bench } from './bench-utils';

const ROOT = path.join(__dirname, '..', '..');
const USER = { email: 'admin@bench.dealmap', password: 'bench-password-1' };
const PAGE_SIZE = 1000;
const SETTLE_MS = 1500;
const RUN_TIMEOUT_MS = 5 * 60_000;
const VIEW = { lat: 30.2672, lng: -97.7431, zoom: 12 };

function sizes(): number[] {
  const raw = process.env.BENCH_MAP_SIZES;
  if (!raw) return [2_000, 20_000, 100_000];
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('BENCH_MAP_SIZES must be a comma-separated list of positive integers');
  return list;
}

function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The built server on a fresh DATA_DIR, without demo data (the bench answers the search itself). */
async function startServer(): Promise<RunningServer> {
  for (const file of ['dist/server/index.js', 'dist/client/index.html']) {
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dealmap-map-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    ADMIN_EMAIL: USER.email,
    ADMIN_PASSWORD: USER.password,
    LOG_LEVEL: 'warn',
    DEMO_LISTINGS: '0',
    GOOGLE_MAPS_API_KEY: 'bench-fake-key',
    GOOGLE_MAPS_MAP_ID: 'bench-map',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '1000',
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'dist/server/index.js')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not start:\n${stderr}`);
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

/** Property i of n, spread uniformly (deterministically) over the bounds. */
function syntheticProperty(i: number, bounds: Bounds, run: number) {
  const rand = (k: number) => {
    const x = Math.sin(i * 12.9898 + k * 78.233 + run * 37.719) * 43758.5453;
    return x - Math.floor(x);
  };
  const lat = bounds.sw.lat + rand(1) * (bounds.ne.lat - bounds.sw.lat);
  const lng = bounds.sw.lng + rand(2) * (bounds.ne.lng - bounds.sw.lng);
  const status = STATUSES[i % 3];
  const hex = (i + run * 1_000_000).toString(16).padStart(12, '0');
  return {
    _id: `00000000-0000-4000-8000-${hex}`,
    ListingKey: `BENCH-${i}`,
    LatestListingPrice: 250_000 + (i % 400) * 1000,
    PublicListingRemarks: 'Synthetic bench listing.',
    BedroomsTotal: 3,
    BathroomsTotal: 2,
    BuildingAreaTotal: 1500,
    PropertyAddressFull: `${100 + (i % 9000)} BENCH ST`,
    PropertyAddressCity: 'Austin',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78701',
    location: { type: 'Point', coordinates: [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6] },
    markerColor: status.markerColor,
    dealStatus: status.dealStatus,
    compIDs: [],
    confidence: null,
    BuyHoldResults: null,
    BRRRRResults: null,
    FixFlipResults: null,
    ShortTermResults: null,
    zIndex: i,
  };
}

/** Answers the bounds search with n properties over the asked bounds, PAGE_SIZE per page. */
function searchResponder(n: number, run: number) {
  return async (route: Route) => {
    const url = new URL(route.request().url());
    const bounds = JSON.parse(url.searchParams.get('bounds') ?? 'null') as Bounds | null;
    if (!bounds) return route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":{"message":"bounds"}}' });
    const start = Number(url.searchParams.get('next') ?? 0) || 0;
    const end = Math.min(n, start + PAGE_SIZE);
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
  pages: number;
  firstDrawnMs: number | null;
  settledMs: number | null;
  searchToSettledMs: number | null;
  longTaskMs: number;
  longestTaskMs: number;
  shownMarkers: number;
  clusters: number;
  domMarkers: number;
  heapMb: number | null;
  settled: boolean;
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: 30_000 });
}

async function runOnce(browser: Browser, baseUrl: string, n: number, run: number): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await installFakeGoogleMaps(page);
    await signIn(page, baseUrl);
    await page.addInitScript(instrument);
    await page.route(/\/api\/v1\/auth\/searchProperties\?/, searchResponder(n, run));
    const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
    await page.goto(`${baseUrl}/app/search?lat=${VIEW.lat}&lng=${VIEW.lng}&zoom=${VIEW.zoom}`);

    // Wait for the last page, then for the marker layer to stay still for SETTLE_MS.
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    let settled = false;
    while (Date.now() < deadline) {
      const s = await page.evaluate(() => {
        const b = (window as unknown as { __mapBench: { responses: Array<{ done: boolean }>; lastMarkerMutationAt: number } })
          .__mapBench;
        return {
          done: b.responses.some((r) => r.done),
          quietFor: performance.now() - b.lastMarkerMutationAt,
          mutated: b.lastMarkerMutationAt > 0,
        };
      });
      if (s.done && s.mutated && s.quietFor >= SETTLE_MS) {
        settled = true;
        break;
      }
      await page.waitForTimeout(250);
    }

    return await page.evaluate(
      ({ n, pages, settled }) => {
        type State = {
          responses: Array<{ at: number; done: boolean }>;
          firstMarkerAt: number;
          lastMarkerMutationAt: number;
          longTasks: Array<{ start: number; duration: number }>;
        };
        const b = (window as unknown as { __mapBench: State }).__mapBench;
        const first = b.responses.length ? Math.min(...b.responses.map((r) => r.at)) : null;
        const last = b.responses.length ? Math.max(...b.responses.map((r) => r.at)) : null;
        const tasks = first === null ? [] : b.longTasks.filter((t) => t.start + t.duration >= first);
        const div = document.querySelector('[data-fake-map]');
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        return {
          n,
          pages,
          firstDrawnMs: first !== null && b.firstMarkerAt ? Math.max(0, b.firstMarkerAt - first) : null,
          settledMs: last !== null && b.lastMarkerMutationAt ? Math.max(0, b.lastMarkerMutationAt - last) : null,
          searchToSettledMs: first !== null && b.lastMarkerMutationAt ? b.lastMarkerMutationAt - first : null,
          longTaskMs: tasks.reduce((s, t) => s + t.duration, 0),
          longestTaskMs: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
          shownMarkers: Number(div?.getAttribute('data-shown-markers') ?? 0),
          clusters: document.querySelectorAll('gmp-advanced-marker .dm-cluster').length,
          domMarkers: document.querySelectorAll('gmp-advanced-marker').length,
          heapMb: memory ? memory.usedJSHeapSize / 1048576 : null,
          settled,
        };
      },
      { n, pages, settled },
    );
  } finally {
    await context.close();
  }
}

export const bench: Bench = {
  name: 'Map render (Chromium, fake Google Maps, synthetic properties)',
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
      await runOnce(browser, server.url, 500, 0);
      const rows: Array<Record<string, string | number>> = [];
      let run = 1;
      for (const n of sizes()) {
        const r = await runOnce(browser, server.url, n, run++);
        const fmt = (v: number | null) => (v === null ? '—' : ms(v));
        rows.push({
          properties: n.toLocaleString('en-US'),
          pages: r.pages,
          'first page → first drawn (ms)': fmt(r.firstDrawnMs),
          'last page → settled (ms)': r.settled ? fmt(r.settledMs) : `not settled in ${RUN_TIMEOUT_MS / 1000} s`,
          'first page → settled (ms)': fmt(r.searchToSettledMs),
          'long tasks (ms)': ms(r.longTaskMs),
          'longest task (ms)': ms(r.longestTaskMs),
          'markers kept': r.shownMarkers.toLocaleString('en-US'),
          'clusters drawn': r.clusters,
          'marker elements': r.domMarkers,
          'JS heap (MB)': r.heapMb === null ? '—' : r.heapMb.toFixed(0),
        });
        console.log(`  ${n.toLocaleString('en-US')} properties: ${r.settled ? 'settled' : 'NOT settled'}`);
      }
      printTable('Bounds response → clusters drawn (times in the page, performance.now)', rows);
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};
