/** Helpers of the investor pages' specs (profile, account, contacts). */
import { expect, type Page } from '@playwright/test';
import { setMapView } from './fixtures/maps';
import { sessionToken } from './helpers';

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

export interface ListedProperty {
  _id: string;
  location: { coordinates: [number, number] };
  BuyHoldResults: unknown;
  BRRRRResults: unknown;
  FixFlipResults: unknown;
  ShortTermResults: unknown;
}

/** A box around the Austin demo listings. */
const AUSTIN_BOUNDS = { ne: { lat: 30.45, lng: -97.55 }, sw: { lat: 30.1, lng: -97.95 } };

/** A demo property in Austin with results for all four strategies (first page of the bounds search). */
export async function propertyWithEveryStrategy(page: Page): Promise<ListedProperty> {
  const params = new URLSearchParams({ type: 'bounds', bounds: JSON.stringify(AUSTIN_BOUNDS) });
  const { properties } = await apiGet<{ properties: ListedProperty[] }>(page, `/api/v1/auth/searchProperties?${params}`);
  const found = properties.find((p) => p.BuyHoldResults && p.BRRRRResults && p.FixFlipResults && p.ShortTermResults);
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
