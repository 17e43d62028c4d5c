/**
 * Market trends (issue 39) against the real server: once the background worker has built the demo's
 * monthly figures, an investor compares two cities on the Markets page (a line each on how they
 * moved, the charts and their tables) and opens the map on one; the property page shows its ZIP's
 * small charts. Axe finds no serious violation. SCREENSHOT_DIR set: each step is saved as a picture.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForFakeMap } from './fixtures/maps';
import { signIn, seriousViolations } from './helpers';
import { anyAustinPropertyId } from './investor-helpers';
import { USERS } from './users';

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function addMarket(page: Page, name: string, choice: string) {
  await page.getByRole('searchbox', { name: 'Add a city or ZIP' }).fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // A name that fits one place adds it at once; one that fits several asks which.
  const pick = page.getByRole('group', { name: 'Which one?' }).getByRole('button', { name: choice });
  if (await pick.isVisible().catch(() => false)) await pick.click();
  await expect(page.getByRole('list', { name: 'Markets compared' }).getByText(choice)).toBeVisible();
}

test('an investor compares two markets and opens the map on one', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/markets');
  await expect(page.getByRole('heading', { name: 'Markets', level: 2 })).toBeVisible();
  await addMarket(page, 'Austin, TX', 'Austin, TX');
  await addMarket(page, 'Houston, TX', 'Houston, TX');
  await expect(page).toHaveURL(/m=city%3Aaustin%7CTX&m=city%3Ahouston%7CTX/);

  // The figures are built in the background after the demo load: the page asks until they are there.
  const summaries = page.getByRole('list', { name: 'How each market moved' });
  await expect(summaries.getByText(/^Austin, TX over 12 months: sold \$\/sq ft [+−]\d/)).toBeVisible({ timeout: 60_000 });
  await expect(summaries.getByText(/^Houston, TX over 12 months: /)).toBeVisible();
  const chart = page.getByTestId('chart-soldPricePerSqft');
  await expect(chart.getByRole('application').first()).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  await chart.getByText('Show the figures').click();
  const table = chart.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Austin, TX' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Houston, TX' })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^\$\d{2,3}\/sq ft$/ }).first()).toBeVisible();
  await picture(page, 'markets-compare');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Supply and demand' }).click();
  await expect(page.getByTestId('chart-daysOnMarket').locator('.recharts-line')).toHaveCount(2);

  await page.getByRole('link', { name: 'Open the map on Houston, TX' }).click();
  await expect(page).toHaveURL(/\/app\/search\?lat=29\.\d+&lng=-95\.\d+&zoom=\d+/);
  await waitForFakeMap(page);
  await expect(page.getByTestId('deal-map')).toBeVisible();
});

test("the property page shows its ZIP's sold $/sq ft and rent with the home marked", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/markets?m=city%3Aaustin%7CTX');
  await expect(page.getByRole('list', { name: 'How each market moved' }).getByText(/over 12 months/)).toBeVisible({
    timeout: 60_000,
  });
  await page.goto(`/app/property/${await anyAustinPropertyId(page)}`);
  const section = page.getByTestId('property-zip-trends');
  await expect(section.getByTestId('zip-chart-soldPricePerSqft').locator('.recharts-line')).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(section.locator('.dm-zip-chart-mark').getByText(/^This home: \$\d+\/sq ft$/)).toBeVisible();
  await expect(section.getByTestId('zip-chart-rent').locator('.recharts-reference-line')).toHaveCount(1);
  await picture(page, 'property-zip-trends');
  expect(await seriousViolations(page)).toEqual([]);
});

test("the search page's Trends here shows the visible area month by month", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/search?lat=29.76&lng=-95.37&zoom=12');
  await waitForFakeMap(page);
  await page.getByRole('button', { name: 'Trends here' }).click();
  const drawer = page.getByRole('dialog', { name: "Trends of the map's area" });
  // Worked out when asked, from the listings, sales and leases inside the map.
  await expect(drawer.getByTestId('area-summary')).toHaveText(/^The area over 12 months: sold \$\/sq ft [+−]\d/, {
    timeout: 30_000,
  });
  await expect(drawer.getByTestId('chart-soldPricePerSqft').locator('.recharts-line')).toHaveCount(1);
  await drawer.getByRole('tab', { name: 'Rents' }).click();
  await expect(drawer.getByTestId('chart-rent').locator('.recharts-line')).toHaveCount(1);
  await picture(page, 'area-trends');
  // The drawer's own content (the map beside it is checked by pages.spec.ts, its markers' exception there).
  expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
});
