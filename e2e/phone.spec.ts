/**
 * Phones (issue 15), run by the phone projects (390×844 and 360×740): the header's links are in a
 * menu, the map popup is a bottom sheet that fits the screen and closes with Escape, and the
 * quick-actions button covers neither the map's search box, its legend nor the list's handle.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { installFakeGoogleMaps, waitForFakeMap } from './fixtures/maps';
import { signIn } from './helpers';
import { openPopupOf, propertyWithEveryStrategy } from './investor-helpers';
import { USERS } from './users';

test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 640, 'phone sizes only');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} has no box`);
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function screen(page: Page) {
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return size;
}

test.beforeEach(async ({ page }) => {
  await installFakeGoogleMaps(page);
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app/);
});

test('the header collapses its links into a menu', async ({ page }) => {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Dashboard', 'Search', 'Markets', 'Pipeline', 'Portfolio', 'Profile', 'Account']);
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/account$/);
  await expect(page.getByRole('heading', { name: 'Account' }).first()).toBeVisible();
});

test('the popup is a bottom sheet that fits the screen, its tabs inside it; Escape closes it', async ({ page }) => {
  const property = await propertyWithEveryStrategy(page);
  await page.goto('/app/search');
  await waitForFakeMap(page);
  // Zoom 18: at 19 a 360 px wide map spans less than the 0.001° the spec's bounds rules require.
  const popup = await openPopupOf(page, property, 18);
  const { width, height } = screen(page);
  await expect(async () => {
    const box = await boxOf(popup);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  }).toPass({ timeout: 5_000 });
  // Every tab is on screen (they wrap rather than hide behind a "more" button).
  for (const tab of await popup.getByRole('tab').all()) {
    const box = await boxOf(tab);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await expect(popup).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('the quick-actions button covers neither the search box, the legend nor the list handle', async ({ page }) => {
  await page.goto('/app/search?lat=30.2672&lng=-97.7431&zoom=13');
  const toggle = page.getByRole('button', { name: 'Open quick actions' });
  await expect(toggle).toBeVisible();
  // (Google's zoom and camera controls move to the map's right centre on a phone: phone-map-controls.ts.)
  const others = [
    page.getByRole('region', { name: 'Property Value Indicators' }),
    page.getByRole('combobox', { name: /Search/ }).first(),
    page.getByRole('button', { name: /Show the list/ }),
  ];
  for (const other of others) {
    await expect(other).toBeVisible();
    // Measured once the page has settled into its phone layout.
    await expect
      .poll(async () => overlaps(await boxOf(toggle), await boxOf(other)), {
        message: `${String(other)} under the quick-actions button`,
      })
      .toBe(false);
  }
});
