import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../src/client/app/store';
import { MapLegend, RECENT_CUT_LEGEND } from '../../src/client/features/map/map-legend';
import type { Comp, MapProperty } from '../../src/client/features/map/map-types';
import { PropertyPopup } from '../../src/client/features/map/popup/property-popup';
import type { User } from '../../src/shared/api-types';
import { maxOffer, type OfferTargets } from '../../src/shared/invest';
import { startingWhatIf } from '../../src/shared/invest/starting-what-if';
import type { Property } from '../../src/shared/schemas/property';
import { summaryOf } from '../../src/shared/search-summary';
import { answerAll, jsonResponse } from './msw-server';
import { finite, makeComp, makeProperty } from './fixtures';

const STRATEGIES = [
  { _id: 's-bh', name: 'Buy & Hold', description: '', active: true },
  { _id: 's-br', name: 'BRRRR', description: '', active: true },
  { _id: 's-ff', name: "Fix'N'Flip", description: '', active: true },
  { _id: 's-st', name: 'Short-term Rental', description: '', active: true },
];

const user = (strategies: string[], offerTargets: OfferTargets = { cashOnCashPercent: 8, flipProfitPercent: 15 }): User => ({
  _id: 'u1',
  firstName: 'Ivy',
  lastName: 'Investor',
  username: 'ivy@example.com',
  roleId: 'r',
  role: 'Investor',
  roleName: 'Investor',
  accountId: null,
  accountName: null,
  active: true,
  lastLogin: null,
  profile: {
    role: 'Investor',
    strategies,
    markets: [],
    interests: [],
    experience: null,
    offerTargets,
  },
});

/** GET /property/p1 without the engine inputs: what the popup's tabs show. */
const whole: Property = makeProperty({
  _id: 'p1',
  LatestListingPrice: 450_000,
  PublicListingRemarks: 'Bright bungalow near the park.',
  BedroomsTotal: 3,
  BathroomsTotal: 2.5,
  BuildingAreaTotal: 1850,
  PropertyAddressFull: '1200 E 11TH ST',
  PropertyAddressCity: 'AUSTIN',
  PropertyAddressState: 'tx',
  PropertyAddressZIP: '78702',
  location: { type: 'Point', coordinates: [-97.73, 30.27] },
  markerColor: { background: '#ef4444', borderColor: '#b91c1c', glyphColor: '#ffffff' },
  compIDs: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'],
  BuyHoldResults: finite({
    totalCashNeeded: 100_000,
    netMonthlyIncome: 250,
    grossMonthlyExpenses: 1800,
    totalCosts: 460_000,
    cashOnCashRoi: 3,
  }),
  BRRRRResults: {
    totalCashNeeded: 120_000,
    cashOnCashRoi: null,
    cashOnCashInfinite: true,
    netMonthlyIncome: 300,
    cashAtRefiClose: 90_000,
    arv: 500_000,
    loanAmount: 350_000,
    rehabCost: 40_000,
    refiLoanAmount: 400_000,
    grossMonthlyExpenses: 2000,
  },
  FixFlipResults: null,
  ShortTermResults: finite({
    grossAnnualRevenue: 60_000,
    cashOnCashRoi: 8.456,
    estimatedOccupancyRate: 68.25,
    netOperatingIncome: 24_000,
    peakSeasonRate: 250,
    offSeasonRate: 150,
    shoulderSeasonRate: 200,
    monthlyMortgage: 2500,
    annualExpenses: 36_000,
    totalInvestment: 110_000,
    capRate: 5.33,
    setupCosts: 15_000,
  }),
});

const comps: Comp[] = [300, 420, 380, 510, 600, 350].map((k, i) =>
  makeComp({
    _id: `c${i + 1}`,
    MLSSoldPrice: k * 1000,
    PropertyAddressFull: `${i + 1} MAIN ST`,
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78702',
    BedroomsTotal: 3,
    BathroomsTotal: 2,
  }),
);

/** The value cell next to a Descriptions label. */
const valueOf = (container: HTMLElement, label: string) => within(container).getByText(label).closest('th')!.nextElementSibling;

/** The value beside a label of the Property tab's facts (label and value share a cell). */
const factOf = (container: HTMLElement, label: string) =>
  within(container)
    .getByText(label, { selector: '.ant-descriptions-item-label' })
    .parentElement!.querySelector('.ant-descriptions-item-content');

/** Role queries are slow in jsdom with Ant Design's DOM: find tabs by their role attribute and text. */
const tabs = () => Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]'));
const tab = (name: string) => {
  const found = tabs().find((el) => el.textContent === name);
  if (!found) throw new Error(`No tab ${name}`);
  return found;
};

/** The search's summary of it: what the popup opens with. */
const property: MapProperty = summaryOf(whole);

/** GET /property/p1: the popup's property with the engine inputs the property page starts from. */
const FULL: Property = {
  ...whole,
  dealStatus: 'Overpriced',
  monthlyRent: 3_200,
  rehabEstimate: 40_000,
  arvEstimate: 500_000,
  nightlyRate: 250,
  marketAssumptions: null,
};
const RATES = [
  { _id: 'r1', product: '30-Year Fixed', rate: 6.5, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
];

let requests: string[];
/** The caller's pipeline deal on p1 (null: in none); a PUT moves it to the stage it sends. */
let pipelineStage: string | null = null;
const pipelineDeal = (stage: string) => ({
  _id: 'd1',
  propertyId: 'p1',
  address: '1200 E 11th St',
  city: 'Austin',
  state: 'TX',
  zip: '78702',
  latitude: 30.27,
  longitude: -97.73,
  listPrice: 450_000,
  listingStatus: 'Active',
  stage,
  offerPrice: null,
  stageSince: '2026-11-01T00:00:00.000Z',
  addedAt: '2026-11-01T00:00:00.000Z',
  moves: [{ stage, movedAt: '2026-11-01T00:00:00.000Z' }],
});
/** The API; `hold` keeps GET /property/p1 unanswered until the returned function is called. */
function mockApi(compsReply: [number, unknown], full: Property | null = FULL, hold = false) {
  requests = [];
  let release: () => void = () => {};
  const held = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  answerAll(async (req) => {
    const url = new URL(req.url);
    requests.push(url.pathname + url.search);
    if (url.pathname === '/api/v1/auth/property/p1') {
      await held;
      return full
        ? jsonResponse(200, { data: full })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Property not found' } });
    }
    if (url.pathname === '/api/v1/rates/latest') return jsonResponse(200, { data: RATES });
    if (url.pathname === '/api/v1/lookups/investmentStrategies') return jsonResponse(200, { data: STRATEGIES });
    if (url.pathname === '/api/v1/auth/property/comps') return jsonResponse(compsReply[0], compsReply[1]);
    if (url.pathname === '/api/v1/config') return jsonResponse(200, { data: { googleMapsApiKey: null, googleMapsMapId: null } });
    if (url.pathname === '/api/v1/auth/pipeline/properties/p1') {
      if (req.method === 'PUT') {
        const body = (await req.json()) as { stage: string };
        requests.push(`PUT ${JSON.stringify(body)}`);
        pipelineStage = body.stage;
      }
      return pipelineStage
        ? jsonResponse(200, { data: pipelineDeal(pipelineStage) })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'This property is not in your pipeline' } });
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'no mock' } });
  });
  return release;
}

function renderPopup(p: MapProperty, strategies: string[], onClose = jest.fn(), targets?: OfferTargets, container?: HTMLElement) {
  const store = makeStore({ session: { token: 't', refreshToken: 'r', user: user(strategies, targets) } } as never);
  const view = render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter>
          <PropertyPopup property={p} onClose={onClose} />
        </MemoryRouter>
      </AntApp>
    </Provider>,
    container ? { container } : undefined,
  );
  return { onClose, store, view };
}

// Ant Design renders slowly in jsdom.
jest.setTimeout(60_000);

describe('property popup', () => {
  it('shows the header, the Property tab and only the profile strategy tabs the property has results for', async () => {
    mockApi([200, { data: comps }]);
    renderPopup(property, ['s-bh', 's-ff', 's-st']);
    const popup = screen.getByTestId('property-popup');
    expect(popup).toHaveStyle({ width: '600px', height: '350px' });
    expect(within(popup).getByTestId('popup-address')).toHaveTextContent('1200 E 11th St, Austin, TX 78702');
    expect(within(popup).getAllByText('Overpriced').length).toBeGreaterThan(0);
    expect(within(popup).getByText('Explore Property').closest('a')).toHaveAttribute('href', '/app/property/p1');
    expect(within(popup).getByText('No photos available')).toBeInTheDocument();
    expect(within(popup).getByText('$450,000')).toBeInTheDocument();
    expect(within(popup).getByText('2.5')).toBeInTheDocument();
    expect(within(popup).getByText('1,850 sq ft')).toBeInTheDocument();
    expect(await within(popup).findByText('Bright bungalow near the park.')).toBeInTheDocument();
    // Fix'N'Flip is chosen but the property has no results; BRRRR has results but is not chosen.
    await waitFor(() => expect(tabs().map((t) => t.textContent)).toEqual(['Property', 'Comps', 'Buy/Hold', 'ST Rental']));
  });

  it("shows the property's pipeline stage and changes it there", async () => {
    mockApi([200, { data: comps }]);
    pipelineStage = 'watching';
    try {
      renderPopup(property, ['s-bh']);
      const popup = screen.getByTestId('property-popup');
      const control = await within(popup).findByTestId('pipeline-control');
      await waitFor(() => expect(control).toHaveTextContent('Watching'));
      // The popup has the stage alone: the offer price is the property page's.
      expect(within(control).queryByRole('spinbutton')).toBeNull();
      fireEvent.mouseDown(within(control).getByRole('combobox', { name: 'Pipeline stage' }));
      fireEvent.click(await screen.findByTitle('Offer made'));
      await waitFor(() => expect(requests).toContain('PUT {"stage":"offer-made"}'));
      await waitFor(() => expect(control).toHaveTextContent('Offer made'));
    } finally {
      pipelineStage = null;
    }
  });

  it('requests comps 300 ms after selection and shows the cards, the bar and the top 5', async () => {
    mockApi([200, { data: comps }]);
    const started = Date.now();
    renderPopup(property, []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests.some((r) => r.startsWith('/api/v1/auth/property/comps'))).toBe(false);
    await waitFor(() => expect(requests).toContain('/api/v1/auth/property/comps?ids=c1%2Cc2%2Cc3%2Cc4%2Cc5%2Cc6'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    fireEvent.click(tab('Comps'));
    await screen.findByText('Total Comps');
    for (const title of ['Total Comps', 'Average Price', 'Price Range', 'Market Data'])
      expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByTestId('price-position-bar')).toBeInTheDocument();
    // 450k is within 300k..600k.
    expect(screen.getByTestId('price-position-marker')).toHaveAttribute('data-position', 'within');
    const items = within(screen.getByTestId('top-comps')).getAllByTestId('top-comp');
    expect(items.map((li) => within(li).getByText(/^\$/).textContent)).toEqual([
      '$600,000',
      '$510,000',
      '$420,000',
      '$380,000',
      '$350,000',
    ]);
  });

  it('shows the message for a price above every comp', async () => {
    mockApi([200, { data: comps }]);
    renderPopup(summaryOf({ ...whole, LatestListingPrice: 700_000 }), []);
    fireEvent.click(tab('Comps'));
    expect(await screen.findByText('Consider negotiating the price')).toBeInTheDocument();
    expect(screen.getByTestId('price-position-marker')).toHaveAttribute('data-position', 'above');
  });

  it('shows the empty state when there are no comps, and logs comps failures only', async () => {
    mockApi([500, { error: { code: 'INTERNAL', message: 'boom' } }]);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPopup(property, []);
    fireEvent.click(tab('Comps'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Comps request failed', expect.anything()));
    expect(screen.getByText('No comparable properties found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria or location')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows every strategy field with the formats, the derived figures and the disclaimer', async () => {
    mockApi([200, { data: [] }]);
    renderPopup(property, ['s-br', 's-st']);
    fireEvent.click(await waitFor(() => tab('BRRRR')));
    const brrrr = await screen.findByTestId('strategy-brrrr');
    expect(valueOf(brrrr, 'Total cash into property')).toHaveTextContent('$30,000');
    expect(valueOf(brrrr, 'Cash-on-cash ROI')).toHaveTextContent('∞');
    expect(within(brrrr).getByText('These results are best estimates and are not guaranteed.')).toBeInTheDocument();
    fireEvent.click(tab('ST Rental'));
    const st = await screen.findByTestId('strategy-shortTerm');
    expect(valueOf(st, 'Monthly net income')).toHaveTextContent('$2,000');
    expect(valueOf(st, 'Estimated occupancy')).toHaveTextContent('68.3%');
    expect(valueOf(st, 'Cash-on-cash ROI')).toHaveTextContent('8.46%');
    expect(within(st).getByText('These results are best estimates and are not guaranteed.')).toBeInTheDocument();
  });

  it("shows each strategy tab's max offer at the profile's targets, solved from the property's engine inputs", async () => {
    mockApi([200, { data: [] }]);
    renderPopup(property, ['s-bh', 's-st']);
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    // "Working out the max offer…" until the property and the rates are in, then the line.
    const line = () => screen.getByTestId('max-offer-buyHold');
    const targets = { cashOnCashPercent: 8, flipProfitPercent: 15 };
    const expected = maxOffer('buyHold', startingWhatIf(FULL, 6.5), targets);
    if (expected.kind !== 'price') throw new Error(`expected a price, got ${expected.kind}`);
    await waitFor(() => expect(line()).toHaveTextContent(/^Max offer: Pays 8% at \$[\d,]+ or less$/));
    expect(line()).toHaveTextContent(`Pays 8% at $${expected.price.toLocaleString('en-US')} or less`);
    // The asking price ($450,000) pays less than 8 %: the max offer is below it.
    expect(expected.price).toBeLessThan(450_000);

    fireEvent.click(tab('ST Rental'));
    expect(await screen.findByTestId('max-offer-shortTerm')).toHaveTextContent(/^Max offer: (Pays 8% at|Does not pay 8%)/);
  });

  it("uses the user's own target and says so plainly when no price reaches it", async () => {
    mockApi([200, { data: [] }], { ...FULL, monthlyRent: 100, nightlyRate: 5 });
    renderPopup(property, ['s-bh'], jest.fn(), { cashOnCashPercent: 12.5, flipProfitPercent: 20 });
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    await waitFor(() =>
      expect(screen.getByTestId('max-offer-buyHold')).toHaveTextContent('Max offer: Does not pay 12.5% at any price'),
    );
  });

  it('says the max offer could not be worked out when the property does not load', async () => {
    mockApi([200, { data: [] }], null);
    renderPopup(property, ['s-bh']);
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    await waitFor(() =>
      expect(screen.getByTestId('max-offer-buyHold')).toHaveTextContent('The max offer could not be worked out.'),
    );
  });

  it('opens with the summary at once; until the whole property arrives its tabs show their shape, then fill without a tab coming or going', async () => {
    const release = mockApi([200, { data: comps }], FULL, true);
    renderPopup(property, ['s-bh', 's-br', 's-st']);
    const popup = screen.getByTestId('property-popup');
    // The header and the Property tab's facts come from the summary, before any answer.
    expect(within(popup).getByTestId('popup-address')).toHaveTextContent('1200 E 11th St, Austin, TX 78702');
    expect(within(popup).getByText('$450,000')).toBeInTheDocument();
    expect(popup).toHaveAttribute('data-loaded', 'false');
    expect(screen.getByTestId('remarks-loading')).toBeInTheDocument();
    await waitFor(() =>
      expect(tabs().map((t) => t.textContent)).toEqual(['Property', 'Comps', 'Buy/Hold', 'BRRRR', 'ST Rental']),
    );
    fireEvent.click(tab('BRRRR'));
    const loading = await screen.findByTestId('strategy-brrrr');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    // Every label of the final tab, each figure a placeholder.
    expect(within(loading).getByText('Total cash into property')).toBeInTheDocument();
    expect(within(loading).getByText('Refinance loan (80% of ARV)')).toBeInTheDocument();
    expect(loading.querySelectorAll('.dm-figure-skeleton')).toHaveLength(10);
    expect(requests.some((r) => r.startsWith('/api/v1/auth/property/comps'))).toBe(false);

    release();
    await waitFor(() => expect(screen.getByTestId('property-popup')).toHaveAttribute('data-loaded', 'true'));
    const filled = screen.getByTestId('strategy-brrrr');
    expect(filled).toHaveAttribute('aria-busy', 'false');
    expect(filled.querySelectorAll('.dm-figure-skeleton')).toHaveLength(0);
    expect(valueOf(filled, 'Total cash into property')).toHaveTextContent('$30,000');
    expect(tabs().map((t) => t.textContent)).toEqual(['Property', 'Comps', 'Buy/Hold', 'BRRRR', 'ST Rental']);
    expect(screen.getByText('Bright bungalow near the park.')).toBeInTheDocument();
    // The comps follow the whole property's compIDs.
    await waitFor(() => expect(requests).toContain('/api/v1/auth/property/comps?ids=c1%2Cc2%2Cc3%2Cc4%2Cc5%2Cc6'));
  });

  it('says days on market and the cut at once, then the on-market date, the original price and the price history', async () => {
    const history: Property = {
      ...FULL,
      OnMarketDate: '2026-09-20',
      DaysOnMarket: 47,
      OriginalListPrice: 480_000,
      LatestListingPrice: 450_000,
      PriceCutPercent: 6.3,
      PriceChangedAt: '2026-11-03T12:00:00.000Z',
      PriceChangeDays: 3,
      priceHistory: [
        { oldPrice: 480_000, newPrice: 465_000, changedAt: '2026-10-15T12:00:00.000Z' },
        { oldPrice: 465_000, newPrice: 450_000, changedAt: '2026-11-03T12:00:00.000Z' },
      ],
    };
    const release = mockApi([200, { data: comps }], history, true);
    renderPopup(summaryOf(history), ['s-bh']);
    const popup = screen.getByTestId('property-popup');
    // From the summary, before the whole property answers.
    expect(factOf(popup, 'On the market')).toHaveTextContent(/^47 days$/);
    expect(factOf(popup, 'Original price')).toHaveTextContent(/^cut 6.3%$/);
    expect(within(popup).queryByTestId('price-history')).toBeNull();

    release();
    await waitFor(() => expect(popup).toHaveAttribute('data-loaded', 'true'));
    expect(factOf(popup, 'On the market')).toHaveTextContent('47 days, since Sep 20, 2026');
    expect(factOf(popup, 'Original price')).toHaveTextContent('$480,000 (cut 6.3%)');
    const table = within(screen.getByTestId('price-history')).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    // Newest first.
    expect(rows).toEqual([
      ['Date', 'Price', 'Change'],
      ['Nov 3, 2026', '$465,000 → $450,000', '−3.2%'],
      ['Oct 15, 2026', '$480,000 → $465,000', '−3.1%'],
    ]);
  });

  it('shows no price history for a listing whose price never changed', async () => {
    mockApi([200, { data: comps }]);
    renderPopup(property, ['s-bh']);
    await waitFor(() => expect(screen.getByTestId('property-popup')).toHaveAttribute('data-loaded', 'true'));
    expect(factOf(screen.getByTestId('property-popup'), 'On the market')).toHaveTextContent('Not in the listing');
    expect(screen.queryByText('Original price')).toBeNull();
    expect(screen.queryByTestId('price-history')).toBeNull();
  });

  it("says the property's details failed in its tabs when GET /property/:id fails, keeping the summary", async () => {
    mockApi([200, { data: comps }], null);
    renderPopup(property, ['s-bh']);
    expect(within(screen.getByTestId('property-popup')).getByText('$450,000')).toBeInTheDocument();
    // The server's message (else the spec's "Failed to load property details").
    expect(await screen.findByText('Property not found')).toBeInTheDocument();
    expect(screen.queryByTestId('remarks-loading')).not.toBeInTheDocument();
    fireEvent.click(tab('Comps'));
    await waitFor(() => expect(screen.getAllByText('Property not found').length).toBeGreaterThan(1));
    expect(requests.some((r) => r.startsWith('/api/v1/auth/property/comps'))).toBe(false);
  });

  it('takes focus once it is in the page, even when its window attaches it later; Esc inside closes it; focus goes back to the opener', async () => {
    mockApi([200, { data: [] }]);
    const opener = document.createElement('button');
    opener.textContent = 'marker';
    document.body.appendChild(opener);
    opener.focus();
    // As the Maps API does: the content is rendered into a container that joins the page a moment after open().
    const container = document.createElement('div');
    const { onClose, view } = renderPopup(property, ['s-bh'], jest.fn(), undefined, container);
    const popup = within(container).getByTestId('property-popup');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(opener);
    document.body.appendChild(container);
    await waitFor(() => expect(document.activeElement).toBe(popup));

    // Esc from a control inside the popup (a tab) closes it.
    const inner = tab('Comps');
    inner.focus();
    fireEvent.keyDown(inner, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(document.activeElement).toBe(opener);
    container.remove();
    opener.remove();
  });

  it('closes through its close button', () => {
    mockApi([200, { data: [] }]);
    const { onClose } = renderPopup(property, []);
    fireEvent.click(screen.getByLabelText('Close'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('legend and search page', () => {
  it('shows the legend region with its three entries', () => {
    render(<MapLegend />);
    const legend = document.querySelector<HTMLElement>('[aria-label="Property Value Indicators"]')!;
    expect(legend).toHaveAttribute('role', 'region');
    expect(within(legend).getByText('Property Value Indicators')).toBeInTheDocument();
    for (const text of [
      'Good Deal',
      'Overpriced',
      'Market Price',
      'priced below comps',
      'priced above comps',
      'priced within the comp range',
    ]) {
      expect(within(legend).getByText(text)).toBeInTheDocument();
    }
    // The pin's glyph of a recent price cut is explained there too (not a colour: the three stay).
    expect(within(legend).getAllByRole('listitem')).toHaveLength(3);
    expect(within(legend).getByText(RECENT_CUT_LEGEND)).toBeInTheDocument();
    expect(RECENT_CUT_LEGEND).toBe('Price cut in the last 14 days');
  });
});
