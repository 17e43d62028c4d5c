import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MARKETS_TEXT, MarketsPage } from '../../src/client/features/markets/markets-page';
import { PICKER_TEXT } from '../../src/client/features/markets/market-picker';
import { AREA_TRENDS_TEXT, AreaTrendsButton, FOLLOWED_TEXT } from '../../src/client/features/markets';
import { MarketsCard } from '../../src/client/features/dashboard/markets-card';
import type { MarketSeries } from '../../src/shared/schemas/market-trends';
import { emptyAggregate, monthOf, monthsEnding, seriesOf, type MonthAggregate } from '../../src/shared/trends';
import { callsTo, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const THIS_MONTH = monthOf(new Date());
const bounds = { ne: { lat: 30.5, lng: -97.5 }, sw: { lat: 30.1, lng: -97.9 } };

/** A market whose rent went from 2,000 to 2,042 and days on market from 48 to 61 over the year; the last month has 2 sales. */
function marketSeries(id: string, label: string, months = 36): MarketSeries {
  const list = monthsEnding(THIS_MONTH, months);
  const aggregates: MonthAggregate[] = list.map((month, i) => ({
    ...emptyAggregate(month),
    activeCount: 40,
    listPriceMedian: 400_000,
    domMedian: i === list.length - 1 ? 61 : 48,
    leaseCount: 10,
    rentMedian: i === list.length - 1 ? 2042 : 2000,
    soldCount: i === list.length - 1 ? 2 : 12,
    soldPriceMedian: 390_000,
  }));
  return {
    market: { id, kind: id.startsWith('zip') ? 'zip' : 'city', label, city: 'Austin', state: 'TX', zip: null, bounds },
    months: seriesOf(aggregates, list),
  };
}

const AUSTIN = marketSeries('city:austin|TX', 'Austin, TX');
const ZIP = marketSeries('zip:78701', '78701 (Austin, TX)');

const trendsReply = (_body: unknown, url: URL): [number, unknown] => {
  const ids = url.searchParams.get('markets')!.split(',');
  return [
    200,
    {
      data: {
        series: ids.map((id) => (id === ZIP.market.id ? ZIP : AUSTIN)),
        refreshedAt: '2026-11-28T06:00:00Z',
        listingsFrom: THIS_MONTH,
      },
    },
  ];
};

describe('the Markets page', () => {
  it("shows a market's year in a line, its charts' figures in tables, and a link that opens the map on it", async () => {
    const sent = mockApi({ 'GET /api/v1/auth/market-trends': trendsReply });
    renderSignedIn(<MarketsPage />, { path: '/app/markets?m=city:austin%7CTX', route: '/app/markets' });
    expect(await screen.findByText('Austin, TX over 12 months: rents +2.1 %, days on market 48 → 61')).toBeInTheDocument();
    expect(callsTo(sent, 'GET', '/api/v1/auth/market-trends')[0].search.get('markets')).toBe('city:austin|TX');
    // The database has held listings since this month: the page says where their figures start.
    expect(screen.getByTestId('listings-from')).toHaveTextContent(
      /start in [A-Z][a-z]{2} \d{4}, the first month Dealmap holds all the listings of/,
    );
    const link = screen.getByRole('link', { name: MARKETS_TEXT.openMap('Austin, TX') });
    expect(link.getAttribute('href')).toMatch(/^\/app\/search\?lat=30\.3&lng=-97\.7&zoom=\d+$/);

    const prices = screen.getByTestId('chart-soldPrice');
    const table = within(prices).getByRole('table');
    // Newest month first: 2 sales are too few for a median; the month before has its value and count.
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Too few (2 sales)');
    expect(rows[3]).toHaveTextContent('$390,000');
    expect(rows[3]).toHaveTextContent('12');
    fireEvent.click(screen.getByRole('tab', { name: 'Rents' }));
    expect(await screen.findByTestId('chart-rent')).toBeInTheDocument();
  });

  it('adds a market found by name (choosing among several), removes one, and keeps them in the address', async () => {
    const sent = mockApi({
      'GET /api/v1/auth/market-trends': trendsReply,
      'GET /api/v1/auth/geocode': [
        200,
        {
          data: {
            places: [
              {
                kind: 'zip',
                label: '78701 (Austin, TX)',
                city: 'Austin',
                state: 'TX',
                zip: '78701',
                center: { lat: 30.27, lng: -97.74 },
                bounds,
                listings: 40,
              },
              {
                kind: 'zip',
                label: '78702 (Austin, TX)',
                city: 'Austin',
                state: 'TX',
                zip: '78702',
                center: { lat: 30.26, lng: -97.71 },
                bounds,
                listings: 30,
              },
            ],
          },
        },
      ],
    });
    renderSignedIn(<MarketsPage />, { path: '/app/markets?m=city:austin%7CTX', route: '/app/markets' });
    await screen.findByText(/Austin, TX over 12 months/);
    fireEvent.change(screen.getByRole('searchbox', { name: PICKER_TEXT.label }), { target: { value: '787' } });
    fireEvent.click(screen.getByRole('button', { name: PICKER_TEXT.add }));
    fireEvent.click(await screen.findByRole('button', { name: '78701 (Austin, TX)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/markets?m=city%3Aaustin%7CTX&m=zip%3A78701'),
    );
    await waitFor(() =>
      expect(callsTo(sent, 'GET', '/api/v1/auth/market-trends').at(-1)!.search.get('markets')).toBe('city:austin|TX,zip:78701'),
    );
    expect(await screen.findByText(/78701 \(Austin, TX\) over 12 months/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: PICKER_TEXT.remove('Austin, TX') }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/markets?m=zip%3A78701'));
  });

  it("offers the markets of the user's saved searches when none is chosen", async () => {
    mockApi({
      'GET /api/v1/auth/market-trends/followed': [200, { data: { series: [AUSTIN], refreshedAt: null, listingsFrom: null } }],
    });
    renderSignedIn(<MarketsPage />, { path: '/app/markets', route: '/app/markets' });
    expect(screen.getByText(MARKETS_TEXT.empty)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Austin, TX' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/markets?m=city%3Aaustin%7CTX'));
  });
});

describe("the dashboard's markets card", () => {
  it('lists each followed market with what moved in a year, and says what to do without any', async () => {
    mockApi({
      'GET /api/v1/auth/market-trends/followed': [
        200,
        { data: { series: [marketSeries('city:austin|TX', 'Austin, TX', 13)], refreshedAt: null } },
      ],
    });
    renderSignedIn(<MarketsCard />, { path: '/app', route: '/app' });
    expect(await screen.findByText('Over 12 months: rents +2.1 %, days on market 48 → 61')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Austin, TX' }).getAttribute('href')).toBe('/app/markets?m=city%3Aaustin%7CTX');
  });

  it('says how to follow a market when there is none', async () => {
    mockApi({
      'GET /api/v1/auth/market-trends/followed': [200, { data: { series: [], refreshedAt: null, listingsFrom: null } }],
    });
    renderSignedIn(<MarketsCard />, { path: '/app', route: '/app' });
    expect(await screen.findByText(FOLLOWED_TEXT.empty)).toBeInTheDocument();
  });
});

/** The button as the search page holds it: its bounds are the map's, which a test moves. */
function MovingMap() {
  const [view, setView] = useState(bounds);
  return (
    <>
      <AreaTrendsButton bounds={view} />
      <button type="button" onClick={() => setView({ ne: { lat: 30.45, lng: -97.5 }, sw: { lat: 30.05, lng: -97.9 } })}>
        Move the map
      </button>
    </>
  );
}

describe("the search page's Trends here", () => {
  const area = (_body: unknown, url: URL): [number, unknown] => [
    200,
    { data: { months: marketSeries('area', 'The area', Number(url.searchParams.get('months'))).months, listingsFrom: null } },
  ];

  it("opens the map's area month by month, asks again for another span, and follows the map", async () => {
    const sent = mockApi({ 'GET /api/v1/auth/market-trends/area': area });
    renderSignedIn(<MovingMap />, { path: '/app/search', route: '/app/search' });
    fireEvent.click(screen.getByRole('button', { name: AREA_TRENDS_TEXT.button }));
    expect(await screen.findByTestId('area-summary')).toHaveTextContent(
      'The area over 12 months: rents +2.1 %, days on market 48 → 61',
    );
    const asked = callsTo(sent, 'GET', '/api/v1/auth/market-trends/area');
    expect(Object.fromEntries(asked[0].search)).toEqual({
      north: '30.5',
      south: '30.1',
      east: '-97.5',
      west: '-97.9',
      months: '24',
    });
    expect(within(screen.getByTestId('chart-soldPrice')).getByRole('table')).toBeInTheDocument();

    fireEvent.click(screen.getByText('3 years'));
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/auth/market-trends/area').at(-1)!.search.get('months')).toBe('36'));

    // The map moved: the open drawer asks for the new area.
    fireEvent.click(screen.getByRole('button', { name: 'Move the map' }));
    await waitFor(() =>
      expect(callsTo(sent, 'GET', '/api/v1/auth/market-trends/area').at(-1)!.search.get('north')).toBe('30.45'),
    );
  });

  it('says to zoom in when the map shows more than a degree, without asking', async () => {
    const sent = mockApi({ 'GET /api/v1/auth/market-trends/area': area });
    renderSignedIn(<AreaTrendsButton bounds={{ ne: { lat: 32, lng: -96 }, sw: { lat: 30, lng: -98 } }} />, {
      path: '/app/search',
      route: '/app/search',
    });
    fireEvent.click(screen.getByRole('button', { name: AREA_TRENDS_TEXT.button }));
    expect(await screen.findByText(AREA_TRENDS_TEXT.tooWide)).toBeInTheDocument();
    expect(callsTo(sent, 'GET', '/api/v1/auth/market-trends/area')).toHaveLength(0);
  });
});
