import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { SavedSearchesCard, savedSearchUrl } from '../../src/client/features/dashboard/saved-searches-card';
import { cameraFromParams } from '../../src/client/features/map/camera-params';
import {
  initialMapState,
  mapReducer,
  placeSearched,
  selectPlaceInView,
  viewportChanged,
} from '../../src/client/features/map/map-slice';
import { SearchPage } from '../../src/client/features/map/search-page';
import { settingsFromParams } from '../../src/client/features/map/toolbar/search-settings';
import { SaveSearchButton } from '../../src/client/features/saved-searches/save-search-button';
import {
  describeFilters,
  describeSort,
  savedSearchNameProblem,
} from '../../src/client/features/saved-searches/saved-search-text';
import type { SavedSearch } from '../../src/shared/schemas/alerts';
import type { Place } from '../../src/shared/schemas/places';
import { callsTo, dialogTitled, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const API = '/api/v1/auth/saved-searches';
const AUSTIN_BOUNDS = { ne: { lat: 30.4, lng: -97.6 }, sw: { lat: 30.1, lng: -97.9 } };
const AUSTIN = { name: 'Austin', formattedAddress: 'Austin, TX, USA' };
const QUERY = { minBeds: '3', deal: 'good', strategy: 'buyHold', minCoc: '8', sort: 'coc', order: 'desc' };

const savedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  _id: 'ss-1',
  name: 'Austin good deals',
  bounds: AUSTIN_BOUNDS,
  place: 'Austin, TX, USA',
  query: QUERY,
  alert: 'instant',
  newCount: 0,
  lastViewedAt: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

const created = (body: unknown): [number, unknown] => [201, { data: savedSearch(body as Partial<SavedSearch>) }];

describe('describing a saved search', () => {
  it('names each filter and the sort in words', () => {
    expect(
      describeFilters({
        minPrice: 100_000,
        maxPrice: 400_000,
        minBeds: 3,
        minBaths: 2,
        deal: ['Market Price', 'Good Deal'],
        strategy: 'brrrr',
        minCoc: 8,
        minDays: 30,
        minCut: 5,
      }),
    ).toEqual([
      '$100,000 to $400,000',
      '3+ beds',
      '2+ baths',
      'Good Deal or Market Price',
      'BRRRR cash-on-cash at least 8%',
      'At least 30 days on market',
      'Price cut of 5% or more',
    ]);
    expect(describeFilters({ maxPrice: 80_000, strategy: 'fixFlip', maxDays: 14, minCut: 0 })).toEqual([
      'Up to $80,000',
      "Strategy: Fix'N'Flip",
      'At most 14 days on market',
      'Any price cut',
    ]);
    expect(describeFilters({})).toEqual([]);
    expect(describeSort({})).toBe('Price, low to high');
    expect(describeSort({ sort: 'deal', order: 'asc' })).toBe('Deal, best first');
    expect(describeSort({ sort: 'daysOnMarket', order: 'desc' })).toBe('Days on market, high to low');
  });

  it('checks a name as the server does (its messages: test/server/saved-searches.test.ts)', () => {
    expect(savedSearchNameProblem(' ')).toBe('Name is required');
    expect(savedSearchNameProblem('x'.repeat(101))).toBe('Name must be at most 100 characters');
    expect(savedSearchNameProblem(` ${'x'.repeat(100)} `)).toBeNull();
  });
});

describe('the place a search is named after', () => {
  it('is the place searched last while its point is in view', () => {
    const place = { name: 'Austin', formattedAddress: 'Austin, TX, USA', location: { lat: 30.27, lng: -97.74 } };
    let map = mapReducer(initialMapState, placeSearched(place));
    const inView = () => selectPlaceInView({ map });
    expect(inView()).toBeNull();
    map = mapReducer(map, viewportChanged({ center: place.location, zoom: 11, bounds: AUSTIN_BOUNDS }));
    expect(inView()).toEqual(place);
    const dallas = { ne: { lat: 32.9, lng: -96.7 }, sw: { lat: 32.7, lng: -96.9 } };
    map = mapReducer(map, viewportChanged({ center: { lat: 32.8, lng: -96.8 }, zoom: 11, bounds: dallas }));
    expect(inView()).toBeNull();
  });
});

describe('the Save search dialog', () => {
  const openDialog = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    return dialogTitled('Save this search');
  };

  it('prefills the place, summarises what is saved and sends the view, place, filters, sort and alert', async () => {
    const sent = mockApi({ [`POST ${API}`]: created });
    renderSignedIn(<SaveSearchButton bounds={AUSTIN_BOUNDS} place={AUSTIN} query={QUERY} />, { path: '/app/search' });
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Austin');
    expect(dialog).toHaveTextContent('Austin, TX, USA');
    expect(dialog).toHaveTextContent('3+ beds · Good Deal · Buy & Hold cash-on-cash at least 8%');
    expect(dialog).toHaveTextContent('Cash-on-cash, high to low');
    // Each alert choice says what it does; instant is the default.
    expect(within(dialog).getByRole('radio', { name: /^Instant/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /^Daily digest/ })).toHaveAccessibleName(/One e-mail a day/);
    expect(within(dialog).getByRole('radio', { name: /^Off/ })).toHaveAccessibleName(/No alerts/);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Austin 3-bed deals ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Daily digest/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved search created successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', API).map((c) => c.body)).toEqual([
      { name: 'Austin 3-bed deals', alert: 'daily', bounds: AUSTIN_BOUNDS, place: 'Austin, TX, USA', query: QUERY },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names a search without a place after the day, and says a view with no filters watches every listing', async () => {
    const sent = mockApi({ [`POST ${API}`]: created });
    renderSignedIn(<SaveSearchButton bounds={AUSTIN_BOUNDS} place={null} query={{}} />, { path: '/app/search' });
    const dialog = await openDialog();
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue(`Search of ${today}`);
    expect(dialog).toHaveTextContent('The map view as it is now');
    expect(dialog).toHaveTextContent('None: every listing in the view');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(sent, 'POST', API)).toHaveLength(1));
    expect(callsTo(sent, 'POST', API)[0].body).toEqual({
      name: `Search of ${today}`,
      alert: 'instant',
      bounds: AUSTIN_BOUNDS,
      query: {},
    });
  });

  it('is disabled until the map has a view', () => {
    mockApi({});
    renderSignedIn(<SaveSearchButton bounds={null} place={null} query={{}} />, { path: '/app/search' });
    expect(screen.getByRole('button', { name: 'Save search' })).toBeDisabled();
  });

  it('shows the server’s refusals: a taken name on the field, the limit above the form; a blank name is not sent', async () => {
    const taken = 'You already have a saved search named "Austin". Choose another name.';
    const limit = 'You already have 50 saved searches, the most one user can keep. Delete one on the dashboard to save another.';
    let answer: [number, unknown] = [409, { error: { code: 'CONFLICT', message: taken, fields: { name: taken } } }];
    const sent = mockApi({ [`POST ${API}`]: () => answer });
    renderSignedIn(<SaveSearchButton bounds={AUSTIN_BOUNDS} place={AUSTIN} query={{}} />, { path: '/app/search' });
    const dialog = await openDialog();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', API)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Austin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();

    answer = [409, { error: { code: 'CONFLICT', message: limit } }];
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Austin again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(callsTo(sent, 'POST', API)).toHaveLength(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Save search on the search page', () => {
  const PLACE: Place = {
    kind: 'city',
    label: 'Austin, TX',
    city: 'Austin',
    state: 'TX',
    zip: null,
    center: { lat: 30.27, lng: -97.74 },
    bounds: AUSTIN_BOUNDS,
    listings: 0,
  };

  it('saves the place found, its view and the URL’s filters and sort', async () => {
    const sent = mockApi({
      'GET /api/v1/config': [200, { data: { googleMapsApiKey: null, googleMapsMapId: null } }],
      'GET /api/v1/auth/geocode': [200, { data: { places: [PLACE] } }],
      'GET /api/v1/auth/searchProperties': (_body, url) =>
        url.searchParams.get('type') === 'clusters'
          ? [200, { data: { clusters: [], total: 0, zoom: Number(url.searchParams.get('zoom')) } }]
          : [200, { data: { properties: [], next: 'done' } }],
      'POST /api/v1/auth/recentSearches': [201, { data: { _id: 'r1' } }],
      [`POST ${API}`]: created,
    });
    renderSignedIn(<SearchPage />, {
      path: '/app/search?place=Austin&minBeds=3&deal=good&sort=deal&order=desc',
      route: '/app/search',
    });
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/auth/geocode')).toHaveLength(1));
    const button = await screen.findByRole('button', { name: 'Save search' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const dialog = await dialogTitled('Save this search');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Austin, TX');
    expect(dialog).toHaveTextContent('Deal, worst first');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(sent, 'POST', API)).toHaveLength(1));
    expect(callsTo(sent, 'POST', API)[0].body).toEqual({
      name: 'Austin, TX',
      alert: 'instant',
      bounds: AUSTIN_BOUNDS,
      place: 'Austin, TX',
      query: { minBeds: '3', deal: 'good', sort: 'deal', order: 'desc' },
    });
  });
});

describe('the dashboard’s Saved searches card', () => {
  const listed = (searches: SavedSearch[]) => ({ [`GET ${API}`]: () => [200, { data: searches }] as [number, unknown] });
  const openCard = () => renderSignedIn(<SavedSearchesCard />, { path: '/app' });

  it('tells a user without one how to save a search', async () => {
    mockApi(listed([]));
    openCard();
    const empty = await screen.findByText(/No saved searches yet/);
    expect(empty).toHaveTextContent('choose Save search');
    expect(screen.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', '/app/search');
  });

  it('lists each with its alert, what it watches and the new matches since last looked', async () => {
    mockApi(
      listed([
        savedSearch({ newCount: 3 }),
        savedSearch({ _id: 'ss-2', name: 'Dallas', place: null, query: {}, alert: 'off', newCount: 0 }),
      ]),
    );
    openCard();
    const austin = (await screen.findByText('Austin good deals')).closest('li') as HTMLElement;
    expect(within(austin).getByText('3 new since you last looked')).toBeInTheDocument();
    expect(austin).toHaveTextContent('Austin, TX, USA · 3+ beds · Good Deal · Buy & Hold cash-on-cash at least 8%');
    expect(austin).toHaveTextContent('Alerts: Instant');
    const dallas = screen.getByText('Dallas').closest('li') as HTMLElement;
    expect(dallas).toHaveTextContent('Nothing new since you last looked');
    expect(dallas).toHaveTextContent('Map view');
    expect(dallas).toHaveTextContent('Alerts: Off');
  });

  it('Open marks it viewed and goes to the search page with its view, filters and sort', async () => {
    let searches = [savedSearch({ newCount: 2 })];
    const sent = mockApi({
      [`GET ${API}`]: () => [200, { data: searches }],
      [`POST ${API}/ss-1/viewed`]: () => {
        searches = [savedSearch({ newCount: 0 })];
        return [200, { data: searches[0] }];
      },
    });
    openCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Austin good deals' }));
    await waitFor(() => expect(callsTo(sent, 'POST', `${API}/ss-1/viewed`)).toHaveLength(1));
    const url = savedSearchUrl(savedSearch());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(url));
    // The search page reads back the view's centre and the filters and sort.
    const params = new URL(url, 'http://x').searchParams;
    expect(cameraFromParams(params)).toMatchObject({ center: { lat: 30.25011, lng: -97.75 }, zoom: 11, fromUrl: true });
    expect(settingsFromParams(params)).toEqual({
      filters: { minBeds: 3, deal: ['Good Deal'], strategy: 'buyHold', minCoc: 8 },
      sort: 'coc',
      order: 'desc',
    });
  });

  it('Edit renames it and changes its alert; Delete removes it after a confirmation', async () => {
    let searches = [savedSearch()];
    const sent = mockApi({
      [`GET ${API}`]: () => [200, { data: searches }],
      [`PATCH ${API}/ss-1`]: (body) => {
        searches = [savedSearch(body as Partial<SavedSearch>)];
        return [200, { data: searches[0] }];
      },
      [`DELETE ${API}/ss-1`]: () => {
        searches = [];
        return [204];
      },
    });
    openCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Austin good deals' }));
    const dialog = await dialogTitled('Edit saved search');
    expect(within(dialog).getByRole('radio', { name: /^Instant/ })).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Austin BRRRR' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Daily digest/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Austin BRRRR')).toBeInTheDocument();
    expect(await screen.findByText('Saved search updated successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', `${API}/ss-1`)[0].body).toEqual({ name: 'Austin BRRRR', alert: 'daily' });
    expect(screen.getByText('Austin BRRRR').closest('li')).toHaveTextContent('Alerts: Daily digest');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Austin BRRRR' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(callsTo(sent, 'DELETE', `${API}/ss-1`)).toHaveLength(1);
    expect(await screen.findByText('Saved search deleted successfully')).toBeInTheDocument();
  });
});
