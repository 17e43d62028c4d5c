/**
 * The map search (/app/search) against the real server with demo data (e2e/start-server.sh loads
 * DEMO_LISTINGS) and the fake Google Maps API (e2e/fixtures): properties for the view, marker →
 * popup, comps, strategy tabs from the profile, place search, recent searches, AuthFailure and
 * the landing page's search.
 */
import type { Page } from '@playwright/test';
import { sessionToken, signIn } from './helpers';
import {
  degreesBetween,
  expect,
  fakeMap,
  fakePlace,
  mapView,
  placesRequests,
  setMapView,
  test,
  waitForFakeMap,
} from './fixtures/maps';
import { USERS } from './users';
import { AUSTIN_BOUNDS, summariesIn, type ListedProperty } from './investor-helpers';
import { dealStatusFromMarker } from '../src/shared/deal-status';
import { markerTitle } from '../src/shared/listing-history';

/** Downtown Austin: the demo data covers it. */
const AUSTIN = { lat: 30.2672, lng: -97.7431 };
/** A property as the map's search sends it (its summary) or GET /property/:id (the whole). */
type ApiProperty = ListedProperty;

/** GET /property/:id: what the summary leaves out and these checks read. */
interface WholeProperty extends ApiProperty {
  dealStatus: string;
  compIDs: string[];
}

interface ApiComp {
  _id: string;
  MLSSoldPrice: number;
}

async function api<T>(page: Page, method: 'GET' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const token = await sessionToken(page);
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Every property in the bounds, through the same API the map pages through. */
const propertiesIn = (page: Page, bounds = AUSTIN_BOUNDS): Promise<ApiProperty[]> => summariesIn(page, bounds);

/** Addresses: street and city title-cased (ordinals stay lower: 12th), the state upper-cased. */
function expectedAddress(
  p: Pick<ApiProperty, 'PropertyAddressFull' | 'PropertyAddressCity' | 'PropertyAddressState' | 'PropertyAddressZIP'>,
): string {
  const word = (w: string) => {
    if (/^\d+(st|nd|rd|th)$/i.test(w)) return w.toLowerCase();
    if (/^(n|s|e|w|ne|nw|se|sw)$/i.test(w) || /\d/.test(w)) return w.toUpperCase();
    return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  };
  const title = (s: string) => s.trim().split(/\s+/).map(word).join(' ');
  return `${title(p.PropertyAddressFull!)}, ${title(p.PropertyAddressCity!)}, ${p.PropertyAddressState!.toUpperCase()} ${p.PropertyAddressZIP}`;
}

const latLngOf = (p: ApiProperty) => ({ lat: p.location.coordinates[1], lng: p.location.coordinates[0] });

/** The marker the fake drew for a property (it writes each marker's position as data-lat/data-lng). */
function markerOf(page: Page, p: ApiProperty) {
  const { lat, lng } = latLngOf(p);
  const round = (v: number) => String(Math.round(v * 1e6) / 1e6);
  return page.locator(`gmp-advanced-marker[data-lat="${round(lat)}"][data-lng="${round(lng)}"]`);
}

async function openSearch(page: Page, query = ''): Promise<void> {
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app\/?$/);
  await page.goto(`/app/search${query}`);
  await waitForFakeMap(page);
}

/** Centres the map on the property at a zoom where nothing clusters (max zoom 16), and clicks its marker. */
async function openPopup(page: Page, p: ApiProperty) {
  const { lat, lng } = latLngOf(p);
  await setMapView(page, lat, lng, 19);
  const marker = markerOf(page, p);
  await expect(marker).toHaveCount(1, { timeout: 15_000 });
  await expect(marker).toHaveAttribute('data-in-view', 'true');
  await marker.click();
  const popup = page.getByTestId('property-popup');
  await expect(popup).toBeVisible();
  return { marker, popup };
}

test('the map loads the properties of the view and draws clusters, then single markers when zoomed in', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/auth/searchProperties')) searches.push(r.url());
  });
  await openSearch(page, `?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&zoom=12`);
  await expect(page.getByRole('region', { name: 'Property Value Indicators' })).toBeVisible();
  await expect(page.getByPlaceholder('Search city, address or ZIP')).toBeVisible();
  await expect(fakeMap(page)).toHaveAttribute('data-zoom', '12');

  // The search asked how many properties the view holds (its cluster answer), then paged the view
  // the map shows, and markers and clusters came in.
  const bySearchType = (type: string) => searches.filter((url) => new URL(url).searchParams.get('type') === type);
  await expect.poll(() => bySearchType('bounds').length, { message: 'a bounds search' }).toBeGreaterThan(0);
  expect(searches.indexOf(bySearchType('clusters')[0])).toBeLessThan(searches.indexOf(bySearchType('bounds')[0]));
  const asked = JSON.parse(new URL(bySearchType('bounds')[0]).searchParams.get('bounds')!) as typeof AUSTIN_BOUNDS;
  const view = await mapView(page);
  expect(asked.ne.lat).toBeCloseTo(view.bounds.north, 4);
  expect(asked.sw.lng).toBeCloseTo(view.bounds.west, 4);

  const clusters = page.locator('gmp-advanced-marker .dm-cluster');
  await expect(clusters.first()).toBeVisible();
  await expect.poll(async () => Number(await fakeMap(page).getAttribute('data-shown-markers'))).toBeGreaterThan(10);
  const count = Number(await clusters.first().getAttribute('data-count'));
  expect(count).toBeGreaterThan(1);
  await expect(clusters.first()).toHaveAttribute('title', /^\d+ propert(y|ies): \d+ good deals?, \d+ at market, \d+ overpriced$/);

  // Clicking a cluster zooms in to it (the one nearest the centre, clear of the overlays).
  const nearest = await page.evaluate(() => {
    const map = document.querySelector('[data-fake-map]')!.getBoundingClientRect();
    const cx = map.left + map.width / 2;
    const cy = map.top + map.height / 2;
    let best: { id: string; d: number } | null = null;
    for (const el of Array.from(document.querySelectorAll('gmp-advanced-marker[data-in-view="true"]'))) {
      if (!el.querySelector('.dm-cluster')) continue;
      const r = el.getBoundingClientRect();
      const d = Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
      if (!best || d < best.d) best = { id: el.getAttribute('data-marker-id')!, d };
    }
    return best?.id ?? null;
  });
  expect(nearest, 'a cluster in view').toBeTruthy();
  await page.locator(`gmp-advanced-marker[data-marker-id="${nearest}"]`).click();
  await expect.poll(async () => (await mapView(page)).zoom).toBeGreaterThan(12);

  // Past the clusters' max zoom (16) every property is a marker of its own, titled with its address.
  const properties = await propertiesIn(page);
  expect(properties.length).toBeGreaterThan(20);
  const p = properties[Math.floor(properties.length / 2)];
  await setMapView(page, latLngOf(p).lat, latLngOf(p).lng, 17);
  const marker = markerOf(page, p);
  await expect(marker).toHaveCount(1, { timeout: 15_000 });
  await expect(marker).toHaveAttribute('title', markerTitle(expectedAddress(p), p));
  await expect(marker).toHaveAttribute('role', 'button');
  await expect(marker.locator('gmp-pin')).toHaveAttribute('data-background', p.markerColor.background);
  await expect(page.locator('gmp-advanced-marker .dm-cluster')).toHaveCount(0);
});

test('a wide view draws the server clusters of one request; clicking one zooms in to its cell', async ({ page }) => {
  const searches: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/auth/searchProperties')) searches.push(new URL(r.url()));
  });
  // Central Texas at zoom 8: Austin, San Antonio and their neighbours in one view.
  await openSearch(page, `?lat=30.0&lng=-97.9&zoom=8`);
  await expect(fakeMap(page)).toHaveAttribute('data-marker-mode', 'server-clusters', { timeout: 15_000 });
  // One cluster request draws the view; the list beside it asks for the view's best (type=top).
  await expect.poll(() => searches.map((u) => u.searchParams.get('type')).sort()).toEqual(['clusters', 'top']);
  const clusterSearch = searches.find((u) => u.searchParams.get('type') === 'clusters')!;
  expect(clusterSearch.searchParams.get('zoom')).toBe('8');

  const cells = page.locator('gmp-advanced-marker .dm-cluster');
  await expect(cells.first()).toBeVisible();
  // The cells add up to the properties of the view, as the API counts them.
  const answer = await api<{ total: number; clusters: Array<{ count: number }> }>(
    page,
    'GET',
    `/api/v1/auth/searchProperties?${new URLSearchParams({ type: 'clusters', zoom: '8', bounds: clusterSearch.searchParams.get('bounds')! })}`,
  );
  // Cells whose circles would overlap are drawn as one (cluster-spacing.ts): fewer circles, the same total.
  await expect
    .poll(() => cells.evaluateAll((els) => els.reduce((sum, el) => sum + Number((el as HTMLElement).dataset.count), 0)))
    .toBe(answer.total);
  expect(await cells.count()).toBeLessThanOrEqual(answer.clusters.length);
  await expect(cells.first()).toHaveAttribute(
    'aria-label',
    /^\d+ propert(y|ies): \d+ good deals?, \d+ at market, \d+ overpriced$/,
  );

  // The biggest cell (Austin's): a click fits the map to its properties, closer in.
  const biggest = await page.evaluate(() => {
    let best: { id: string; n: number } | null = null;
    for (const el of Array.from(document.querySelectorAll('gmp-advanced-marker[data-in-view="true"]'))) {
      const n = Number(el.querySelector<HTMLElement>('.dm-cluster')?.dataset.count ?? 0);
      if (!best || n > best.n) best = { id: el.getAttribute('data-marker-id')!, n };
    }
    return best?.id ?? null;
  });
  expect(biggest).toBeTruthy();
  await page.locator(`gmp-advanced-marker[data-marker-id="${biggest}"]`).click();
  await expect.poll(async () => (await mapView(page)).zoom).toBeGreaterThan(8);
});

test('a marker click opens the popup with the address and the deal label; Close closes it', async ({ page }) => {
  await openSearch(page);
  const properties = await propertiesIn(page);
  // One of each status, so the label is checked against the marker colour rules too.
  for (const status of ['Good Deal', 'Overpriced']) {
    const p = properties.find((x) => dealStatusFromMarker(x.markerColor.background) === status);
    if (!p) continue;
    const property = await api<WholeProperty>(page, 'GET', `/api/v1/auth/property/${p._id}`);
    expect(property.dealStatus).toBe(status);
    const { marker, popup } = await openPopup(page, property);
    const address = expectedAddress(property);
    await expect(popup.getByTestId('popup-address')).toHaveText(address);
    // A recent price cut follows the address ("… — price cut 5% 3 days ago").
    await expect(marker).toHaveAttribute('title', markerTitle(address, property));
    // The header's label (the Property tab repeats it).
    await expect(popup.getByTestId('deal-label').first()).toHaveText(status);
    await expect(popup.getByTestId('deal-label')).toHaveText([status, status]);
    await expect(popup.getByRole('link', { name: 'Explore Property' })).toHaveAttribute('href', `/app/property/${property._id}`);
    await expect(popup.getByRole('tab', { name: 'Property' })).toBeVisible();
    await expect(popup.getByRole('tab', { name: 'Comps' })).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('property-popup')).toHaveCount(0);
  }
});

test('the desktop popup takes focus once its window shows it; Esc from inside closes it and focus returns to the marker', async ({
  page,
}) => {
  await openSearch(page);
  const [p] = await propertiesIn(page);
  // The fake's info window joins the page a moment after open(), as Google's does.
  const { marker, popup } = await openPopup(page, p);
  await expect(popup).toBeFocused();
  await popup.getByRole('tab', { name: 'Comps' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('property-popup')).toHaveCount(0);
  await expect(marker).toBeFocused();
});

test('the popup shows the summary at once and fills its tabs from the whole property, asked once', async ({ page }) => {
  await openSearch(page);
  const p = (await propertiesIn(page)).find((x) => Object.values(x.cashOnCash).every((figure) => figure !== null))!;
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/v1/auth/property/${p._id}`)) asked.push(r.url());
  });
  const { popup } = await openPopup(page, p);
  await expect(popup.getByTestId('popup-address')).toHaveText(expectedAddress(p));
  await expect(popup).toHaveAttribute('data-loaded', 'true');
  await popup.getByRole('tab', { name: 'Buy/Hold' }).click();
  const tab = popup.getByTestId('strategy-buyHold');
  await expect(tab).toHaveAttribute('aria-busy', 'false');
  await expect(tab.locator('.dm-figure-skeleton')).toHaveCount(0);
  await expect(tab.getByText('Total cash needed')).toBeVisible();
  await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', 'Buy/Hold', 'BRRRR', 'Fix/Flip', 'ST Rental']);
  expect(asked).toHaveLength(1);
});

test("a link with the property's id opens its popup; the open popup's property is in the URL", async ({ page }) => {
  await openSearch(page);
  const [p] = await propertiesIn(page);
  const [lng, lat] = p.location.coordinates;
  await page.goto(`/app/search?lat=${lat}&lng=${lng}&zoom=18&property=${p._id}`);
  await waitForFakeMap(page);
  const popup = page.getByTestId('property-popup');
  await expect(popup.getByTestId('popup-address')).toHaveText(expectedAddress(p));
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/[?&]property=/);
  const { marker } = await openPopup(page, p);
  await expect(marker).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`[?&]property=${p._id}(&|$)`));
});

test('the Comps tab shows the cards, the price bar and the top 5 comps by sold price', async ({ page }) => {
  await openSearch(page);
  // The comp ids are the whole property's (GET /property/:id): the first 40 of the view are asked.
  const properties = await Promise.all(
    (await propertiesIn(page)).slice(0, 40).map((p) => api<WholeProperty>(page, 'GET', `/api/v1/auth/property/${p._id}`)),
  );
  const withComps = properties.filter((p) => p.compIDs.length > 0);
  expect(withComps.length).toBeGreaterThan(0);
  // The most comps shows the cut to 5.
  const p = withComps.reduce((a, b) => (b.compIDs.length > a.compIDs.length ? b : a));
  const comps = await api<ApiComp[]>(page, 'GET', `/api/v1/auth/property/comps?ids=${p.compIDs.join(',')}`);
  const sold = comps.map((c) => c.MLSSoldPrice).sort((a, b) => b - a);

  const { popup } = await openPopup(page, p);
  await popup.getByRole('tab', { name: 'Comps' }).click();
  for (const card of ['Total Comps', 'Average Price', 'Price Range', 'Market Data']) {
    await expect(popup.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(popup.getByTestId('price-position-bar')).toBeVisible();
  const expectedPosition =
    p.LatestListingPrice > sold[0] ? 'above' : p.LatestListingPrice < sold[sold.length - 1] ? 'below' : 'within';
  await expect(popup.getByTestId('price-position-marker')).toHaveAttribute('data-position', expectedPosition);

  const rows = popup.getByTestId('top-comps').getByTestId('top-comp');
  await expect(rows).toHaveCount(Math.min(5, comps.length));
  const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
  const shown = await rows.locator('.dm-comp-price').allTextContents();
  expect(shown).toEqual(sold.slice(0, 5).map(money));
});

test('strategy tabs follow the profile strategies', async ({ page }) => {
  await openSearch(page);
  const catalogue = await api<Array<{ _id: string; name: string }>>(page, 'GET', '/api/v1/lookups/investmentStrategies');
  const everyStrategy = catalogue.map((c) => c._id);
  // A user starts with every strategy (issue 15); set it again so a retry starts where the first try did.
  await api(page, 'PATCH', '/api/v1/auth/profile/strategies', { updates: everyStrategy });
  const properties = await propertiesIn(page);
  const p = properties.find((x) => Object.values(x.cashOnCash).every((figure) => figure !== null));
  expect(p, 'a demo property with results for every strategy').toBeTruthy();

  const strategyTabs = ['Buy/Hold', 'BRRRR', 'Fix/Flip', 'ST Rental'];
  const { popup } = await openPopup(page, p!);
  await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', ...strategyTabs]);
  await expect(page).toHaveURL(new RegExp(`[?&]property=${p!._id}(&|$)`));

  const ids = ['Buy & Hold', 'BRRRR'].map((name) => {
    const found = catalogue.find((s) => s.name === name);
    if (!found) throw new Error(`No strategy named ${name} in the catalogue`);
    return found._id;
  });
  // A reload keeps the view and the open popup (its deep link), which shows the profile's strategies.
  try {
    await api(page, 'PATCH', '/api/v1/auth/profile/strategies', { updates: [] });
    await page.reload();
    await waitForFakeMap(page);
    await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps']);

    await api(page, 'PATCH', '/api/v1/auth/profile/strategies', { updates: ids });
    await page.reload();
    await waitForFakeMap(page);
    await expect(popup.getByRole('tab')).toHaveText(['Property', 'Comps', 'Buy/Hold', 'BRRRR']);
    for (const hidden of strategyTabs.slice(2)) await expect(popup.getByRole('tab', { name: hidden })).toHaveCount(0);
    await popup.getByRole('tab', { name: 'BRRRR' }).click();
    await expect(popup.getByText('These results are best estimates and are not guaranteed.')).toBeVisible();
  } finally {
    await api(page, 'PATCH', '/api/v1/auth/profile/strategies', { updates: everyStrategy });
  }
});

test('choosing a place fits the map to it and records a recent search with the filters', async ({ page }) => {
  await openSearch(page, '?minBeds=3');
  const before = await mapView(page);
  const dallas = await fakePlace(page, 'Dallas');

  const input = page.getByRole('combobox', { name: 'Search places' });
  await input.fill('Dall');
  // Ant Design's AutoComplete: the visible option shows the place's main and secondary text.
  const option = page.locator('.ant-select-item-option').filter({ hasText: 'Dallas' });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('TX, USA');
  await option.click();

  await expect.poll(async () => degreesBetween(await mapView(page), dallas.location)).toBeLessThan(0.15);
  const after = await mapView(page);
  expect(after.zoom).toBeLessThan(before.zoom);
  // The map fits the place's viewport (fitBounds): the viewport is inside the view.
  expect(after.bounds.north).toBeGreaterThanOrEqual(dallas.viewport.north - 1e-6);
  expect(after.bounds.south).toBeLessThanOrEqual(dallas.viewport.south + 1e-6);

  // Restricted to the US and English, with the fields the popup needs.
  const calls = await placesRequests(page);
  const suggestion = calls.find((c) => c.kind === 'fetchAutocompleteSuggestions');
  expect(suggestion?.includedRegionCodes).toEqual(['us']);
  expect(suggestion?.language).toBe('en');
  expect(calls.find((c) => c.kind === 'fetchFields')?.fields).toEqual(expect.arrayContaining(['location', 'viewport']));

  await expect
    .poll(async () => {
      const recent = await api<Array<{ name: string; formattedAddress: string; lat: number; lng: number; filters: object }>>(
        page,
        'GET',
        '/api/v1/auth/recentSearches',
      );
      return recent.find((r) => r.formattedAddress === dallas.formattedAddress) ?? null;
    })
    .toMatchObject({ name: 'Dallas', lat: dallas.location.lat, lng: dallas.location.lng, filters: { minBeds: '3' } });
});

test('the landing search goes through sign-in and ends with the map centred on Austin', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Enter city, state, or ZIP code').fill('Austin, TX');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByLabel('Email').fill(USERS.investor.email);
  await page.getByLabel('Password').fill(USERS.investor.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/search\?place=Austin/);
  await waitForFakeMap(page);
  const austin = await fakePlace(page, 'Austin');
  await expect.poll(async () => degreesBetween(await mapView(page), austin.location)).toBeLessThan(0.15);
  // The city's viewport, not the default street-level zoom.
  expect((await mapView(page)).zoom).toBeLessThan(14);
});

test.describe('a rejected Maps key', () => {
  test.use({ fakeMapsMode: 'authFailure' });

  test('shows Error: AuthFailure in place of the map', async ({ page }) => {
    await signIn(page, USERS.investor);
    await expect(page).toHaveURL(/\/app\/?$/);
    await page.goto('/app/search');
    await expect(page.getByText('Error: AuthFailure')).toBeVisible();
    await expect(page.getByTestId('deal-map')).toHaveCount(0);
  });
});

test.describe('a Maps script that cannot load', () => {
  test.use({ fakeMapsMode: 'scriptError' });

  test('shows the script failure message', async ({ page }) => {
    await signIn(page, USERS.investor);
    await expect(page).toHaveURL(/\/app\/?$/);
    await page.goto('/app/search');
    await expect(page.getByTestId('map-error')).toContainText('could not load');
  });
});
