/**
 * Admin Settings → Listing feed (issue 30) against the real server, which the suite starts without
 * any RESO_* variable (e2e/start-server.sh): the section explains what to set and offers no "Sync
 * now"; the server answers the status as not configured and refuses a sync with a 409 naming
 * RESO_API_URL. The section passes axe at desktop size and on a phone, where nothing scrolls sideways.
 * A configured feed (its runs, Sync now, the failures) is covered by the server's tests against the
 * RESO test server and by test/client/admin-listing-feed.test.tsx.
 */
import { expect, test, type Page } from '@playwright/test';
import { sessionToken, signIn, seriousViolations } from './helpers';
import { USERS } from './users';

const SECTION = '/app/adminSettings/listing-feed';
const VARIABLES = [
  'RESO_API_URL',
  'RESO_TOKEN_URL',
  'RESO_CLIENT_ID',
  'RESO_CLIENT_SECRET',
  'RESO_BEARER_TOKEN',
  'RESO_SYNC_MINUTES',
  'RESO_FILTER',
];

const ERROR = 'The MLS answered HTTP 503 Service Unavailable five times (https://api.example-mls.com/reso/odata/Property)';
const run = (id: number, startedAt: string, finishedAt: string, counts: number[], error: string | null = null) => {
  const [rows, added, updated, rejected, offMarket] = counts;
  return {
    id,
    kind: 'incremental',
    trigger: 'schedule',
    startedAt,
    finishedAt,
    rows,
    added,
    updated,
    rejected,
    offMarket,
    error,
  };
};
/** A ListingFeedStatus (src/shared/schemas/listing-feed.ts) of a feed that fails after a full pull and some changes. */
const FAILING = {
  configured: true,
  serviceUrl: 'https://api.example-mls.com/reso/odata',
  state: 'failing',
  progress: null,
  failingSince: '2026-11-27T15:04:00.000Z',
  lastError: ERROR,
  lastSuccessAt: '2026-11-27T14:49:30.000Z',
  lastReconciledAt: '2026-11-27T04:00:00.000Z',
  nextSyncAt: '2026-11-27T15:19:00.000Z',
  syncMinutes: 15,
  cursor: { modifiedAt: '2026-11-27T14:48:02.000Z', listingKey: 'L-104233' },
  runs: [
    run(9, '2026-11-27T15:04:00.000Z', '2026-11-27T15:04:41.000Z', [0, 0, 0, 0, 0], ERROR),
    run(8, '2026-11-27T14:49:00.000Z', '2026-11-27T14:49:30.000Z', [312, 12, 298, 1, 1]),
    { ...run(7, '2026-11-27T04:00:00.000Z', '2026-11-27T04:01:10.000Z', [47_950, 0, 0, 0, 22]), kind: 'reconcile' },
    {
      ...run(6, '2026-11-26T22:00:00.000Z', '2026-11-26T23:05:00.000Z', [48_210, 48_200, 0, 10, 0]),
      kind: 'full',
      trigger: 'admin',
    },
  ],
};

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector('.dm-app-main');
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      panelScrollWidth: panel?.scrollWidth ?? 0,
      panelWidth: panel?.clientWidth ?? 0,
    };
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
  expect(overflow.panelScrollWidth).toBeLessThanOrEqual(overflow.panelWidth);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`the Listing feed section at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(phone ? { hasTouch: true, isMobile: true } : {}) });

    test('without RESO_API_URL it explains the variables to set and offers no Sync now', async ({ page }) => {
      await signIn(page, USERS.admin);
      await expect(page).toHaveURL(/\/app\/?$/);
      if (phone) {
        await page.goto(SECTION);
      } else {
        // The side menu lists the section after Rates.
        await page.goto('/app/adminSettings/rates');
        const menu = page.getByRole('menu', { name: 'Admin sections' });
        await expect(menu.getByRole('menuitem')).toContainText(['Rates', 'Listing feed', 'Audit Log']);
        await menu.getByRole('link', { name: 'Listing feed' }).click();
        await expect(page).toHaveURL(/\/app\/adminSettings\/listing-feed$/);
      }

      await expect(page.getByRole('heading', { name: 'Listing feed', level: 3 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Not configured', { exact: true })).toBeVisible();
      const help = page.locator('.dm-listing-feed-off');
      await expect(help).toContainText('No listing feed is set.');
      for (const name of VARIABLES) await expect(help.locator('code').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
      await expect(help).toContainText('docs/listings.md, “Connecting an MLS”, explains the setup');
      await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);

      // Let lazy parts and animations settle before looking.
      await page.waitForTimeout(300);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await noSidewaysScroll(page);
    });

    test('a failing feed with its runs reads well and passes axe (the status answered by the test)', async ({ page }) => {
      // The suite's server has no feed; the section's looks with one are checked against this answer.
      await page.route('**/api/v1/admin/listing-feed', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: FAILING }) }),
      );
      await signIn(page, USERS.admin);
      await expect(page).toHaveURL(/\/app\/?$/);
      await page.goto(SECTION);

      const state = page.getByRole('status', { name: 'Listing feed state' });
      await expect(state).toContainText('Failing since', { timeout: 20_000 });
      await expect(page.locator('.dm-listing-feed-status').getByRole('alert')).toContainText(`The last run failed: ${ERROR}`);
      await expect(page.getByText('https://api.example-mls.com/reso/odata', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
      const runs = page.locator('.dm-table');
      await expect(runs.getByRole('columnheader', { name: 'Off market' })).toHaveCount(1);
      await expect(runs.getByRole('cell', { name: '48,210' })).toBeVisible();
      if (phone) {
        // The runs scroll sideways inside their own focusable region; the started column stays in view.
        await expect(runs.getByRole('region', { name: 'Last runs (scrollable)' })).toBeVisible();
        const started = runs.getByRole('cell', { name: /Nov 2[67], 2026/ }).first();
        await started.scrollIntoViewIfNeeded();
        await expect(started).toBeInViewport();
      }

      await page.waitForTimeout(300);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await noSidewaysScroll(page);
    });
  });
}

test('the server reports the feed as not configured and refuses a sync, naming RESO_API_URL', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/?$/);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };

  const status = await page.request.get('/api/v1/admin/listing-feed', { headers });
  expect(status.status()).toBe(200);
  expect(((await status.json()) as { data: unknown }).data).toMatchObject({
    configured: false,
    serviceUrl: null,
    state: 'off',
    progress: null,
    runs: [],
  });

  const sync = await page.request.post('/api/v1/admin/listing-feed/sync', { headers });
  expect(sync.status()).toBe(409);
  expect(((await sync.json()) as { error: { message: string } }).error.message).toContain('RESO_API_URL');

  // Admins only, whatever the client hides.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await signIn(other, USERS.investor);
  await expect(other).toHaveURL(/\/app\/?$/);
  const investor = { authorization: `Bearer ${await sessionToken(other)}` };
  expect((await other.request.get('/api/v1/admin/listing-feed', { headers: investor })).status()).toBe(403);
  expect((await other.request.post('/api/v1/admin/listing-feed/sync', { headers: investor })).status()).toBe(403);
  await context.close();
});
