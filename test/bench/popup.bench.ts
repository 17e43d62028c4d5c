/**
 * Popup bench: `npm run build`, then `npm run bench -- popup` (BENCH_POPUP_CLICKS, default 15 of each
 * kind). The built server with the default demo data (20,000 listings, PGlite), Debian's Chromium
 * at 1280×800 and the offline fake of the Maps API (e2e/fixtures).
 *
 * For properties in Austin's demo data: the map is centred on the property at zoom 19 and its marker
 * clicked, either straight away (the pointer arrives and clicks: no time to prefetch) or after resting
 * on it for 600 ms (the hover prefetch, PREFETCH_HOVER_MS, has had its answer). Timed in the page
 * (performance.now) from the click to the popup on screen with its summary, and to every tab filled
 * from the whole property (GET /property/:id: the description, each strategy's figures; the popup's
 * `data-loaded`). The Comps tab is not part of it: the spec asks for its comps 300 ms after a
 * selection. BENCH_POPUP_ATTACH_MS sets how long the fake's info window takes to join the page after
 * open() (default 0: a tick, the fake's own; Google's own delay is not something this bench knows).
 * Prints figures; never fails on speed.
 */
import { chromium, type Browser, type Page } from 'playwright';
import { installFakeGoogleMaps, setMapView } from '../../e2e/fixtures/maps';
import { sessionToken } from '../../e2e/helpers';
import type { PropertySummaryRow } from '../../src/shared/schemas/property-search';
import { summaryFromRow, type PropertySummary } from '../../src/shared/search-summary';
import { ms, printTable, type Bench } from './bench-utils';
import { BENCH_USER, chromiumPath, startServer } from './built-server';
import { percentile } from '../support/figures';

const AUSTIN_BOX = { ne: { lat: 30.33, lng: -97.65 }, sw: { lat: 30.2, lng: -97.85 } };
const clicks = () => Number(process.env.BENCH_POPUP_CLICKS ?? 15);
const HOVER_MS = 600;
/** How long the fake's info window takes to join the page after open() (its own default: a tick). */
const attachMs = () => Number(process.env.BENCH_POPUP_ATTACH_MS ?? 0);

/** Records, in the page, each click's time and when the popup shows and when it is filled. */
function instrument(): void {
  const state = { clickAt: 0, shownAt: 0, filledAt: 0 };
  (window as unknown as { __popupBench: typeof state }).__popupBench = state;
  document.addEventListener('click', () => (state.clickAt = performance.now()), true);
  new MutationObserver(() => {
    const popup = document.querySelector('[data-testid="property-popup"]');
    if (!popup || !state.clickAt) return;
    if (!state.shownAt && popup.isConnected) state.shownAt = performance.now();
    if (!state.filledAt && popup.getAttribute('data-loaded') === 'true') state.filledAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-loaded'] });
}

async function austinProperties(page: Page, count: number): Promise<PropertySummary[]> {
  const params = new URLSearchParams({ type: 'bounds', bounds: JSON.stringify(AUSTIN_BOX) });
  const response = await page.request.get(`/api/v1/auth/searchProperties?${params}`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  const rows = ((await response.json()) as { data: { properties: PropertySummaryRow[] } }).data.properties;
  // Spread over the box, every one with results for all four strategies (four filled strategy tabs).
  const full = rows.map(summaryFromRow).filter((p) => Object.values(p.cashOnCash).every((f) => f !== null));
  const step = Math.max(1, Math.floor(full.length / (count * 2)));
  return full.filter((_, i) => i % step === 0).slice(0, count * 2);
}

interface Timing {
  shownMs: number;
  filledMs: number;
}

async function openOne(page: Page, p: PropertySummary, hover: boolean): Promise<Timing | null> {
  const [lng, lat] = p.location.coordinates;
  await setMapView(page, lat, lng, 19);
  const round = (v: number) => String(Math.round(v * 1e6) / 1e6);
  const marker = page.locator(`gmp-advanced-marker[data-lat="${round(lat)}"][data-lng="${round(lng)}"]`);
  await marker.waitFor({ state: 'attached', timeout: 15_000 });
  await page.evaluate(() =>
    Object.assign((window as unknown as { __popupBench: object }).__popupBench, {
      clickAt: 0,
      shownAt: 0,
      filledAt: 0,
      commitAt: 0,
    }),
  );
  if (hover) {
    await marker.hover();
    await page.waitForTimeout(HOVER_MS);
  }
  await marker.click();
  await page.waitForSelector('[data-testid="property-popup"][data-loaded="true"]', { timeout: 15_000 });
  const t = await page.evaluate(
    () => (window as unknown as { __popupBench: { clickAt: number; shownAt: number; filledAt: number } }).__popupBench,
  );
  // Closed as a person would: Esc, once the popup has taken focus.
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid="property-popup"]'));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="property-popup"]', { state: 'detached' });
  if (!t.clickAt || !t.shownAt || !t.filledAt) return null;
  return { shownMs: t.shownAt - t.clickAt, filledMs: t.filledAt - t.clickAt };
}

const stats = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return `${ms(v[0])} / ${ms(percentile(v, 0.5))} / ${ms(percentile(v, 0.95))}`;
};

export const bench: Bench = {
  name: 'Popup (Chromium, fake Google Maps): marker click → summary shown → every tab filled, with and without a hover',
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
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url });
      const page = await context.newPage();
      await installFakeGoogleMaps(page, { timings: { infoWindowAttachDelayMs: attachMs() } });
      await page.addInitScript(instrument);
      await page.goto('/login');
      await page.getByLabel('Email').fill(BENCH_USER.email);
      await page.getByLabel('Password').fill(BENCH_USER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/app\/?$/, { timeout: 30_000 });
      const properties = await austinProperties(page, clicks());
      const [first] = properties;
      await page.goto(`/app/search?lat=${first.location.coordinates[1]}&lng=${first.location.coordinates[0]}&zoom=19`);
      await page.waitForSelector('[data-fake-map]');
      console.log(
        `Chromium ${browser.version()}, server ${server.url}, ${properties.length} Austin properties, 1280×800; the fake's info window joins the page ${attachMs()} ms after open()`,
      );
      // One warm-up of each kind (code, caches), not reported.
      await openOne(page, properties[properties.length - 1], false);

      const cold: Timing[] = [];
      const warm: Timing[] = [];
      // Alternating, each property opened once: without a hover, then the next with one.
      for (let i = 0; i + 1 < properties.length - 1; i += 2) {
        const a = await openOne(page, properties[i], false);
        const b = await openOne(page, properties[i + 1], true);
        if (a) cold.push(a);
        if (b) warm.push(b);
      }
      printTable('Marker click → popup, ms in the page: min / median / p95', [
        {
          click: 'without a hover',
          clicks: cold.length,
          'summary shown': stats(cold.map((t) => t.shownMs)),
          'every tab filled': stats(cold.map((t) => t.filledMs)),
        },
        {
          click: `after ${HOVER_MS} ms on the marker`,
          clicks: warm.length,
          'summary shown': stats(warm.map((t) => t.shownMs)),
          'every tab filled': stats(warm.map((t) => t.filledMs)),
        },
      ]);
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};
