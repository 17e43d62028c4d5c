/**
 * Profile screens: a fresh user saves strategies and the map popup's strategy
 * tabs follow at once; the experience is saved too, and both survive a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForFakeMap } from './fixtures/maps';
import { openPopupOf, propertyWithEveryStrategy, signUp } from './investor-helpers';
import { uniqueEmail } from './users';

// Tall enough for the 350 px popup above a centred marker to clear the header.
test.use({ viewport: { width: 1280, height: 900 } });

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function chooseStrategies(page: Page, names: { tick?: string[]; untick?: string[] }) {
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await expect(page).toHaveURL(/\/app\/profile\/strategies$/);
  for (const name of names.tick ?? []) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  for (const name of names.untick ?? []) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck();
  const save = page.getByRole('button', { name: 'Save strategies' });
  await save.click();
  // Saved: the screen holds what the profile holds again (the toast of an earlier save may still show).
  await expect(save).toBeDisabled();
  await expect(page.getByText('Strategies saved').last()).toBeVisible();
}

test('saved strategies decide the popup tabs at once; the experience is kept too', async ({ page }) => {
  await signUp(page, uniqueEmail('profile'), 'profile-password-1');
  await page.goto('/app/search');
  await waitForFakeMap(page);
  const property = await propertyWithEveryStrategy(page);
  let popup = await openPopupOf(page, property);
  // A new user starts with every strategy (issue 15).
  await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', 'Buy/Hold', 'BRRRR', 'Fix/Flip', 'ST Rental']);

  // In-app navigation only from here: the saved profile must reach the popup without a reload.
  await chooseStrategies(page, { untick: ["Fix'N'Flip", 'Short-term Rental'] });
  await main(page).getByRole('link', { name: 'Search' }).click();
  await waitForFakeMap(page);
  popup = await openPopupOf(page, property);
  await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', 'Buy/Hold', 'BRRRR']);

  await chooseStrategies(page, { tick: ['Short-term Rental'], untick: ['BRRRR'] });
  await main(page).getByRole('link', { name: 'Search' }).click();
  await waitForFakeMap(page);
  popup = await openPopupOf(page, property);
  await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', 'Buy/Hold', 'ST Rental']);
  await popup.getByRole('tab', { name: 'ST Rental' }).click();
  await expect(popup.getByText('Gross annual revenue')).toBeVisible();

  // The experience is saved too, and the overview shows both after a reload.
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('tab', { name: 'Experience' }).click();
  await page.getByRole('radio', { name: /3–10 deals/ }).check();
  await page.getByRole('button', { name: 'Save experience' }).click();
  await expect(page.getByText('Experience saved')).toBeVisible();

  await page.goto('/app/profile');
  const row = (label: string) => page.locator('tr').filter({ has: page.locator('th', { hasText: label }) });
  await expect(row('Experience')).toContainText('3–10 deals');
  await expect(row('Strategies')).toContainText('Buy & Hold');
  await expect(row('Strategies')).toContainText('Short-term Rental');
  await expect(row('Strategies')).not.toContainText('BRRRR');
});
