/**
 * The estimates' measured accuracy on the client (issue 37): "How accurate?" beside an estimate opens
 * its market's figures in a dialog (asked only when opened; not measured yet on a 404); the public
 * Accuracy page lists every market, all of them together first, and shows one market as the dialog
 * does; the public footer links to it.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../src/client/app/router';
import { makeStore } from '../../src/client/app/store';
import { HowAccurate } from '../../src/client/features/accuracy';
import { AccuracyMarketPage, AccuracyPage } from '../../src/client/features/accuracy/accuracy-page';
import type { AccuracyFigures, AccuracyOverview, MarketAccuracy } from '../../src/shared/schemas/accuracy';
import { byButton, callsTo, dialogTitled, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();

/** Text with the figures' no-break spaces read as spaces. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');

const figures = (overrides: Partial<AccuracyFigures> = {}): AccuracyFigures => ({
  tested: 445,
  count: 295,
  medianRatio: 1.0116,
  cod: 11.05,
  prd: 1.0167,
  medianAbsErrorPercent: 8.74,
  within5: 30.5,
  within10: 52.9,
  within20: 83.4,
  biasPercent: 1.16,
  coveragePercent: 78,
  range: { lowerPercent: -17, upperPercent: 21.4, count: 295, basis: 'market' },
  ...overrides,
});

const RENT = figures({
  tested: 119,
  count: 89,
  medianAbsErrorPercent: 9.24,
  within10: 55.1,
  biasPercent: -0.46,
  coveragePercent: 88.8,
  range: { lowerPercent: -18.2, upperPercent: 21.5, count: 844, basis: 'pooled' },
});

const HISTOGRAM = [2, 3, 14, 24, 23, 31, 38, 52, 35, 28, 15, 12, 7, 11];
const RUN = { finishedAt: '2025-11-21T09:00:00.000Z', salesAsOf: '2025-11-20', leasesAsOf: '2025-11-19' };

const AUSTIN: MarketAccuracy = {
  run: RUN,
  city: 'Austin',
  state: 'TX',
  value: { figures: figures(), histogram: HISTOGRAM, zips: [{ zip: '78751', ...figures({ count: 20, within10: 45 }) }] },
  rent: { figures: RENT, histogram: HISTOGRAM.map((n) => Math.round(n / 3)), zips: [] },
  minZipOutcomes: 20,
};

const MARKET_PATH = '/api/v1/accuracy/markets/tx/Austin';
const NOT_FOUND = [404, { error: { code: 'NOT_FOUND', message: 'No accuracy figures for Austin, TX' } }] as [number, unknown];

const openButton = (kind: 'value' | 'rent') => screen.getByTestId(`how-accurate-${kind}`);

describe('"How accurate?"', () => {
  it('is named after its market and kind, and asks nothing until it is opened', () => {
    const sent = mockApi({ [`GET ${MARKET_PATH}`]: [200, { data: AUSTIN }] });
    renderSignedIn(<HowAccurate kind="rent" market={{ city: 'Austin', state: 'TX' }} />, { path: '/app/property/p1' });
    expect(openButton('rent')).toHaveAccessibleName('How accurate? (rent estimates in Austin, TX)');
    expect(openButton('rent')).toHaveAttribute('aria-haspopup', 'dialog');
    expect(callsTo(sent, 'GET', MARKET_PATH)).toHaveLength(0);
  });

  it("opens the market's figures in words, the asked kind first, with the chart's table and the ZIPs", async () => {
    const sent = mockApi({ [`GET ${MARKET_PATH}`]: [200, { data: AUSTIN }] });
    renderSignedIn(<HowAccurate kind="rent" market={{ city: 'Austin', state: 'TX' }} />, { path: '/app/property/p1' });
    fireEvent.click(openButton('rent'));
    const dialog = await dialogTitled('How accurate are our estimates in Austin, TX?');
    await within(dialog).findByTestId('market-accuracy');
    expect(callsTo(sent, 'GET', MARKET_PATH)).toHaveLength(1);

    // Rent first (it was asked about), then the value.
    const sections = Array.from(dialog.querySelectorAll('section[data-testid]')).map((s) => s.getAttribute('data-testid'));
    expect(sections).toEqual(['accuracy-rent', 'accuracy-value']);
    expect(text(within(dialog).getByTestId('accuracy-sentence-rent'))).toBe(
      'In Austin, 55 % of our rent estimates were within 10 % of the rent actually signed, over 89 leases of the last 12 months.',
    );
    expect(text(within(dialog).getByTestId('accuracy-sentence-value'))).toBe(
      'In Austin, 53 % of our value estimates were within 10 % of the price actually paid, over 295 sales of the last 12 months.',
    );
    expect(text(dialog)).toContain('Measured Nov 21, 2025 from the sales up to Nov 20, 2025 and leases up to Nov 19, 2025');

    const value = within(dialog).getByTestId('accuracy-value');
    const item = (section: HTMLElement, label: string) => {
      const labels = Array.from(section.querySelectorAll('.ant-descriptions-item-label'));
      return text(labels.find((l) => text(l) === label)?.nextElementSibling ?? null);
    };
    expect(item(value, 'Median error')).toBe('8.7 %: half of the estimates missed by less, half by more');
    expect(item(value, 'Bias')).toBe('+1.2 %: the estimates ran high, the middle one 1.2 % above the price actually paid');
    expect(item(value, 'Within 5 / 10 / 20 %')).toBe('31 % within 5 %, 53 % within 10 %, 83 % within 20 %');
    expect(item(value, 'Actual inside the 80 % range')).toMatch(/^78\.0 % of the prices actually paid fell inside it/);
    expect(item(value, 'The 80 % range')).toBe(
      "From 17.0 % below to 21.4 % above the estimate, set by this market's 295 backtested sales",
    );

    // The rent's range is pooled: said in words.
    const rent = within(dialog).getByTestId('accuracy-rent');
    expect(text(rent)).toContain(
      "Too few leases in this market to calibrate its own range: the wider of the comps' spread and all markets' range is shown.",
    );
    expect(text(value)).not.toContain('Too few sales in this market');

    // The IAAO measures: the value estimates only.
    const iaao = within(value).getByTestId('accuracy-iaao');
    expect(
      Array.from(iaao.querySelectorAll('tbody tr.ant-table-row')).map((r) => Array.from(r.querySelectorAll('td')).map(text)),
    ).toEqual([
      ['Median ratio (estimate ÷ price paid)', '1.012', '0.90 to 1.10', 'Meets it'],
      ['Coefficient of dispersion (COD)', '11.1', '15 or less for single-family homes', 'Meets it'],
      ['Price-related differential (PRD)', '1.017', '0.98 to 1.03', 'Meets it'],
    ]);
    expect(within(rent).queryByTestId('accuracy-iaao')).toBeNull();

    // The chart, with its figures in a table under it.
    const chart = within(value).getByTestId('error-chart-value');
    const svg = chart.querySelector('svg[role="img"]') as SVGElement;
    expect(svg.querySelectorAll('rect')).toHaveLength(14);
    expect(text(svg.querySelector('desc'))).toContain(
      'How far each of the 295 value estimates in Austin was from the price actually paid',
    );
    const bins = Array.from(chart.querySelectorAll('tbody tr.ant-table-row')).map((r) =>
      Array.from(r.querySelectorAll('td')).map(text),
    );
    expect(bins).toHaveLength(14);
    expect(bins[0]).toEqual(['Below −30 %', '2', '0.7 %']);
    expect(bins[7]).toEqual(['0 to 5 %', '52', '17.6 %']);
    expect(bins[13]).toEqual(['30 % or more', '11', '3.7 %']);

    // By ZIP; a kind without ZIPs says why.
    const zips = within(value).getByTestId('accuracy-zips-value');
    expect(Array.from(zips.querySelectorAll('thead th')).map(text)).toEqual([
      'ZIP',
      'Sales',
      'Median error',
      'Within 10 %',
      'Bias',
      'In the 80 % range',
      'Median ratio',
      'COD',
    ]);
    expect(Array.from(zips.querySelectorAll('tbody tr.ant-table-row td')).map(text)).toEqual([
      '78751',
      '20',
      '8.7 %',
      '45 %',
      '+1.2 %',
      '78.0 %',
      '1.012',
      '11.1',
    ]);
    expect(text(rent)).toContain('No ZIP had the 20 estimated leases it takes to be shown on its own.');

    // The public page is a link away; Close closes.
    expect(within(dialog).getByRole('link', { name: 'Austin, TX on the Accuracy page' })).toHaveAttribute(
      'href',
      '/accuracy/TX/Austin',
    );
    expect(within(dialog).getByRole('link', { name: 'Every market’s accuracy' })).toHaveAttribute('href', '/accuracy');
    fireEvent.click(byButton('Close', dialog.querySelector('.dm-accuracy-dialog-links') as HTMLElement));
    await waitFor(() => expect((dialog.closest('.ant-modal-wrap') as HTMLElement).style.display).toBe('none'));
  });

  it('says the accuracy has not been measured yet when the market has no figures (404)', async () => {
    mockApi({ [`GET ${MARKET_PATH}`]: NOT_FOUND });
    renderSignedIn(<HowAccurate kind="value" market={{ city: 'Austin', state: 'TX' }} />, { path: '/app/property/p1' });
    fireEvent.click(openButton('value'));
    const dialog = await dialogTitled('How accurate are our estimates in Austin, TX?');
    expect(await within(dialog).findByTestId('accuracy-not-measured')).toHaveTextContent(
      'The accuracy of our estimates in Austin, TX has not been measured yet',
    );
  });

  it('says so when the figures cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      [`GET ${MARKET_PATH}`]: () => {
        calls += 1;
        return calls === 1 ? [500, { error: { code: 'INTERNAL', message: 'boom' } }] : [200, { data: AUSTIN }];
      },
    });
    renderSignedIn(<HowAccurate kind="value" market={{ city: 'Austin', state: 'TX' }} />, { path: '/app/property/p1' });
    fireEvent.click(openButton('value'));
    const dialog = await dialogTitled('How accurate are our estimates in Austin, TX?');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The accuracy figures could not be loaded.');
    fireEvent.click(byButton('Try again', dialog));
    expect(await within(dialog).findByTestId('accuracy-sentence-value')).toBeInTheDocument();
  });
});

const OVERVIEW: AccuracyOverview = {
  run: RUN,
  all: { value: figures({ count: 2_584, medianAbsErrorPercent: 10.36, within10: 48.3 }), rent: RENT },
  markets: [
    { city: 'Atlanta', state: 'GA', value: figures({ cod: 10.79, prd: 1.0112 }), rent: null },
    { city: 'Austin', state: 'TX', value: figures(), rent: RENT },
  ],
};

const rowsOf = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((r) => Array.from(r.querySelectorAll('td')).map(text));

describe('the public Accuracy page', () => {
  it('lists every market with its value and rent figures, all markets together first', async () => {
    mockApi({ 'GET /api/v1/accuracy': [200, { data: OVERVIEW }] });
    renderSignedIn(<AccuracyPage />, { path: '/accuracy', user: null });
    const table = await screen.findByTestId('accuracy-markets');
    expect(document.title).toBe('Accuracy — Dealmap');
    expect(screen.getByRole('heading', { name: 'How accurate are our estimates?' })).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['All markets', '10.4 %', '48 %', '11.1', '1.017', '78.0 %', '2,584', '9.2 %', '55 %', '88.8 %', '89'],
      ['Atlanta, GA', '8.7 %', '53 %', '10.8', '1.011', '78.0 %', '295', '—', '—', '—', '—'],
      ['Austin, TX', '8.7 %', '53 %', '11.1', '1.017', '78.0 %', '295', '9.2 %', '55 %', '88.8 %', '89'],
    ]);
    expect(within(table).getByRole('link', { name: 'Austin, TX' })).toHaveAttribute('href', '/accuracy/TX/Austin');
    expect(Array.from(table.querySelectorAll('thead th')).map(text)).toEqual(
      expect.arrayContaining(['Value estimates', 'Rent estimates', 'COD', 'PRD', 'In 80 % range', 'Sales', 'Leases']),
    );
  });

  it('says the accuracy has not been measured yet before the first backtest', async () => {
    mockApi({ 'GET /api/v1/accuracy': [200, { data: { run: null, all: { value: null, rent: null }, markets: [] } }] });
    renderSignedIn(<AccuracyPage />, { path: '/accuracy', user: null });
    expect(await screen.findByTestId('accuracy-not-measured')).toHaveTextContent(
      'The accuracy of our estimates has not been measured yet: the first backtest runs in the background once the listings are loaded.',
    );
    expect(screen.queryByTestId('accuracy-markets')).toBeNull();
  });

  it('shows one market as the dialog does, with the way back to every market; a market not measured says so', async () => {
    mockApi({ [`GET ${MARKET_PATH}`]: [200, { data: AUSTIN }] });
    const first = renderSignedIn(<AccuracyMarketPage />, {
      path: '/accuracy/TX/Austin',
      route: '/accuracy/:state/:city',
      user: null,
    });
    expect(await screen.findByRole('heading', { name: 'How accurate are our estimates in Austin, TX?' })).toBeInTheDocument();
    expect(document.title).toBe('Accuracy in Austin, TX — Dealmap');
    expect(await screen.findByTestId('accuracy-sentence-value')).toBeInTheDocument();
    // The value first on the page.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Value estimates', 'Rent estimates']);
    expect(screen.getByRole('link', { name: '← Every market' })).toHaveAttribute('href', '/accuracy');
    first.unmount();

    mockApi({ 'GET /api/v1/accuracy/markets/id/Boise': NOT_FOUND });
    renderSignedIn(<AccuracyMarketPage />, { path: '/accuracy/ID/Boise', route: '/accuracy/:state/:city', user: null });
    expect(await screen.findByTestId('accuracy-not-measured')).toHaveTextContent(
      'The accuracy of our estimates in Boise, ID has not been measured yet',
    );
  });

  it('is a public route, linked from the public footer', async () => {
    mockApi({ 'GET /api/v1/accuracy': [200, { data: OVERVIEW }], [`GET ${MARKET_PATH}`]: [200, { data: AUSTIN }] });
    const router = createMemoryRouter(routes, { initialEntries: ['/accuracy'] });
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByTestId('accuracy-markets', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How accurate our estimates are' })).toHaveAttribute('href', '/accuracy');
    await act(async () => {
      await router.navigate('/accuracy/TX/Austin');
    });
    expect(await screen.findByTestId('accuracy-market-page', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
