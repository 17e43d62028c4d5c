/**
 * The property page (/app/property/:id) against the real server: opened from the map popup's
 * 'Explore Property', the what-if recomputes in the browser, Reset, a saved calculation found on
 * the dashboard and reopened from it, and the print report. A user of its own (signed up here), so
 * the saved calculation never shows on another spec's dashboard.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForFakeMap } from './fixtures/maps';
import { openPopupOf, propertyWithEveryStrategy, signUp } from './investor-helpers';
import { uniqueEmail } from './users';

/** The value next to a label in one strategy's card. */
const cardValue = (page: Page, strategy: string, label: string): Locator =>
  page
    .getByTestId(`strategy-card-${strategy}`)
    .locator('.ant-descriptions-item', { has: page.locator('.ant-descriptions-item-label', { hasText: label }) })
    .locator('.ant-descriptions-item-content');

async function openPropertyFromMap(page: Page): Promise<string> {
  await signUp(page, uniqueEmail('property-page'), 'property-page-password-1');
  await page.goto('/app/search');
  await waitForFakeMap(page);
  const property = await propertyWithEveryStrategy(page);
  const popup = await openPopupOf(page, property);
  const address = await popup.getByTestId('popup-address').textContent();
  await popup.getByRole('link', { name: 'Explore Property' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/property/${property._id}$`));
  await expect(page.getByRole('heading', { name: address! })).toBeVisible();
  return property._id;
}

test('explore a property from the map, change the rate, save the calculation and find it on the dashboard', async ({ page }) => {
  const propertyId = await openPropertyFromMap(page);
  await expect(page.getByTestId('property-details')).toBeVisible();
  await expect(page.getByTestId('property-comps')).toBeVisible();
  for (const strategy of ['buyHold', 'brrrr', 'fixFlip', 'shortTerm'])
    await expect(page.getByTestId(`strategy-card-${strategy}`)).toBeVisible();
  // A best fit pays: at most one, and when every strategy loses the page says so instead.
  await expect(page.getByTestId('best-fit').or(page.getByTestId('no-fit'))).toBeVisible();
  expect(await page.getByText('#1 Best fit').count()).toBe((await page.getByTestId('best-fit').count()) ? 1 : 0);
  // Each card has its max offer at the default targets.
  await expect(page.getByTestId('max-offer-buyHold')).toHaveText(
    /^Max offer: (Pays 8% at \$[\d,]+ or less( \(the asking price qualifies\))?|Does not pay 8% at any price)$/,
  );
  await expect(page.getByTestId('max-offer-fixFlip')).toHaveText(/^Max offer: (Makes|Does not make) 15% of ARV/);

  const rate = page.getByLabel('Interest rate');
  const startRate = await rate.inputValue();
  expect(Number(startRate)).toBeGreaterThan(0);
  const income = cardValue(page, 'buyHold', 'Net monthly income');
  const before = await income.textContent();
  const irr = page.getByTestId('sale-summary');
  const irrBefore = await irr.textContent();

  // A rate well above any market rate: the mortgage grows, so every financed cash flow falls.
  await rate.fill('12');
  await expect(page.getByTestId('rate-in-use')).toContainText('12.00%');
  await expect(income).not.toHaveText(before!);
  await expect(irr).not.toHaveText(irrBefore!);
  await expect(page.getByTestId('reset-what-if')).toHaveText('Reset (1 changed)');

  await page.getByTestId('reset-what-if').click();
  await expect(income).toHaveText(before!);
  await expect(rate).toHaveValue(startRate);

  await rate.fill('9');
  await expect(page.getByTestId('rate-in-use')).toContainText('9.00%');
  const at9 = await income.textContent();

  const name = `E2E property ${Date.now()}`;
  await page.getByRole('button', { name: 'Save calculation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save calculation' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved calculation created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/property/${propertyId}\\?calc=`));
  await expect(page.getByTestId('saved-name')).toHaveText(name);

  // The dashboard's saved calculations list has it; its link reopens it with the rate it was saved with.
  await page.goto('/app/');
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/app/property/${propertyId}\\?calc=`));
  await expect(page.getByTestId('saved-name')).toHaveText(name);
  await expect(page.getByTestId('saved-changes')).toContainText('30-year fixed rate');
  await expect(page.getByLabel('Interest rate')).toHaveValue(/^9(\.0+)?$/);
  await expect(cardValue(page, 'buyHold', 'Net monthly income')).toHaveText(at9!);
});

test('the print report hides the app and the inputs and shows the date, the rate and the assumptions used', async ({ page }) => {
  await openPropertyFromMap(page);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print report' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.dm-app-header')).toBeHidden();
  await expect(page.getByLabel('Interest rate')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save calculation' })).toBeHidden();
  await expect(page.getByText('Dealmap investment analysis')).toBeVisible();
  await expect(page.getByText(/^Prepared .* · rate used \d+\.\d{2}%/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assumptions used' })).toBeVisible();
  for (const strategy of ['buyHold', 'brrrr', 'fixFlip', 'shortTerm'])
    await expect(page.getByTestId(`strategy-card-${strategy}`)).toBeVisible();
  // Every projection year is on paper, not inside a scrolling box.
  await expect(page.getByTestId('projection-table').locator('tbody tr.ant-table-row')).toHaveCount(30);
  await expect(page.locator('.dm-projection-table .ant-table-body')).toHaveCSS('max-height', 'none');

  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByText('Dealmap investment analysis')).toBeHidden();
});
