/**
 * From deal to portfolio (issue 40, "Done when") against the real server: a new investor moves a
 * property from Watching to Owned, shares its analysis, opens the link signed out, downloads the PDF,
 * adds the owned deal to the portfolio, enters two months of actuals and reads the portfolio's
 * figures; bad input — a statement with wrong columns, a stage that does not exist, an expired link —
 * gets a clear message and changes nothing. Axe finds no serious violation at 1280 and 390 px.
 * SCREENSHOT_DIR set: each step is saved as a picture.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/maps';
import { seriousViolations, sessionToken } from './helpers';
import { monthFromNow, propertyWithEveryStrategy, signUp } from './investor-helpers';
import { uniqueEmail } from './users';

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

const month = monthFromNow;

test('a deal goes from Watching to Owned, is shared and downloaded, and its actuals show in the portfolio', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('portfolio'), 'portfolio-password-1');
  const property = await propertyWithEveryStrategy(page);
  await page.goto(`/app/property/${property._id}`);
  const title = (await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  const street = title.split(',')[0];

  // Watching, then Owned, from the property page.
  const control = page.getByTestId('pipeline-control');
  const stage = control.getByRole('combobox', { name: 'Pipeline stage' });
  await stage.click();
  await page.getByTitle('Watching', { exact: true }).click();
  await expect(page.getByText('Added to your pipeline: Watching')).toBeVisible();
  await stage.click();
  await page.getByTitle('Owned', { exact: true }).click();
  await expect(page.getByText(/moved to Owned$/)).toBeVisible();

  // A stage that does not exist: refused with the stages named, nothing moved.
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const deal = (await (await page.request.get(`/api/v1/auth/pipeline/properties/${property._id}`, { headers })).json()) as {
    data: { _id: string; stage: string };
  };
  const bought = await page.request.patch(`/api/v1/auth/pipeline/${deal.data._id}`, { headers, data: { stage: 'bought' } });
  expect(bought.status()).toBe(400);
  expect(((await bought.json()) as { error: { message: string } }).error.message).toContain('watching, analysing, offer-made');
  const still = (await (await page.request.get(`/api/v1/auth/pipeline/${deal.data._id}`, { headers })).json()) as typeof deal;
  expect(still.data.stage).toBe('owned');

  // Shared, and opened by someone signed out; the PDF from both sides.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this analysis' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByTestId('share-link').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(execFileSync('pdftotext', ['-layout', await pdf.path(), '-'], { encoding: 'utf8' })).toContain(title);
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('shared-report').getByRole('heading', { level: 2 })).toHaveText(title);
  const [sharedPdf] = await Promise.all([
    guest.waitForEvent('download'),
    guest.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(execFileSync('pdftotext', [await sharedPdf.path(), '-'], { encoding: 'utf8' })).toContain(title);
  // A link that is not whole says so.
  await guest.goto(`${link.slice(0, -4)}`);
  await expect(guest.getByRole('alert')).toContainText('This link is not valid');
  await visitor.close();

  // The portfolio offers the owned deal; added as a cash purchase two months ago.
  await page.goto('/app/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 2 })).toBeVisible();
  const owned = page.locator('[data-testid^="owned-deal-"]').filter({ hasText: street });
  await expect(owned).toBeVisible();
  await owned.getByRole('button', { name: /Add to portfolio/ }).click();
  const add = page.getByRole('dialog');
  await expect(add.getByLabel('Purchase price')).not.toHaveValue('');
  await add.getByLabel('Purchase date').fill(`${month(-2)}-01`);
  await add.getByLabel('Purchase date').press('Enter');
  await add.getByRole('button', { name: /^Add/ }).click();
  const table = page.getByTestId('portfolio-table');
  await expect(table.getByText(street)).toBeVisible();
  await picture(page, 'portfolio-added');

  // Two months of actuals.
  await table.getByRole('link', { name: street }).click();
  const figures = page.getByTestId('property-figures');
  for (const [m, rent, expenses, entered] of [
    [month(-1), '1800', '400', '1 month entered'],
    [month(0), '1800', '650', '2 months entered'],
  ] as const) {
    await page.getByTestId('add-month').click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Month').fill(m);
    await form.getByLabel('Month').press('Enter');
    await form.getByLabel('Rent').fill(rent);
    await form.getByLabel('Vacant days').fill('0');
    await form.getByLabel('Expenses').fill(expenses);
    await form.getByRole('button', { name: /^Save/ }).click();
    await expect(figures).toContainText(entered);
  }
  await expect(figures).toContainText('$2,550');
  await picture(page, 'portfolio-property');

  // A statement with wrong columns: named, nothing changed.
  await page.getByTestId('import-actuals').click();
  const upload = page.getByRole('dialog');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Month,Amount\n${month(-1)},1900\n`),
  });
  await upload.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByText('Unknown column "Amount". The columns are: Month, Rent, Vacant days, Expenses, Note'),
  ).toBeVisible();
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(figures).toContainText('$2,550');

  await page.goto('/app/portfolio');
  await expect(page.getByTestId('portfolio-totals')).toContainText('$2,550');
  await expect(page.getByTestId('portfolio-changes')).toContainText('Cash flow $2,550 to date');
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'portfolio');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('portfolio-totals')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'portfolio');
});
