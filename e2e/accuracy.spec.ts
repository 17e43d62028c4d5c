/**
 * Numbers you can check (issue 37) against the real server: once the background backtest has run, a
 * demo listing's value estimate and its 80 % range show in the popup's Property tab and on its
 * property page (with the adjustment grid); "How accurate?" opens the market's figures in words,
 * the errors' chart and its table; the public Accuracy page lists every market and shows one. Axe
 * finds no serious violation at 1280 and 390 px, and nothing scrolls sideways on the phone.
 * SCREENSHOT_DIR set: each step is also saved as a picture there.
 */
import type { Locator, Page } from '@playwright/test';
import type { MarketAccuracy } from '../src/shared/schemas/accuracy';
import type { Property } from '../src/shared/schemas/property';
import { accuracySentence, marketName } from '../src/shared/valuation/accuracy-text';
import { valueEstimateText } from '../src/shared/valuation/value-estimate';
import { expect, test, waitForFakeMap } from './fixtures/maps';
import { apiGet, openPopupOf, summariesIn, waitForBacktest, type ListedProperty } from './investor-helpers';
import { signIn, seriousViolations } from './helpers';
import { USERS } from './users';

/** How many Austin listings to read before giving up on finding one. */
const LOOK_AT = 200;

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png` });
}

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

type Estimated = Property & { valueEstimate: NonNullable<Property['valueEstimate']> };

/** An Austin demo listing with a value estimate and its 80 % range (the backtest has run). */
async function listingWithRange(page: Page): Promise<{ summary: ListedProperty; property: Estimated }> {
  const summaries = (await summariesIn(page)).filter((p) => p.ValueGapPercent !== null).slice(0, LOOK_AT);
  for (const summary of summaries) {
    const property = await apiGet<Property>(page, `/api/v1/auth/property/${summary._id}`);
    if (property.valueEstimate?.value != null && property.valueEstimate.range)
      return { summary, property: property as Estimated };
  }
  throw new Error(`None of ${summaries.length} Austin demo listings has a value estimate with a range`);
}

/** The dialog "How accurate?" opened: the market's sentences, as the shared words say them from the API's figures. */
async function expectMarketFigures(root: Locator, market: MarketAccuracy) {
  for (const kind of ['value', 'rent'] as const) {
    await expect(root.getByTestId(`accuracy-sentence-${kind}`)).toHaveText(
      `${accuracySentence(kind, market.city, market[kind]?.figures ?? null)}.`,
    );
    if (market[kind]?.figures.count)
      await expect(root.getByTestId(`error-chart-${kind}`).locator('tbody tr.ant-table-row')).toHaveCount(14);
  }
  await expect(root.getByTestId('accuracy-iaao')).toContainText('Coefficient of dispersion (COD)');
}

test('a value estimate with its range in the popup and on the page, "How accurate?" and the Accuracy page, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await waitForBacktest(page);
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/search');
  await waitForFakeMap(page);
  const { summary, property } = await listingWithRange(page);
  const estimate = property.valueEstimate;
  const range = estimate.range!;
  const sentence = valueEstimateText(estimate);
  expect(sentence).toMatch(
    /^Estimated value \$[\d,]+ · 80 % range \$[\d,]+–\$[\d,]+ · from \d+ sales? within [\d.]+ mi, last \d+ months?( · list price (\d+ % (below|above)|at the estimate))?$/,
  );
  expect(range.low).toBeLessThanOrEqual(estimate.value!);
  expect(range.high).toBeGreaterThanOrEqual(estimate.value!);
  const market = await apiGet<MarketAccuracy>(page, `/api/v1/accuracy/markets/${range.state}/${encodeURIComponent(range.city)}`);
  const name = marketName(range);

  // The popup's Property tab: the estimate and its range beside the deal label, and its market's accuracy.
  const popup = await openPopupOf(page, summary);
  await expect(popup.getByTestId('value-estimate')).toHaveText(sentence);
  await popup.getByTestId('how-accurate-value').click();
  const dialog = page.getByRole('dialog', { name: `How accurate are our estimates in ${name}?` });
  await expect(dialog).toBeVisible();
  await expectMarketFigures(dialog, market);
  await picture(page, 'accuracy-popup-dialog');
  expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
  await dialog.locator('.dm-accuracy-dialog-links').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The property page: the line by the deal label, the adjustment grid, and each max offer against the estimate.
  await popup.getByRole('link', { name: 'Explore Property' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/property/${property._id}$`));
  await expect(page.getByTestId('value-estimate')).toHaveText(sentence);
  const grid = page.getByTestId('value-grid-table');
  await expect(grid.locator('caption')).toHaveText('Adjustment grid, by adjusted price');
  await expect(grid.locator('tbody tr.ant-table-row')).toHaveCount(estimate.comps.length);
  await expect(page.getByTestId('value-grid-median')).toContainText(/rounded to \$[\d,]+\.$/);
  await expect(page.getByTestId('offer-value-buyHold')).toContainText(/estimated value \$[\d,]+|^Estimated value/);
  await picture(page, 'accuracy-property');
  expect(await seriousViolations(page)).toEqual([]);

  // "How accurate?" on the page, then its market on the public Accuracy page.
  await page.getByTestId('how-accurate-value').click();
  await expect(dialog).toBeVisible();
  await expectMarketFigures(dialog, market);
  expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
  await dialog.getByRole('link', { name: `${name} on the Accuracy page` }).click();
  await expect(page).toHaveURL(new RegExp(`/accuracy/${range.state}/${encodeURIComponent(range.city)}$`));
  const marketPage = page.getByTestId('accuracy-market-page');
  await expect(marketPage.getByRole('heading', { name: `How accurate are our estimates in ${name}?` })).toBeVisible();
  await expectMarketFigures(marketPage, market);
  await picture(page, 'accuracy-market');
  expect(await seriousViolations(page)).toEqual([]);

  // Every market, aggregates only, with all markets together first.
  await marketPage.getByRole('link', { name: '← Every market' }).click();
  const table = page.getByTestId('accuracy-markets');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('All markets');
  await expect(table.getByRole('link', { name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: the same screens, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/accuracy');
  await expect(table).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await table.getByRole('link', { name }).click();
  await expectMarketFigures(marketPage, market);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'accuracy-market');

  await page.goto(`/app/property/${property._id}`);
  await expect(page.getByTestId('value-estimate')).toHaveText(sentence);
  await expect(page.getByTestId('value-grid-table')).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'accuracy-property');
  await page.getByTestId('how-accurate-value').click();
  await expect(dialog).toBeVisible();
  await expectMarketFigures(dialog, market);
  await expect(dialog.locator('.dm-accuracy-dialog-links').getByRole('button', { name: 'Close' })).toBeInViewport();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
  await picture(page, 'accuracy-property-dialog');
});
