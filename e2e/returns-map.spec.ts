/**
 * The returns heat map (/app/search, "Returns"): the toggle puts `layer=returns` in the URL, the map
 * draws the server's cells (`type=returns`, the fake map's OverlayView) with their medians, the legend
 * names the strategy and its bins as text, a cell's tooltip gives its figures, the list panel tables
 * the same cells, and the filters and the search's strategy reach the request.
 */
import type { Page } from '@playwright/test';
import { sessionToken, signIn } from './helpers';
import { expect, fakeMap, test, waitForFakeMap } from './fixtures/maps';
import { USERS } from './users';
import { cellKey, cellX, cellY } from '../src/shared/geo/cluster-grid';
import { RETURNS_BINS, returnsCellText, returnText, sortReturnsCells } from '../src/shared/returns-map';
import type { SearchReturnsAnswer } from '../src/shared/schemas/property-search';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };

async function openSearch(page: Page, query: string): Promise<void> {
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app\/?$/);
  await page.goto(`/app/search${query}`);
  await waitForFakeMap(page);
}

/** The page's `type=returns` requests, as they go out. */
function returnsRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/searchProperties') && url.searchParams.get('type') === 'returns') requests.push(url);
  });
  return requests;
}

/** The answer the page asked for last (the same request again, through the API). */
async function answerOf(page: Page, url: URL): Promise<SearchReturnsAnswer> {
  const response = await page.request.get(url.toString(), { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SearchReturnsAnswer }).data;
}

test('the Returns toggle colours the view by median cash-on-cash, with a legend, tooltips and a table of the cells', async ({
  page,
}) => {
  const requests = returnsRequests(page);
  // Austin at zoom 11: the metro in one view.
  await openSearch(page, '?lat=30.2672&lng=-97.7431&zoom=11');
  const toggle = page.getByRole('button', { name: 'Returns' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/layer=returns/);

  const legend = page.getByRole('region', { name: 'Returns legend' });
  await expect(legend.getByRole('heading')).toHaveText('Buy & Hold cash-on-cash, median per area');
  await expect(legend.getByRole('listitem')).toHaveText(RETURNS_BINS.map((b) => b.label));

  await expect.poll(() => requests.length).toBeGreaterThan(0);
  const request = requests[requests.length - 1];
  expect(request.searchParams.get('zoom')).toBe('11');
  expect(request.searchParams.get('strategy')).toBe('buyHold');
  const answer = await answerOf(page, request);
  expect(answer.cells.length).toBeGreaterThan(1);

  // The cells on the map: one square per cell, in its bin, labelled with its median; the markers are gone.
  const cells = page.locator('.dm-returns-cell');
  await expect(cells).toHaveCount(answer.cells.length);
  await expect(page.locator('gmp-advanced-marker')).toHaveCount(0);
  const best = sortReturnsCells(answer.cells)[0];
  await expect(page.locator(`.dm-returns-cell[data-key="${best.key}"]`)).toHaveText(returnText(best.median));
  // The cell at the view's centre (the legend and the search box cover some at the edges): its tooltip.
  const centre = answer.cells.find((c) => c.key === cellKey(11, cellX(AUSTIN.lng, 11), cellY(AUSTIN.lat, 11)))!;
  expect(centre).toBeDefined();
  await page.locator(`.dm-returns-cell[data-key="${centre.key}"]`).hover();
  await expect(page.getByTestId('returns-tooltip')).toHaveText(returnsCellText(centre));

  // The same cells as a table in the list panel, best first.
  const table = page.getByRole('table', { name: 'Buy & Hold cash-on-cash, median per area' });
  await expect(table.locator('tbody tr')).toHaveCount(answer.cells.length);
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText(returnText(best.median));
  await expect(table.getByRole('columnheader')).toHaveText(['Area', 'Median', 'Properties', 'Middle 80%']);

  // Off again: the markers come back with the deal legend.
  await toggle.click();
  await expect(page).not.toHaveURL(/layer=returns/);
  await expect(cells).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Returns legend' })).toHaveCount(0);
  await expect(fakeMap(page)).toHaveAttribute('data-marker-mode', /.+/);
});

test("the filters and the search's strategy apply to the heat map", async ({ page }) => {
  const requests = returnsRequests(page);
  await openSearch(page, '?lat=30.2672&lng=-97.7431&zoom=11&layer=returns&strategy=brrrr&minCoc=-50&minBeds=3');
  const legend = page.getByRole('region', { name: 'Returns legend' });
  await expect(legend.getByRole('heading')).toHaveText('BRRRR cash-on-cash, median per area');
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  const request = requests[requests.length - 1];
  expect(Object.fromEntries(request.searchParams)).toMatchObject({ strategy: 'brrrr', minCoc: '-50', minBeds: '3' });
  const filtered = await answerOf(page, request);
  const all = new URL(request);
  for (const name of ['minCoc', 'minBeds']) all.searchParams.delete(name);
  const unfiltered = await answerOf(page, all);
  expect(filtered.total).toBeLessThan(unfiltered.total);
  await expect(page.locator('.dm-returns-cell')).toHaveCount(filtered.cells.length);
});
