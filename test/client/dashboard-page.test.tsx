import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import toast from 'react-hot-toast';
import { DashboardPage } from '../../src/client/features/dashboard/dashboard-page';
import { formatTerm } from '../../src/client/features/dashboard/rates-card';
import { changesSince } from '../../src/client/features/dashboard/saved-calculations-card';
import { RECENT_SEARCH_ZOOM, searchUrlFor, zoomForViewport } from '../../src/client/components/search-link';
import { cameraFromParams } from '../../src/client/features/map/camera-params';
import type { SavedCalculation } from '../../src/shared/investor-types';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const DALLAS = {
  _id: 'r1',
  placeId: 'p-dallas',
  name: 'Dallas',
  formattedAddress: 'Dallas, TX, USA',
  lat: 32.7767,
  lng: -96.797,
  viewport: { ne: { lat: 33.0237, lng: -96.4637 }, sw: { lat: 32.6175, lng: -97.0005 } },
  createdAt: '2026-01-05T10:00:00Z',
};
const STREET = {
  ...DALLAS,
  _id: 'r2',
  name: '1200 Main St',
  formattedAddress: '1200 Main St, Dallas, TX 75202, USA',
  viewport: null,
};
const RATES = [
  { _id: 'rt1', product: '30-year fixed', rate: 6.26, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
  { _id: 'rt2', product: '15-year fixed', rate: 5.5, termMonths: 180, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
];
const snapshot = { listPrice: 250_000, rate: 6.26, compIDs: ['c1', 'c2'] };
const CALC = {
  _id: 'calc-1',
  name: 'Austin duplex, 20% down',
  propertyId: 'prop-9',
  propertyAddress: '12 Oak St, Austin, TX 78701',
  strategy: 'brrrr',
  results: { BuyHoldResults: {}, BRRRRResults: { cashOnCashRoi: 13.77 }, FixFlipResults: {}, ShortTermResults: {} },
  saved: snapshot,
  current: { ...snapshot, listPrice: 240_000 },
  createdAt: '2026-01-02T09:00:00Z',
  updatedAt: '2026-01-02T09:00:00Z',
} as unknown as SavedCalculation;

const dashboardApi = (over: { searches?: unknown[]; rates?: unknown[]; calcs?: unknown[] } = {}) => ({
  'GET /api/v1/auth/saved-searches': [200, { data: [] }] as [number, unknown],
  'GET /api/v1/auth/recentSearches': [200, { data: over.searches ?? [] }] as [number, unknown],
  'GET /api/v1/rates/latest': [200, { data: over.rates ?? [] }] as [number, unknown],
  'GET /api/v1/auth/saved-calculations/all': [200, { data: over.calcs ?? [] }] as [number, unknown],
  'GET /api/v1/auth/market-trends/followed': [200, { data: { series: [], refreshedAt: null, listingsFrom: null } }] as [
    number,
    unknown,
  ],
});
const openDashboard = (user = makeUser()) => renderSignedIn(<DashboardPage />, { path: '/app', user });
const card = (title: string) => screen.getByText(title, { selector: '.dm-card-title' }).closest('.ant-card') as HTMLElement;

describe('the map link of a recent search', () => {
  it('fits the viewport as the map would, else zoom 14', () => {
    // Dallas (0.54° of longitude) fits a 1024 px map at zoom 10.
    expect(zoomForViewport(DALLAS.viewport)).toBe(10);
    // A block (about 300 m) is a street-level zoom, capped at 18.
    expect(zoomForViewport({ ne: { lat: 30.2685, lng: -97.7415 }, sw: { lat: 30.2659, lng: -97.7447 } })).toBe(18);
    expect(zoomForViewport({ ne: { lat: 49, lng: -66 }, sw: { lat: 25, lng: -125 } })).toBe(4);
    expect(zoomForViewport(null)).toBe(RECENT_SEARCH_ZOOM);
    expect(zoomForViewport({ ne: { lat: 1, lng: 1 }, sw: { lat: 1, lng: 1 } })).toBe(RECENT_SEARCH_ZOOM);
  });

  it('is a URL the search page reads back, with the filters searched with', () => {
    expect(searchUrlFor({ ...DALLAS, filters: { minBeds: '3', deal: 'good' } })).toBe(
      '/app/search?lat=32.7767&lng=-96.797&zoom=10&minBeds=3&deal=good',
    );
    const url = searchUrlFor(DALLAS);
    expect(url).toBe('/app/search?lat=32.7767&lng=-96.797&zoom=10');
    expect(cameraFromParams(new URL(url, 'http://x').searchParams)).toEqual({
      center: { lat: 32.7767, lng: -96.797 },
      zoom: 10,
      fromUrl: true,
    });
  });
});

describe('dashboard', () => {
  it('tells a new user what to do next when everything is empty', async () => {
    mockApi(dashboardApi());
    openDashboard();
    expect(await screen.findByText(/No searches yet/)).toBeInTheDocument();
    expect(within(card('Recent searches')).getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', '/app/search');
    expect(await screen.findByText(/No mortgage rates have been published yet/)).toHaveTextContent('6.26% 30-year rate');
    const saved = await screen.findByText(/No saved calculations yet/);
    expect(saved).toHaveTextContent('Explore Property');
    expect(within(card('Saved calculations')).getByRole('link', { name: 'Find a property' })).toHaveAttribute(
      'href',
      '/app/search',
    );
  });

  it('a recent search opens the map where it left off', async () => {
    mockApi(dashboardApi({ searches: [DALLAS, STREET] }));
    openDashboard();
    const dallas = await screen.findByRole('link', { name: /Dallas, TX, USA/ });
    expect(within(card('Recent searches')).getByRole('link', { name: /1200 Main St/ })).toHaveAttribute(
      'href',
      `/app/search?lat=32.7767&lng=-96.797&zoom=${RECENT_SEARCH_ZOOM}`,
    );
    fireEvent.click(dallas);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/search?lat=32.7767&lng=-96.797&zoom=10'));
  });

  it('shows the latest rates: product, rate, term and as-of date', async () => {
    mockApi(dashboardApi({ rates: RATES }));
    openDashboard();
    const rates = within(await waitFor(() => card('Latest rates')));
    expect(await rates.findByText('30-year fixed')).toBeInTheDocument();
    const row = rates.getByText('30-year fixed').closest('tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '30-year fixed',
      '6.26%',
      '360 months (30 years)',
      'Nov 20, 2025',
    ]);
    expect(rates.getByText('5.50%')).toBeInTheDocument();
    expect(rates.getByText(/Source: Freddie Mac PMMS/)).toBeInTheDocument();
    expect(formatTerm(0)).toBe('—');
    expect(formatTerm(84)).toBe('84 months (7 years)');
  });

  it('says the rates are out of date beside them when the latest 30-year rate is over 14 days old', async () => {
    mockApi(dashboardApi({ rates: RATES.map((r) => ({ ...r, asOf: dayjs().subtract(15, 'day').format('YYYY-MM-DD') })) }));
    const first = openDashboard();
    const rates = within(await waitFor(() => card('Latest rates')));
    const when = dayjs().subtract(15, 'day').format('MMM D, YYYY');
    expect(await rates.findByText(`Rates last updated ${when} — out of date`)).toBeInTheDocument();
    first.unmount();

    mockApi(dashboardApi({ rates: RATES.map((r) => ({ ...r, asOf: dayjs().subtract(14, 'day').format('YYYY-MM-DD') })) }));
    openDashboard();
    const fresh = within(await waitFor(() => card('Latest rates')));
    expect(await fresh.findByText('6.26%')).toBeInTheDocument();
    expect(fresh.queryByText(/out of date/)).toBeNull();
  });

  it('lists saved calculations to open, rename and delete', async () => {
    let calcs = [CALC];
    const sent = mockApi({
      ...dashboardApi(),
      'GET /api/v1/auth/saved-calculations/all': () => [200, { data: calcs }],
      'PATCH /api/v1/auth/saved-calculations/calc-1': (body) => {
        calcs = [{ ...CALC, name: (body as { name: string }).name }];
        return [200, { data: calcs[0] }];
      },
      'DELETE /api/v1/auth/saved-calculations/calc-1': () => {
        calcs = [];
        return [204];
      },
    });
    openDashboard();
    const open = await screen.findByRole('link', { name: 'Open Austin duplex, 20% down' });
    expect(open).toHaveAttribute('href', '/app/property/prop-9?calc=calc-1');
    const row = open.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('12 Oak St, Austin, TX 78701');
    expect(row).toHaveTextContent('BRRRR');
    expect(row).toHaveTextContent('13.77%');
    expect(row).toHaveTextContent('Price changed');
    expect(row).not.toHaveTextContent('Rate changed');

    fireEvent.click(within(row).getByRole('button', { name: 'Rename Austin duplex, 20% down' }));
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Austin duplex, 25% down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('link', { name: 'Open Austin duplex, 25% down' })).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/saved-calculations/calc-1')[0].body).toEqual({ name: 'Austin duplex, 25% down' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Austin duplex, 25% down' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/No saved calculations yet/)).toBeInTheDocument();
    expect(callsTo(sent, 'DELETE', '/api/v1/auth/saved-calculations/calc-1')).toHaveLength(1);
  });

  it('names what changed since a calculation was saved', () => {
    expect(changesSince({ saved: snapshot, current: snapshot })).toEqual([]);
    expect(changesSince({ saved: snapshot, current: { listPrice: 1, rate: 7, compIDs: ['c2', 'c1'] } })).toEqual([
      'Price changed',
      'Rate changed',
    ]);
    expect(changesSince({ saved: snapshot, current: { ...snapshot, compIDs: ['c1', 'c3'] } })).toEqual(['Comps changed']);
  });

  it('a failed load says so and offers a retry', async () => {
    const sent = mockApi({ ...dashboardApi(), 'GET /api/v1/auth/recentSearches': [500, {}] });
    openDashboard();
    const recent = await waitFor(() => card('Recent searches'));
    expect(await within(recent).findByText('An error occurred')).toBeInTheDocument();
    fireEvent.click(within(recent).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/auth/recentSearches')).toHaveLength(2));
  });

  it('Admins also get the user and market counts; others never ask for them', async () => {
    let sent = mockApi({
      ...dashboardApi(),
      'GET /api/v1/auth/userCount': [200, { data: 42 }],
      'GET /api/v1/auth/marketCount': [200, { data: 7 }],
    });
    const admin = openDashboard(makeUser({ role: 'Admin' }));
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    admin.unmount();

    sent = mockApi(dashboardApi());
    openDashboard();
    expect(await screen.findByText(/No searches yet/)).toBeInTheDocument();
    expect(sent.filter((c) => /Count$/.test(c.path))).toHaveLength(0);
  });
});
