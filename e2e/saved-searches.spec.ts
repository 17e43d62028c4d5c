/**
 * Saving a search (issue 28): the search page's Save search dialog keeps the place, the view, the
 * filters and the sort; the dashboard's card lists it and Open restores it. The dialog and the card
 * pass axe at desktop size and on a phone, where nothing scrolls sideways. SCREENSHOT_DIR set: each
 * step is also saved as a picture there.
 */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/maps';
import { seriousViolations } from './helpers';
import { signUp } from './investor-helpers';
import { uniqueEmail } from './users';

const SEARCH = '/app/search?place=Austin&minBeds=3&deal=good&sort=price&order=desc';

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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`saved searches at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(viewport.width < 640 ? { hasTouch: true, isMobile: true } : {}) });

    test('save the search in view, find it on the dashboard and open it again', async ({ page }) => {
      await signUp(page, uniqueEmail('saved-search'), 'saved-search-password-1');
      await page.goto(SEARCH);
      await expect(page.getByTestId('deal-map')).toBeVisible({ timeout: 20_000 });
      const save = page.getByRole('button', { name: 'Save search' });
      await expect(save).toBeEnabled({ timeout: 20_000 });
      await save.click();

      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await expect(dialog).toBeVisible();
      // The place the map searched names the search; the summary says what is kept.
      await expect(dialog.getByLabel('Name')).toHaveValue('Austin');
      await expect(dialog).toContainText('Austin, TX, USA');
      await expect(dialog).toContainText('3+ beds · Good Deal');
      await expect(dialog).toContainText('Price, high to low');
      await page.waitForTimeout(300);
      await picture(page, 'save-dialog');
      expect(await seriousViolations(page, '.ant-modal')).toEqual([]);

      await dialog.getByLabel('Name').fill('Austin 3-bed good deals');
      await dialog.getByRole('radio', { name: /Daily digest/ }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved search created successfully')).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.goto('/app');
      const item = page.getByRole('listitem').filter({ hasText: 'Austin 3-bed good deals' });
      await expect(item).toBeVisible({ timeout: 20_000 });
      await expect(item).toContainText('Nothing new since you last looked');
      await expect(item).toContainText('Austin, TX, USA · 3+ beds · Good Deal');
      await expect(item).toContainText('Alerts: Daily digest');
      await item.scrollIntoViewIfNeeded();
      await picture(page, 'dashboard-card');
      expect(await seriousViolations(page)).toEqual([]);
      if (viewport.width < 640) await noSidewaysScroll(page);

      await item.getByRole('button', { name: 'Open Austin 3-bed good deals' }).click();
      await expect(page).toHaveURL(/\/app\/search\?lat=30\.\d+&lng=-97\.\d+&zoom=\d+/);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ minBeds: '3', deal: 'good', sort: 'price', order: 'desc' });
      await expect(page.getByTestId('deal-map')).toBeVisible({ timeout: 20_000 });
    });
  });
}
