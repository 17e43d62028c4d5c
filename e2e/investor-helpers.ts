/** Helpers of the investor pages' specs (profile, account, contacts). */
import { expect, type Page } from '@playwright/test';
import type { MapBounds } from '../src/shared/geo/bounds';
import type { AccuracyOverview } from '../src/shared/schemas/accuracy';
import type { PropertySummaryRow } from '../src/shared/schemas/property-search';
import { summaryFromRow, type PropertySummary } from '../src/shared/search-summary';
import { DEFAULT_OFFER_TARGETS } from '../src/shared/invest';
import { DEFAULT_GROWTH } from '../src/shared/invest/projection';
import { startingWhatIf } from '../src/shared/invest/starting-what-if';
import type { Property } from '../src/shared/schemas/property';
import { setMapView } from './fixtures/maps';
import { sessionToken } from './helpers';
import { uniqueEmail } from './users';

export { sessionToken };

/** Signs up through the /signup page and waits for the dashboard. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
}

/** GET an /api/v1 path as the signed-in user; the `data` of the answer. */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(response.status(), `GET ${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export type ListedProperty = PropertySummary;

/** A box around the Austin demo listings. */
export const AUSTIN_BOUNDS: MapBounds = { ne: { lat: 30.45, lng: -97.55 }, sw: { lat: 30.1, lng: -97.95 } };

/** The id of an Austin demo property (the cheapest of the box, by GET /searchProperties?type=top). */
export async function anyAustinPropertyId(page: Page): Promise<string> {
  const params = new URLSearchParams({ type: 'top', bounds: JSON.stringify(AUSTIN_BOUNDS) });
  const found = await apiGet<{ properties: PropertySummaryRow[] }>(page, `/api/v1/auth/searchProperties?${params}`);
  expect(found.properties.length, 'Austin demo properties').toBeGreaterThan(0);
  return summaryFromRow(found.properties[0])._id;
}

/** Every property in the bounds as the map gets them (GET /searchProperties?type=bounds, page by page), read into their summaries. */
export async function summariesIn(page: Page, bounds: MapBounds = AUSTIN_BOUNDS): Promise<PropertySummary[]> {
  const all: PropertySummary[] = [];
  let next: string | undefined;
  do {
    const params = new URLSearchParams({ type: 'bounds', bounds: JSON.stringify(bounds) });
    if (next) params.set('next', next);
    const answer = await apiGet<{ properties: PropertySummaryRow[]; next: string }>(
      page,
      `/api/v1/auth/searchProperties?${params}`,
    );
    all.push(...answer.properties.map(summaryFromRow));
    next = answer.next === 'done' ? undefined : answer.next;
  } while (next);
  return all;
}

/** A demo property in Austin with results for all four strategies. */
export async function propertyWithEveryStrategy(page: Page): Promise<ListedProperty> {
  const found = (await summariesIn(page)).find((p) => Object.values(p.cashOnCash).every((figure) => figure !== null));
  if (!found) throw new Error('No demo property with results for every strategy');
  return found;
}

/** Centres the fake map on the property past the cluster zoom, clicks its marker and returns the popup. */
export async function openPopupOf(page: Page, property: ListedProperty, zoom = 19) {
  const [lng, lat] = property.location.coordinates;
  await setMapView(page, lat, lng, zoom);
  const round = (v: number) => String(Math.round(v * 1e6) / 1e6);
  const marker = page.locator(`gmp-advanced-marker[data-lat="${round(lat)}"][data-lng="${round(lng)}"]`);
  await expect(marker).toHaveCount(1, { timeout: 15_000 });
  await marker.click();
  const popup = page.getByTestId('property-popup');
  await expect(popup).toBeVisible();
  return popup;
}

/**
 * Waits for the estimates' first backtest (GET /api/v1/accuracy: a run and its markets): the server
 * runs it in the background once the demo listings are loaded, and ranges show only after it.
 */
export async function waitForBacktest(page: Page, timeout = 180_000): Promise<AccuracyOverview> {
  let overview: AccuracyOverview | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/accuracy');
        overview = response.ok() ? ((await response.json()) as { data: AccuracyOverview }).data : null;
        return overview?.run !== null && (overview?.markets.length ?? 0) > 0;
      },
      { timeout, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
  return overview!;
}

/**
 * The path of a shared report (`/shared/<token>`) of an Austin demo property's starting analysis, made
 * through the API by a new investor (the page under test is then opened by anyone).
 */
export async function sharedReportPath(page: Page): Promise<string> {
  const signup = await page.request.post('/api/v1/signup', {
    data: { email: uniqueEmail('shared'), password: 'shared-password-1' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const headers = { authorization: `Bearer ${((await signup.json()) as { data: { token: string } }).data.token}` };
  const params = new URLSearchParams({ type: 'top', bounds: JSON.stringify(AUSTIN_BOUNDS) });
  const found = (await (await page.request.get(`/api/v1/auth/searchProperties?${params}`, { headers })).json()) as {
    data: { properties: PropertySummaryRow[] };
  };
  const id = summaryFromRow(found.data.properties[0])._id;
  const property = ((await (await page.request.get(`/api/v1/auth/property/${id}`, { headers })).json()) as { data: Property })
    .data;
  const link = await page.request.post('/api/v1/auth/shared-reports', {
    headers,
    data: {
      propertyId: id,
      strategy: 'buyHold',
      whatIf: startingWhatIf(property, null),
      growth: DEFAULT_GROWTH,
      holdYears: 10,
      offerTargets: DEFAULT_OFFER_TARGETS,
      expiresInDays: 7,
    },
  });
  expect(link.status(), await link.text()).toBe(201);
  return ((await link.json()) as { data: { path: string } }).data.path;
}

/** A month from now, YYYY-MM (−1: last month). */
export function monthFromNow(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/**
 * The signed-in user's first portfolio property, added (an Austin home bought three months ago with a
 * loan, and two months of actuals) when the portfolio is empty; its id.
 */
export async function portfolioPropertyId(page: Page): Promise<string> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const portfolio = (await (await page.request.get('/api/v1/auth/portfolio', { headers })).json()) as {
    data: { properties: Array<{ _id: string }> };
  };
  if (portfolio.data.properties[0]) return portfolio.data.properties[0]._id;
  const added = await page.request.post('/api/v1/auth/portfolio/properties', {
    headers,
    data: {
      address: '1200 E 11th St',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      beds: 3,
      baths: 2,
      area: 1500,
      purchasePrice: 350000,
      purchaseDate: `${monthFromNow(-3)}-10`,
      loan: { amount: 280000, ratePercent: 6.5, termYears: 30, startDate: `${monthFromNow(-3)}-10` },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  for (const [offset, rent, vacantDays] of [
    [-2, 2100, 0],
    [-1, 1050, 15],
  ] as const) {
    const month = await page.request.put(`/api/v1/auth/portfolio/properties/${id}/months/${monthFromNow(offset)}`, {
      headers,
      data: { rent, vacantDays, expenses: 520 },
    });
    expect(month.status(), await month.text()).toBe(200);
  }
  return id;
}
