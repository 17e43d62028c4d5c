/**
 * Landing bench: `npm run build`, then `npm run bench -- landing` (BENCH_LANDING_RUNS=N, default 3).
 *
 * 1. From the build: the JavaScript index.html loads before the landing page can paint (its
 *    scripts), raw, gzip and brotli (the build's own .gz/.br copies, which the server sends).
 * 2. In Chromium at 390×844 against the built server (DEMO_LISTINGS=0): the script bytes actually
 *    transferred until first contentful paint, and FCP itself.
 * 3. Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on `/`: performance score,
 *    LCP, FCP, TBT and CLS, min / median of the runs.
 * Prints figures; never fails on speed.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright';
import { ms, printTable, type Bench } from './bench-utils';
import { chromiumPath, ROOT, startServer } from './built-server';
import { minMedian } from '../support/figures';

const CLIENT = path.join(ROOT, 'dist', 'client');
const runs = () => Number(process.env.BENCH_LANDING_RUNS ?? 3);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const size = (file: string) => (existsSync(file) ? statSync(file).size : NaN);

/** The scripts index.html loads up front (the landing page paints once they ran). */
function initialScripts(): string[] {
  const html = readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc=["']?([^"' >]+)/g)].map((m) => m[1].replace(/^\//, ''));
}

interface LighthouseRun {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

async function lighthouse(url: string, chrome: string): Promise<LighthouseRun> {
  const cli = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue,
    fcp: report.audits['first-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  };
}

export const bench: Bench = {
  name: 'Landing page: first-load JavaScript and Lighthouse (mobile)',
  async run() {
    if (!existsSync(path.join(CLIENT, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` first');
    const scripts = initialScripts();
    const files = scripts.map((s) => path.join(CLIENT, s));
    const total = (suffix: string) => files.reduce((sum, f) => sum + size(f + suffix), 0);
    printTable('JavaScript index.html loads before the first paint (from the build)', [
      ...scripts.map((s, i) => ({
        script: s,
        'raw KB': kb(size(files[i])),
        'gzip KB': kb(size(`${files[i]}.gz`)),
        'brotli KB': kb(size(`${files[i]}.br`)),
      })),
      { script: 'total', 'raw KB': kb(total('')), 'gzip KB': kb(total('.gz')), 'brotli KB': kb(total('.br')) },
    ]);

    const chrome = chromiumPath();
    if (!chrome) throw new Error('No Chromium: install Debian chromium or set CHROMIUM_PATH');
    const server = await startServer({ DEMO_LISTINGS: '0' });
    try {
      const browser = await chromium.launch({ executablePath: chrome, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
      try {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.goto(`${server.url}/`, { waitUntil: 'load' });
        await page.waitForTimeout(500);
        const loaded = await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (e) => e.initiatorType === 'script' || e.name.endsWith('.js'),
          );
          const before = scripts.filter((e) => e.responseEnd <= fcp);
          return {
            fcp,
            before: before.reduce((s, e) => s + e.transferSize, 0),
            all: scripts.reduce((s, e) => s + e.transferSize, 0),
            count: before.length,
          };
        });
        printTable('In Chromium, 390×844, local server (brotli on the wire)', [
          {
            'scripts before FCP': loaded.count,
            'transferred before FCP (KB)': kb(loaded.before),
            'all scripts by load (KB)': kb(loaded.all),
            'FCP (ms)': ms(loaded.fcp),
          },
        ]);
      } finally {
        await browser.close();
      }

      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs(); i++) results.push(await lighthouse(`${server.url}/`, chrome));
      printTable(
        `Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version} mobile, ${results.length} runs, min / median`,
        [
          {
            performance: minMedian(
              results.map((r) => r.score),
              String,
            ),
            'LCP (ms)': minMedian(
              results.map((r) => r.lcp),
              ms,
            ),
            'FCP (ms)': minMedian(
              results.map((r) => r.fcp),
              ms,
            ),
            'TBT (ms)': minMedian(
              results.map((r) => r.tbt),
              ms,
            ),
            CLS: minMedian(
              results.map((r) => r.cls),
              (v) => v.toFixed(3),
            ),
          },
        ],
      );
    } finally {
      await server.stop();
    }
  },
};
