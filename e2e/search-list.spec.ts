/**
 * The list beside the map (/app/search) against the real server with demo data and the fake Maps
 * API: the rows of the view, sort and filters on list and markers together, row ↔ marker, the URL,
 * the search without a Maps key, and the phone's bottom sheet.
 */
import type { Page } from '@playwright/test';
import { signIn } from './helpers';
import { expect, fakeMap, mapView, setMapView, test, waitForFakeMap } from './fixtures/maps';
import { USERS } from './users';
import { summariesIn, type ListedProperty } from './investor-helpers';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };

type ApiProperty = ListedProperty;

async function openSearch(page: Page, query: string): Promise<void> {
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app\/?$/);
  await page.goto(`/app/search${query}`);
}

/** Every property inside the map's current view, through the same API the map pages through. */
async function propertiesInView(page: Page): Promise<ApiProperty[]> {
  const { bounds } = await mapView(page);
  return summariesIn(page, { ne: { lat: bounds.north, lng: bounds.east }, sw: { lat: bounds.south, lng: bounds.west } });
}

const rows = (page: Page) => page.getByTestId('property-row');
const count = (page: Page) => page.getByTestId('match-count');
const shownMarkers = async (page: Page) => Number(await fakeMap(page).getAttribute('data-shown-markers'));

test('the list shows the properties in view, cheapest first; rows and markers answer each other', async ({ page }) => {
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=15`);
  await waitForFakeMap(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  const inView = await propertiesInView(page);
  expect(inView.length).toBeGreaterThan(1);
  await expect(count(page)).toHaveText(`${inView.length} ${inView.length === 1 ? 'property' : 'properties'}`);
  const cheapest = [...inView].sort((a, b) => a.LatestListingPrice - b.LatestListingPrice || (a._id < b._id ? -1 : 1))[0];
  await expect(rows(page).first()).toHaveAttribute('data-id', cheapest._id);

  // At zoom 17 nothing clusters: hovering a row makes its marker stand out; choosing it opens the popup.
  const [lng, lat] = cheapest.location.coordinates;
  await setMapView(page, lat, lng, 17);
  const row = page.locator(`[data-testid="property-row"][data-id="${cheapest._id}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button').hover();
  await expect(
    page.locator('gmp-advanced-marker .dm-pin-highlighted, gmp-advanced-marker.dm-pin-highlighted, .dm-pin-highlighted'),
  ).toHaveCount(1);
  await row.getByRole('button').click();
  await expect(page.getByTestId('property-popup')).toBeVisible();
  await expect(row.getByRole('button')).toHaveAttribute('aria-current', 'true');
});

test('resting on a row prefetches its whole property: the popup a click opens is complete at once', async ({ page }) => {
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=15`);
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  const row = rows(page).nth(1);
  const id = (await row.getAttribute('data-id'))!;
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/v1/auth/property/${id}`));
  await row.getByRole('button').hover();
  // The answer lands in the cache; then a click opens the popup with every tab's figures.
  await (await answered).finished();
  await row.getByRole('button').click();
  const popup = page.getByTestId('property-popup');
  await expect(popup).toBeVisible();
  expect(await popup.getAttribute('data-loaded')).toBe('true');
});

test('filters narrow markers and list together, live in the URL, and Back undoes them', async ({ page }) => {
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=15`);
  await waitForFakeMap(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  const inView = await propertiesInView(page);
  const withFour = inView.filter((p) => (p.BedroomsTotal ?? 0) >= 4).length;
  const markersBefore = await shownMarkers(page);

  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('combobox', { name: 'Beds' }).click();
  await page.getByTitle('4+').click();
  await page.getByRole('button', { name: 'Show results' }).click();

  await expect(page).toHaveURL(/[?&]minBeds=4(&|$)/);
  await expect(count(page)).toHaveText(
    withFour === inView.length
      ? `${inView.length} properties`
      : `${withFour} of ${inView.length} ${inView.length === 1 ? 'property' : 'properties'}`,
  );
  await expect.poll(() => shownMarkers(page)).toBeLessThan(markersBefore);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // A reload keeps the view and the filter; Back removes the filter.
  const url = page.url();
  await page.reload();
  await waitForFakeMap(page);
  await expect(count(page)).toContainText(`${withFour}`, { timeout: 15_000 });
  expect(page.url()).toBe(url);
  await page.goBack();
  await expect(page).not.toHaveURL(/minBeds=/);
  await expect(count(page)).toHaveText(`${inView.length} properties`, { timeout: 15_000 });
});

test('sorting by price high to low puts the dearest property in view first', async ({ page }) => {
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=15`);
  await waitForFakeMap(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  const inView = await propertiesInView(page);
  const dearest = [...inView].sort((a, b) => b.LatestListingPrice - a.LatestListingPrice || (a._id < b._id ? -1 : 1))[0];
  await page.getByText('High to low').click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows(page).first()).toHaveAttribute('data-id', dearest._id);
});

test('a wide view lists the best of the whole view from the server', async ({ page }) => {
  await openSearch(page, '?lat=30.0&lng=-97.9&zoom=8');
  await waitForFakeMap(page);
  await expect(fakeMap(page)).toHaveAttribute('data-marker-mode', 'server-clusters', { timeout: 15_000 });
  await expect(page.getByTestId('top-caption')).toContainText('The best 50 of');
  await expect(rows(page).first()).toBeVisible();
});

test.describe('without a Maps key', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/v1/config', (route) =>
      route.fulfill({ json: { data: { googleMapsApiKey: null, googleMapsMapId: null } } }),
    );
  });

  test("lists Austin's properties for 'Austin', and a ZIP's for the ZIP", async ({ page }) => {
    await openSearch(page, '');
    await expect(page.getByTestId('keyless-banner')).toContainText('The map needs a Google Maps key');
    await expect(page.getByTestId('deal-map')).toHaveCount(0);
    const box = page.getByRole('searchbox', { name: 'Search a place' });
    await box.fill('Austin');
    await box.press('Enter');
    await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(rows(page).first().getByTestId('row-address')).toContainText(', Austin, TX ');
    await expect(count(page)).toHaveText(/^\d[\d,]* properties$/);

    const zip = (await rows(page).first().getByTestId('row-address').textContent())!.slice(-5);
    await box.fill(zip);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`place=${zip}`));
    await expect(async () => {
      const addresses = await page.getByTestId('row-address').allTextContents();
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(a.endsWith(zip)).toBe(true);
    }).toPass({ timeout: 15_000 });

    await box.fill('Atlantis');
    await box.press('Enter');
    await expect(page.getByText(/No such place/)).toBeVisible();
  });

  test('the landing page search leads to the list', async ({ page }) => {
    await signIn(page, USERS.investor);
    await expect(page).toHaveURL(/\/app\/?$/);
    await page.goto('/');
    await page.getByPlaceholder('Enter city, state, or ZIP code').fill('Austin');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sheet opens, scrolls and opens a popup', async ({ page }) => {
    await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=14`);
    await waitForFakeMap(page);
    const handle = page.getByRole('button', { name: /Show the list/ });
    await expect(handle).toBeVisible({ timeout: 15_000 });
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    await handle.click();
    await expect(page.getByRole('button', { name: /Hide the list/ })).toHaveAttribute('aria-expanded', 'true');
    const first = rows(page).first();
    await expect(first).toBeVisible();
    const firstId = await first.getAttribute('data-id');
    await page.getByRole('list', { name: 'Properties in view' }).hover();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => rows(page).first().getAttribute('data-id')).not.toBe(firstId);
    await rows(page).nth(1).getByRole('button').click();
    await expect(page.getByTestId('property-popup')).toBeVisible();
    await expect(page.getByRole('button', { name: /Show the list/ })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('deal status, price and cash-on-cash filters narrow the rows and the markers alike', async ({ page }) => {
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=13`);
  await waitForFakeMap(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('checkbox', { name: 'Good Deal' }).check();
  await page.getByRole('spinbutton', { name: 'Max price' }).fill('900000');
  await page.getByRole('combobox', { name: 'Strategy' }).click();
  await page.locator('.ant-select-item-option[title="Buy & Hold"]').click();
  await page.getByRole('spinbutton', { name: 'Min cash-on-cash %' }).fill('-50');
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/deal=good/);
  await expect(page).toHaveURL(/maxPrice=900000/);
  await expect(page).toHaveURL(/strategy=buyHold&minCoc=-50|minCoc=-50.*strategy=buyHold|strategy=buyHold.*minCoc=-50/);

  await expect(async () => {
    const labels = await rows(page).getByTestId('deal-label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(['Good Deal']));
    // Every lone marker on the map is a good deal's green.
    const pins = await page
      .locator('gmp-advanced-marker[data-in-view="true"] gmp-pin')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-background')));
    expect(new Set(pins)).toEqual(new Set(['#10b981']));
  }).toPass({ timeout: 15_000 });
  const prices = await rows(page).locator('.dm-vlist-price').allTextContents();
  for (const price of prices) expect(Number(price.replace(/[$,]/g, ''))).toBeLessThanOrEqual(900_000);

  // One click back to everything.
  await page.getByRole('toolbar', { name: 'Search settings' }).getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/deal=|maxPrice=|minCoc=/);
});
