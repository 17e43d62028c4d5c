/**
 * The pipeline (issue 40) against the real server: a new investor puts a property in the pipeline from
 * its page with an offer price, moves it from Watching to Owned on the board by keyboard, and downloads
 * the list as a CSV file. Axe finds no serious violation on the board at 1280 and 390 px.
 * SCREENSHOT_DIR set: each step is saved as a picture.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/maps';
import { seriousViolations } from './helpers';
import { anyAustinPropertyId, propertyWithEveryStrategy, signUp } from './investor-helpers';
import { uniqueEmail } from './users';

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

test('an investor works a property from Watching to Owned and exports the pipeline', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('pipeline'), 'pipeline-password-1');
  const propertyId = await anyAustinPropertyId(page);
  await page.goto(`/app/property/${propertyId}`);
  const control = page.getByTestId('pipeline-control');
  await control.getByRole('combobox', { name: 'Pipeline stage' }).click();
  await page.getByTitle('Watching', { exact: true }).click();
  await expect(page.getByText('Added to your pipeline: Watching')).toBeVisible();
  await control.getByRole('spinbutton', { name: 'Offer price' }).fill('200000');
  await control.getByRole('button', { name: 'Save offer' }).click();
  await expect(page.getByText('Offer price saved')).toBeVisible();
  await picture(page, 'pipeline-property');

  await control.getByRole('link', { name: 'Open the pipeline' }).click();
  await expect(page.getByRole('heading', { name: 'Pipeline', level: 2 })).toBeVisible();
  const column = (name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
  await expect(column('Watching').getByText('Offer $200,000')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'pipeline-board');

  // By keyboard: each card's buttons move it one stage on.
  for (const [from, to] of [
    ['Watching', 'Analysing'],
    ['Analysing', 'Offer made'],
    ['Offer made', 'Under contract'],
    ['Under contract', 'Owned'],
  ]) {
    const move = column(from).getByRole('button', { name: new RegExp(`on to ${to}$`) });
    await move.focus();
    await page.keyboard.press('Enter');
    await expect(column(to).getByText('Offer $200,000')).toBeVisible();
  }
  await expect(column('Owned').getByText(/Owned since today/)).toBeVisible();

  const views = page.getByRole('radiogroup', { name: 'View' });
  await views.getByText('List', { exact: true }).click();
  const list = page.getByTestId('pipeline-list');
  await expect(list.getByRole('combobox', { name: /Pipeline stage: / })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Address,City,State,ZIP,Stage,In stage since,Offer price,List price,Listing status,Added');
  expect(csv).toMatch(/,Austin,TX,\d{5},Owned,\d{4}-\d{2}-\d{2},200000,\d+,Active,/);

  await page.setViewportSize({ width: 390, height: 844 });
  await views.getByText('Board', { exact: true }).click();
  await expect(column('Owned').getByText('Offer $200,000')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'pipeline-board');
});

test("the map shows only the pipeline, badged with each stage; the popup shows and changes a deal's stage", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('pipeline-map'), 'pipeline-password-1');
  const property = await propertyWithEveryStrategy(page);
  await page.goto(`/app/property/${property._id}`);
  await page.getByTestId('pipeline-control').getByRole('combobox', { name: 'Pipeline stage' }).click();
  await page.getByTitle('Analysing', { exact: true }).click();
  await expect(page.getByText('Added to your pipeline: Analysing')).toBeVisible();

  const [lng, lat] = property.location.coordinates;
  await page.goto(`/app/search?lat=${lat}&lng=${lng}&zoom=15`);
  const toggle = page.getByTestId('pipeline-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/layer=pipeline/);
  // The map holds the one deal, as its stage badge; the list beside it, the same.
  await expect(page.locator('[data-fake-map]')).toHaveAttribute('data-pipeline-markers', '1');
  const badge = page.locator('gmp-advanced-marker .dm-stage-badge');
  await expect(badge).toHaveCount(1);
  await expect(badge).toHaveText('Analysing');
  const list = page.getByRole('list', { name: 'Pipeline properties in view' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list).toContainText('Analysing');
  await expect(page.getByTestId('match-count')).toHaveText('1 property');
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'pipeline-map');

  await badge.click();
  const popup = page.getByTestId('property-popup');
  await expect(popup).toBeVisible();
  const control = popup.getByTestId('pipeline-control');
  await expect(control).toContainText('Analysing');
  await control.getByRole('combobox', { name: 'Pipeline stage' }).click();
  await page.getByTitle('Offer made', { exact: true }).click();
  await expect(page.getByText('This property moved to Offer made')).toBeVisible();
  await expect(badge).toHaveText('Offer made');
  await picture(page, 'pipeline-map-popup');

  // On a phone: the layer's list in the sheet, nothing wider than the screen, axe clean.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Show the list: 1 property' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'pipeline-map');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Off again: the listings' markers are back.
  await toggle.click();
  await expect(page).not.toHaveURL(/layer=pipeline/);
  await expect(page.locator('gmp-advanced-marker .dm-stage-badge')).toHaveCount(0);
});
