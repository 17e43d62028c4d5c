import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchPage } from '../../src/client/features/map/search-page';
import { KEYLESS_TEXT } from '../../src/client/features/map/keyless-search';
import { MAX_PROPERTIES_PER_VIEW } from '../../src/client/features/map/map-constants';
import { http, HttpResponse } from 'msw';
import { callsTo, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { server } from './msw-server';
import { PRICING_TEXT } from '../../src/client/features/map/pricing-refresh';
import { makeProperty, rowOf } from './fixtures';
import type { Place } from '../../src/shared/schemas/places';

jest.setTimeout(30_000);
withFastComputedStyle();

const results = (coc: number) => ({
  totalCashNeeded: 60_000,
  netMonthlyIncome: 300,
  grossMonthlyExpenses: 1_800,
  totalCosts: 10_000,
  cashOnCashRoi: coc,
  cashOnCashInfinite: false,
});
const GOOD = { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' };
const OVER = { background: '#ef4444', borderColor: '#b91c1c', glyphColor: '#ffffff' };

const AUSTIN_PLACE: Place = {
  kind: 'city',
  label: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  zip: null,
  center: { lat: 30.27, lng: -97.74 },
  bounds: { ne: { lat: 30.4, lng: -97.6 }, sw: { lat: 30.1, lng: -97.9 } },
  listings: 3,
};
const ZIP_PLACE: Place = { ...AUSTIN_PLACE, kind: 'zip', label: '78701 (Austin, TX)', zip: '78701', listings: 1 };

const PROPERTIES = [
  makeProperty({
    _id: 'a',
    LatestListingPrice: 450_000,
    PropertyAddressFull: '12 OAK ST',
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'tx',
    PropertyAddressZIP: '78701',
    BedroomsTotal: 3,
    BathroomsTotal: 2,
    BuildingAreaTotal: 1500,
    markerColor: OVER,
    location: { type: 'Point', coordinates: [-97.74, 30.27] },
    BuyHoldResults: results(4.5),
  }),
  makeProperty({
    _id: 'b',
    LatestListingPrice: 250_000,
    PropertyAddressFull: '9 ELM AVE',
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78702',
    BedroomsTotal: 4,
    BuildingAreaTotal: 2000,
    markerColor: GOOD,
    location: { type: 'Point', coordinates: [-97.7, 30.3] },
    BuyHoldResults: results(9.25),
  }),
  makeProperty({
    _id: 'c',
    LatestListingPrice: 300_000,
    PropertyAddressFull: '3 PINE RD',
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78703',
    BedroomsTotal: 2,
    location: { type: 'Point', coordinates: [-97.8, 30.2] },
  }),
];

function keylessApi(place = AUSTIN_PLACE, inView = PROPERTIES.length, listed = PROPERTIES) {
  return mockApi({
    'GET /api/v1/auth/property/:id': (_body, url) => {
      const found = PROPERTIES.find((p) => url.pathname.endsWith(`/${p._id}`));
      return found ? [200, { data: found }] : [404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }];
    },
    'GET /api/v1/config': [200, { data: { googleMapsApiKey: null, googleMapsMapId: null } }],
    'GET /api/v1/auth/geocode': (_body, url) =>
      url.searchParams.get('q') === 'Nowhere'
        ? [404, { error: { code: 'NOT_FOUND', message: 'No such place: Nowhere' } }]
        : [200, { data: { places: [place] } }],
    'GET /api/v1/auth/searchProperties': (_body, url) =>
      url.searchParams.get('type') === 'clusters'
        ? [200, { data: { clusters: [], total: inView, zoom: Number(url.searchParams.get('zoom')) } }]
        : url.searchParams.get('type') === 'top'
          ? [200, { data: { properties: PROPERTIES.slice(0, 1).map((p) => rowOf(p)), total: inView } }]
          : [200, { data: { properties: listed.map((p, i) => rowOf(p, i)), next: 'done' } }],
    'POST /api/v1/auth/recentSearches': [201, { data: { _id: 'r1' } }],
  });
}

const addresses = () => screen.getAllByTestId('row-address').map((el) => el.textContent);

describe('the search page without a Maps key', () => {
  it('says how to set a key, and lists the place searched (sorted by price, title-cased, with the count)', async () => {
    const sent = keylessApi();
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin', route: '/app/search' });
    expect(await screen.findByTestId('keyless-banner')).toHaveTextContent(KEYLESS_TEXT.banner);
    await waitFor(() =>
      expect(addresses()).toEqual(['9 Elm Ave, Austin, TX 78702', '3 Pine Rd, Austin, TX 78703', '12 Oak St, Austin, TX 78701']),
    );
    expect(screen.getByTestId('match-count')).toHaveTextContent('3 properties');
    expect(callsTo(sent, 'GET', '/api/v1/auth/geocode')[0].search.get('q')).toBe('Austin');
    // The searched place's box, as the bounds search takes it, after its count (the cluster answer's total).
    const [count, search] = callsTo(sent, 'GET', '/api/v1/auth/searchProperties').map((call) => call.search);
    expect(count.get('type')).toBe('clusters');
    expect(search.get('type')).toBe('bounds');
    expect(JSON.parse(search.get('bounds')!)).toEqual(AUSTIN_PLACE.bounds);
    const row = screen.getAllByTestId('property-row')[0];
    expect(within(row).getByTestId('row-coc')).toHaveTextContent('Buy & Hold CoC 9.25%');
    expect(row).toHaveTextContent('$125/sqft');
    // Recorded as a recent search.
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/recentSearches')).toHaveLength(1));
  });

  it.each([true, false])('says so while every listing is re-priced at a new rate (re-pricing: %s)', async (repricing) => {
    keylessApi();
    server.use(http.get('*/api/v1/rates/pricing', () => HttpResponse.json({ data: { rate: 5.75, repricing, version: 0 } })));
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin', route: '/app/search' });
    await waitFor(() => expect(addresses()).toHaveLength(3));
    if (repricing) {
      expect(await screen.findByTestId('reprice-note')).toHaveTextContent(PRICING_TEXT.repricing(5.75));
      expect(screen.getByTestId('reprice-note')).toHaveAttribute('role', 'status');
    } else {
      expect(screen.queryByTestId('reprice-note')).toBeNull();
    }
  });

  it('a view holding more than a view may download is never paged: its clusters and the best of it instead', async () => {
    const sent = keylessApi(AUSTIN_PLACE, MAX_PROPERTIES_PER_VIEW + 1);
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin', route: '/app/search' });
    await waitFor(() => expect(addresses()).toEqual(['12 Oak St, Austin, TX 78701']));
    const types = callsTo(sent, 'GET', '/api/v1/auth/searchProperties').map((call) => call.search.get('type'));
    expect(types).toContain('clusters');
    expect(types).toContain('top');
    expect(types).not.toContain('bounds');
  });

  it("lists a ZIP's properties only", async () => {
    keylessApi(ZIP_PLACE);
    renderSignedIn(<SearchPage />, { path: '/app/search?place=78701', route: '/app/search' });
    await waitFor(() => expect(addresses()).toEqual(['12 Oak St, Austin, TX 78701']));
  });

  it('answers an unknown place with the server message, and does not go back to the last place', async () => {
    const sent = keylessApi();
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin', route: '/app/search' });
    await waitFor(() => expect(addresses()).toHaveLength(3));
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/recentSearches')).toHaveLength(1));
    const box = await screen.findByRole('searchbox', { name: KEYLESS_TEXT.placeLabel });
    fireEvent.change(box, { target: { value: 'Nowhere' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No such place: Nowhere')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/recentSearches')).toHaveLength(1);
  });

  it('sorts by the toolbar and opens a chosen row in a dialog, whose property goes into the URL', async () => {
    keylessApi();
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin&sort=price&order=desc', route: '/app/search' });
    await waitFor(() => expect(addresses()[0]).toBe('12 Oak St, Austin, TX 78701'));
    fireEvent.click(screen.getAllByTestId('property-row')[1].querySelector('button')!);
    expect(await screen.findByTestId('property-popup')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/[?&]property=c(&|$)/));
    fireEvent.click(screen.getByLabelText('Close'));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('property='));
  });

  it("opens the popup of a link's property, loaded whole when the list does not hold it", async () => {
    // The place's search does not find b: its summary comes from GET /property/b.
    const sent = keylessApi(AUSTIN_PLACE, 2, [PROPERTIES[0], PROPERTIES[2]]);
    const { store } = renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin&property=b', route: '/app/search' });
    const popup = await screen.findByTestId('property-popup');
    expect(store.getState().map.properties.ids).toContain('b');
    expect(within(popup).getByTestId('popup-address')).toHaveTextContent('9 Elm Ave, Austin, TX 78702');
    expect(callsTo(sent, 'GET', '/api/v1/auth/property/b').length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/[?&]property=b(&|$)/);
  });

  it("says so when a link's property cannot be loaded, and opens no popup", async () => {
    keylessApi();
    renderSignedIn(<SearchPage />, { path: '/app/search?place=Austin&property=gone', route: '/app/search' });
    expect(await screen.findByText('Property not found')).toBeInTheDocument();
    expect(screen.queryByTestId('property-popup')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('property='));
  });
});
