import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import type { Comp, Property } from '../../src/client/features/map/map-types';
import { niceTicks } from '../../src/shared/chart-scale';
import { PropertyPage } from '../../src/client/features/property/property-page';
import { savedChanges } from '../../src/shared/saved-changes';
import { latestFinancingRate } from '../../src/shared/invest/starting-what-if';
import { bestFit, rankStrategies, strategyLoses } from '../../src/shared/invest/ranking';
import { maxOfferText } from '../../src/client/features/deal/max-offer';
import { COMPARISON_TEXT } from '../../src/client/features/property/strategy-comparison';
import { changedInputCount, initialWhatIfState, whatIfReducer } from '../../src/client/features/property/what-if-state';
import { formatCurrency, formatRoi } from '../../src/shared/format';
import { analyzeWhatIf, DEFAULT_OFFER_TARGETS, maxOffer, withOverrides, type WhatIf } from '../../src/shared/invest';
import { STRATEGY_KEYS } from '../../src/shared/investor-types';
import type { SavedCalculation } from '../../src/shared/investor-types';
import { callsTo, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { makeComp, makeProperty } from './fixtures';
import { sampleWhatIf } from '../support/what-if';

jest.setTimeout(60_000);
// The whole page (tables, charts, forty inputs) re-renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const PROPERTY: Property = makeProperty({
  _id: 'p1',
  LatestListingPrice: 200_000,
  PublicListingRemarks: 'Brick ranch with a fenced yard.',
  BedroomsTotal: 3,
  BathroomsTotal: 2,
  BathroomsFull: 2,
  BuildingAreaTotal: 1_400,
  PropertyAddressFull: '1200 E 11TH ST',
  PropertyAddressCity: 'AUSTIN',
  PropertyAddressState: 'tx',
  PropertyAddressZIP: '78702',
  location: { type: 'Point', coordinates: [-97.73, 30.27] },
  markerColor: { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' },
  compIDs: ['c1', 'c2'],
  confidence: { compCount: 2, spreadPercent: 8.7, newestSaleDays: 41 },
  monthlyRent: 1_800,
  rehabEstimate: 10_000,
  arvEstimate: 240_000,
  nightlyRate: 180,
  marketAssumptions: { operating: { propertyTaxPercent: 1.8 } },
});
const COMPS: Comp[] = [
  makeComp({
    _id: 'c1',
    MLSSoldPrice: 220_000,
    PropertyAddressFull: '1 MAIN ST',
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78702',
  }),
  makeComp({
    _id: 'c2',
    MLSSoldPrice: 240_000,
    PropertyAddressFull: '2 MAIN ST',
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78702',
  }),
];
const RATES = [
  { _id: 'r1', product: '30-Year Fixed', rate: 6.5, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
  { _id: 'r2', product: '15-Year Fixed', rate: 5.6, termMonths: 180, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
];
const STRATEGIES = [
  { _id: 's-bh', name: 'Buy & Hold', description: 'Rent it out for the long run.', active: true },
  { _id: 's-br', name: 'BRRRR', description: 'Buy, rehab, rent, refinance, repeat.', active: true },
];

/** The what-if the page must start from: the listing's figures, the market's overrides, the latest 30-year rate. */
const startingWhatIf = (rate = 6.5): WhatIf => ({
  figures: sampleWhatIf().figures,
  assumptions: withOverrides(
    { operating: { propertyTaxPercent: 1.8 } },
    { financing: { interestRatePercent: rate, termMonths: 360 } },
  ),
});

const api = (extra: Record<string, [number, unknown?] | ((body: unknown) => [number, unknown?])> = {}) =>
  mockApi({
    'GET /api/v1/auth/property/p1': [200, { data: PROPERTY }],
    'GET /api/v1/auth/property/comps': [200, { data: COMPS }],
    'GET /api/v1/rates/latest': [200, { data: RATES }],
    'GET /api/v1/lookups/investmentStrategies': [200, { data: STRATEGIES }],
    ...extra,
  });

/** A saved calculation of p1 as the server answers it. */
const makeCalc = (
  over: Partial<SavedCalculation> & Pick<SavedCalculation, '_id' | 'name' | 'whatIf' | 'saved'>,
): SavedCalculation => ({
  propertyId: 'p1',
  propertyAddress: '1200 E 11th St, Austin, TX 78702',
  strategy: 'buyHold',
  // The page recomputes from whatIf and never reads the stored results.
  results: {
    BuyHoldResults: {},
    BRRRRResults: {},
    FixFlipResults: {},
    ShortTermResults: {},
  } as unknown as SavedCalculation['results'],
  current: { listPrice: 200_000, rate: 6.5, compIDs: ['c1', 'c2'] },
  createdAt: '2026-01-02T09:00:00Z',
  updatedAt: '2026-01-02T09:00:00Z',
  ...over,
});

const openPage = (path = '/app/property/p1') => renderSignedIn(<PropertyPage />, { path, route: '/app/property/:id' });

/** The value next to a label inside one strategy's card. */
function cardValue(strategy: string, label: string): string {
  const card = screen.getByTestId(`strategy-card-${strategy}`);
  const labelCell = within(card).getByText(label, { selector: '.ant-descriptions-item-label' });
  return labelCell.parentElement!.querySelector('.ant-descriptions-item-content')!.textContent ?? '';
}
const rateInput = () => screen.getByLabelText<HTMLInputElement>('Interest rate');

describe('property page', () => {
  it('shows the property, its comps and all four strategies from the starting what-if', async () => {
    api();
    openPage();
    expect(await screen.findByRole('heading', { name: '1200 E 11th St, Austin, TX 78702' })).toBeInTheDocument();
    expect(screen.getAllByText('Good Deal').length).toBeGreaterThan(0);
    expect(screen.getByText('2 comps · prices spread 8.7% · newest sale 41 days ago')).toBeInTheDocument();
    expect(screen.getByTestId('property-description')).toHaveTextContent('Brick ranch with a fenced yard.');
    await waitFor(() => expect(screen.getByTestId('comps-table')).toBeInTheDocument());
    // A sale's close date as a person writes it, as the leases' are.
    expect(within(screen.getByTestId('comps-table')).getAllByText('Jan 15, 2026').length).toBeGreaterThan(0);
    expect(screen.getByTestId('price-position-bar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the map' })).toHaveAttribute(
      'href',
      '/app/search?lat=30.27&lng=-97.73&zoom=18',
    );

    // Prefilled from the latest 30-Year Fixed rate, with its 360-month term; the market's tax rate applies.
    expect(rateInput().value).toBe('6.5');
    expect(screen.getByLabelText<HTMLInputElement>('Loan term').value).toBe('360');
    const expected = analyzeWhatIf(startingWhatIf());
    expect(cardValue('buyHold', 'Net monthly income')).toBe(formatCurrency(expected.buyHold.netMonthlyIncome));
    expect(cardValue('brrrr', 'Cash at refinance close')).toBe(formatCurrency(expected.brrrr.cashAtRefiClose));
    expect(cardValue('fixFlip', 'Projected profit')).toBe(formatCurrency(expected.fixFlip.projectedProfit));
    expect(cardValue('shortTerm', 'Gross annual revenue')).toBe(formatCurrency(expected.shortTerm.grossAnnualRevenue));
    // One "#1 Best fit" by cash-on-cash, a strategy that pays; every card has a rank, and a loss says so.
    const ranks = rankStrategies('cashOnCash', expected, startingWhatIf());
    const best = bestFit(ranks)!;
    expect(best.loses).toBe(false);
    for (const r of ranks) {
      const label = within(screen.getByTestId(`strategy-card-${r.key}`)).getByTestId('strategy-rank').textContent;
      expect(label).toBe(r.key === best.key ? '#1 Best fit' : r.loses ? `#${r.rank} · Loses money` : `#${r.rank}`);
    }
    expect(screen.getAllByText('#1 Best fit')).toHaveLength(1);
    expect(screen.getByTestId('break-even-buyHold')).toHaveTextContent(formatRoi(expected.buyHold.breakEvenRatePercent));
    // The latest rate beside the break-even rates says it is out of date (its week is a year old).
    expect(screen.getByTestId('latest-rate-source')).toHaveTextContent(
      'Freddie Mac PMMS, 2025-11-20. Rates last updated Nov 20, 2025 — out of date',
    );
  });

  it('shows days on market with the on-market date, the original price and cut, and the price history', async () => {
    api({
      'GET /api/v1/auth/property/p1': [
        200,
        {
          data: {
            ...PROPERTY,
            OnMarketDate: '2026-08-01',
            DaysOnMarket: 117,
            OriginalListPrice: 215_000,
            PriceCutPercent: 7,
            PriceChangedAt: '2026-10-01T12:00:00.000Z',
            PriceChangeDays: 56,
            priceHistory: [
              { oldPrice: 215_000, newPrice: 205_000, changedAt: '2026-09-01T12:00:00.000Z' },
              { oldPrice: 205_000, newPrice: 200_000, changedAt: '2026-10-01T12:00:00.000Z' },
            ],
          },
        },
      ],
    });
    openPage();
    const details = await screen.findByTestId('property-details');
    const fact = (label: string) =>
      within(details)
        .getByText(label, { selector: '.ant-descriptions-item-label' })
        .parentElement!.querySelector('.ant-descriptions-item-content');
    expect(fact('On the market')).toHaveTextContent('117 days, since Aug 1, 2026');
    expect(fact('Original price')).toHaveTextContent('$215,000 (cut 7%)');
    const history = within(details).getByTestId('price-history');
    const cells = within(history)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(cells).toEqual([
      ['Date', 'Price', 'Change'],
      ['Oct 1, 2026', '$205,000 → $200,000', '−2.4%'],
      ['Sep 1, 2026', '$215,000 → $205,000', '−4.7%'],
    ]);
    expect(within(history).getByRole('table')).toBeInTheDocument();
  });

  it('says when the feed took the listing off the market', async () => {
    api({
      'GET /api/v1/auth/property/p1': [
        200,
        { data: { ...PROPERTY, offMarket: { since: '2026-11-27T03:04:05.000Z', status: 'Withdrawn' } } },
      ],
    });
    openPage();
    expect(await screen.findByTestId('off-market')).toHaveTextContent(
      'Off market (Withdrawn) since Nov 27, 2026: it no longer shows on the map, in searches or in alerts.',
    );
  });

  it('shows no off-market note for a listed listing', async () => {
    api();
    openPage();
    await screen.findByTestId('property-details');
    expect(screen.queryByTestId('off-market')).toBeNull();
  });

  it('says when a listing has no price changes and no on-market date', async () => {
    api();
    openPage();
    const details = await screen.findByTestId('property-details');
    expect(within(details).getByText('Not in the listing')).toBeInTheDocument();
    expect(within(details).queryByText('Original price')).toBeNull();
    expect(
      within(within(details).getByTestId('price-history')).getByText('No price changes recorded since it was listed.'),
    ).toBeInTheDocument();
  });

  it("says nothing of the rates' age when the latest week is recent", async () => {
    const thisWeek = new Date().toISOString().slice(0, 10);
    api({ 'GET /api/v1/rates/latest': [200, { data: RATES.map((r) => ({ ...r, asOf: thisWeek })) }] });
    openPage();
    expect(await screen.findByTestId('latest-rate-source')).toHaveTextContent(`Freddie Mac PMMS, ${thisWeek}`);
    expect(screen.getByTestId('latest-rate-source')).not.toHaveTextContent('out of date');
  });

  it('never calls a losing strategy the best fit, and says so plainly when every strategy loses', async () => {
    // A $600,000 house renting for $1,500, its ARV at its price: each strategy loses money.
    const losing = { ...PROPERTY, LatestListingPrice: 600_000, monthlyRent: 1_500, arvEstimate: 600_000, nightlyRate: 120 };
    api({ 'GET /api/v1/auth/property/p1': [200, { data: losing }] });
    openPage();
    const alert = await screen.findByTestId('no-fit');
    expect(alert).toHaveTextContent(COMPARISON_TEXT.allLose);
    const w = startingWhatIf();
    Object.assign(w.figures, { purchasePrice: 600_000, monthlyRent: 1_500, arv: 600_000, peakNightlyRate: 120 });
    const a = analyzeWhatIf(w);
    for (const key of STRATEGY_KEYS) expect(strategyLoses(key, a)).toBe(true);
    expect(screen.queryByText('#1 Best fit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('best-fit')).not.toBeInTheDocument();
    expect(
      screen
        .getAllByTestId('strategy-rank')
        .map((t) => t.textContent)
        .sort(),
    ).toEqual(['#1 · Loses money', '#2 · Loses money', '#3 · Loses money', '#4 · Loses money']);
    expect(document.querySelector('.dm-strategy-card.is-best')).toBeNull();
  });

  it("shows each strategy's max offer at the user's targets, and follows the what-if", async () => {
    api();
    openPage();
    await screen.findByTestId('strategy-card-buyHold');
    expect(screen.getByTestId('offer-targets')).toHaveTextContent(
      'Max offers reach your targets: 8% cash-on-cash for the rentals, a profit of 15% of ARV for a flip.',
    );
    const offerText = (w: WhatIf, key: (typeof STRATEGY_KEYS)[number]) =>
      `Max offer: ${maxOfferText(key, maxOffer(key, w, DEFAULT_OFFER_TARGETS), DEFAULT_OFFER_TARGETS)}`;
    for (const key of STRATEGY_KEYS)
      expect(screen.getByTestId(`max-offer-${key}`)).toHaveTextContent(offerText(startingWhatIf(), key));
    expect(screen.getByTestId('max-offer-buyHold')).toHaveTextContent(/^Max offer: Pays 8% at \$[\d,]+ or less$/);
    expect(screen.getByTestId('max-offer-fixFlip')).toHaveTextContent(/^Max offer: Makes 15% of ARV at \$[\d,]+ or less$/);

    // A higher rate lowers what Buy & Hold can pay for 8 %.
    const before = screen.getByTestId('max-offer-buyHold').textContent;
    fireEvent.change(rateInput(), { target: { value: '8' } });
    await waitFor(() =>
      expect(screen.getByTestId('max-offer-buyHold')).toHaveTextContent(offerText(startingWhatIf(8), 'buyHold')),
    );
    expect(screen.getByTestId('max-offer-buyHold').textContent).not.toBe(before);
  });

  it('recomputes every strategy when the rate changes, and Reset restores the defaults', async () => {
    api();
    openPage();
    await screen.findByTestId('strategy-card-buyHold');
    const before = cardValue('buyHold', 'Net monthly income');
    const brrrrBefore = cardValue('brrrr', 'Net monthly income');
    const firstYear = within(screen.getByTestId('projection-table')).getAllByRole('row')[1].textContent;

    fireEvent.change(rateInput(), { target: { value: '8' } });

    const at8 = analyzeWhatIf(startingWhatIf(8));
    await waitFor(() => expect(cardValue('buyHold', 'Net monthly income')).toBe(formatCurrency(at8.buyHold.netMonthlyIncome)));
    expect(cardValue('buyHold', 'Net monthly income')).not.toBe(before);
    expect(cardValue('brrrr', 'Net monthly income')).toBe(formatCurrency(at8.brrrr.netMonthlyIncome));
    expect(cardValue('brrrr', 'Net monthly income')).not.toBe(brrrrBefore);
    expect(cardValue('shortTerm', 'Monthly mortgage')).toBe(formatCurrency(at8.shortTerm.monthlyMortgage));
    expect(screen.getByTestId('rate-in-use')).toHaveTextContent('8.00%');
    expect(within(screen.getByTestId('projection-table')).getAllByRole('row')[1].textContent).not.toBe(firstYear);

    const reset = screen.getByTestId('reset-what-if');
    expect(reset).toHaveTextContent('Reset (1 changed)');
    fireEvent.click(reset);
    await waitFor(() => expect(cardValue('buyHold', 'Net monthly income')).toBe(before));
    expect(rateInput().value).toBe('6.5');
    expect(screen.getByTestId('reset-what-if')).toBeDisabled();
    expect(within(screen.getByTestId('projection-table')).getAllByRole('row')[1].textContent).toBe(firstYear);
  });

  it('re-ranks the strategies by the chosen metric', async () => {
    api();
    openPage();
    await screen.findByTestId('best-fit');
    const w = analyzeWhatIf(startingWhatIf());
    // By least cash needed, BRRRR (the cash left after its refinance) needs the least, but it loses
    // money at these figures: the best fit is the strategy that pays with the least cash.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rank by' }));
    fireEvent.click(await screen.findByTitle('Least cash needed'));
    const needed = [
      ['buyHold', 'Buy & Hold', w.buyHold.totalCashNeeded],
      ['brrrr', 'BRRRR', w.brrrr.cashLeftInDeal],
      ['fixFlip', "Fix'N'Flip", w.fixFlip.cashNeeded],
      ['shortTerm', 'Short-term Rental', w.shortTerm.totalInvestment],
    ] as const;
    const fewest = [...needed].sort((a, b) => a[2] - b[2])[0];
    expect(fewest[0]).toBe('brrrr');
    expect(strategyLoses('brrrr', w)).toBe(true);
    const paying = needed.filter(([key]) => !strategyLoses(key, w)).sort((a, b) => a[2] - b[2])[0];
    await waitFor(() => expect(screen.getByTestId('best-fit')).toHaveTextContent(`Best fit by least cash needed: ${paying[1]}`));
    expect(within(screen.getByTestId('strategy-card-brrrr')).getByTestId('strategy-rank')).toHaveTextContent('Loses money');
  });

  it("shows the server's message, or 'Failed to load property details'", async () => {
    api({ 'GET /api/v1/auth/property/p1': [404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }] });
    const first = openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Property not found');
    first.unmount();

    api({ 'GET /api/v1/auth/property/p1': [500, {}] });
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load property details');
  });

  it('saves the calculation under a name, then shows it as the open saved calculation', async () => {
    let posted: Record<string, unknown> | undefined;
    const savedCalc = (name: string) =>
      makeCalc({
        _id: 'calc-1',
        name,
        whatIf: posted!.whatIf as WhatIf,
        saved: { listPrice: 200_000, rate: 7.25, compIDs: ['c1', 'c2'] },
      });
    const sent = api({
      'POST /api/v1/auth/saved-calculations': (body) => {
        posted = body as Record<string, unknown>;
        return [201, { data: savedCalc(posted.name as string) }];
      },
      'GET /api/v1/auth/saved-calculations/calc-1': () => [200, { data: savedCalc('At 7.25 %') }],
    });
    openPage();
    await screen.findByTestId('strategy-card-buyHold');
    fireEvent.change(rateInput(), { target: { value: '7.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save calculation' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('1200 E 11th St · Buy & Hold');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/saved-calculations')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  At 7.25 %  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved calculation created successfully')).toBeInTheDocument();
    expect(posted).toMatchObject({ name: 'At 7.25 %', propertyId: 'p1', strategy: 'buyHold' });
    expect((posted!.whatIf as WhatIf).assumptions.financing.interestRatePercent).toBe(7.25);
    expect((posted!.whatIf as WhatIf).assumptions.operating.propertyTaxPercent).toBe(1.8);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/property/p1?calc=calc-1'));
    expect(await screen.findByTestId('saved-name')).toHaveTextContent('At 7.25 %');
    expect(screen.getByTestId('saved-changes')).toHaveTextContent('30-year fixed rate: 7.25% then, 6.50% now.');
  });

  it('reopens a saved calculation from ?calc=: its inputs and strategy, what changed since, and delete', async () => {
    const whatIf = startingWhatIf(7);
    whatIf.figures.monthlyRent = 2_100;
    const calc = makeCalc({
      _id: 'calc-9',
      name: 'Higher rent',
      strategy: 'brrrr',
      whatIf,
      saved: { listPrice: 210_000, rate: 7, compIDs: ['c0', 'c1'] },
    });
    const sent = api({
      'GET /api/v1/auth/saved-calculations/calc-9': [200, { data: calc }],
      'DELETE /api/v1/auth/saved-calculations/calc-9': [204],
      'GET /api/v1/auth/saved-calculations/all': [200, { data: [] }],
    });
    openPage('/app/property/p1?calc=calc-9');
    const changes = await screen.findByTestId('saved-changes');
    expect(changes).toHaveTextContent('List price: $210,000 then, $200,000 now (-4.76%).');
    expect(changes).toHaveTextContent('30-year fixed rate: 7.00% then, 6.50% now.');
    expect(changes).toHaveTextContent('Comps: 1 added, 1 dropped (2 now, 2 then).');
    const expected = analyzeWhatIf(whatIf);
    await waitFor(() => expect(cardValue('brrrr', 'Net monthly income')).toBe(formatCurrency(expected.brrrr.netMonthlyIncome)));
    expect(rateInput().value).toBe('7.0');
    expect(screen.getByTestId('strategy-card-brrrr')).toHaveClass('is-focus');

    fireEvent.click(screen.getByRole('button', { name: "Use today's price and rate" }));
    await waitFor(() => expect(rateInput().value).toBe('6.5'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Higher rent' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Saved calculation deleted successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'DELETE', '/api/v1/auth/saved-calculations/calc-9')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/property\/p1$/));
    expect(screen.queryByTestId('saved-banner')).not.toBeInTheDocument();
  });
});

describe('property page rules', () => {
  it('finances with the 30-year fixed rate, whatever its capitalisation, and nothing else', () => {
    expect(latestFinancingRate(RATES)?.rate).toBe(6.5);
    expect(latestFinancingRate([{ ...RATES[0], product: '30-year fixed' }])?.rate).toBe(6.5);
    expect(latestFinancingRate([RATES[1]])).toBeNull();
    expect(latestFinancingRate(undefined)).toBeNull();
  });

  it('counts changed inputs and resets them, keeping the strategy in focus', () => {
    const defaults = startingWhatIf();
    let state = initialWhatIfState(defaults);
    state = whatIfReducer(state, { type: 'assumption', section: 'financing', key: 'interestRatePercent', value: 7 });
    state = whatIfReducer(state, { type: 'growth', key: 'appreciationPercent', value: 5 });
    state = whatIfReducer(state, { type: 'strategy', value: 'shortTerm' });
    expect(changedInputCount(state, defaults)).toBe(2);
    // The defaults are copied, never edited in place.
    expect(defaults.assumptions.financing.interestRatePercent).toBe(6.5);
    const reset = whatIfReducer(state, { type: 'reset', defaults });
    expect(changedInputCount(reset, defaults)).toBe(0);
    expect(reset.strategy).toBe('shortTerm');
  });

  it('lists what changed since a calculation was saved', () => {
    const same = { listPrice: 100, rate: 6.5, compIDs: ['a', 'b'] };
    expect(savedChanges(same, { ...same, rate: 6.501 }).none).toBe(true);
    expect(savedChanges(same, { listPrice: 90, rate: 7, compIDs: ['b', 'c', 'd'] })).toMatchObject({
      price: { then: 100, now: 90, changed: true },
      rate: { changed: true },
      compsAdded: ['c', 'd'],
      compsDropped: ['a'],
      none: false,
    });
  });

  it('draws round ticks that always include zero', () => {
    expect(niceTicks(1_200, 9_800)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000]);
    expect(niceTicks(-22_247, 0)).toEqual([-25_000, -20_000, -15_000, -10_000, -5_000, 0]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });
});
