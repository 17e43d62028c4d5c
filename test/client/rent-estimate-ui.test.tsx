/**
 * The rent's lease comps on the client (issues 29 and 37): the sentence in each source case, the popup's
 * rental tabs with their leases behind a disclosure, the property page's lease comps table with
 * distances, and the what-if rent's Low / High buttons.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RentEstimateLine } from '../../src/client/features/deal';
import { PropertyPopup } from '../../src/client/features/map/popup/property-popup';
import { PropertyPage } from '../../src/client/features/property/property-page';
import { formatCurrency } from '../../src/shared/format';
import { analyzeWhatIf } from '../../src/shared/invest';
import { startingWhatIf } from '../../src/shared/invest/starting-what-if';
import type { LeaseComp, Property } from '../../src/shared/schemas/property';
import type { RentEstimate } from '../../src/shared/schemas/property-estimates';
import { summaryOf } from '../../src/shared/search-summary';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { finite, makeLeaseComp, makeProperty, makeRentEstimate } from './fixtures';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
withFastComputedStyle();

const STRATEGIES = [
  { _id: 's-bh', name: 'Buy & Hold', description: 'Rent it out for the long run.', active: true },
  { _id: 's-br', name: 'BRRRR', description: 'Buy, rehab, rent, refinance, repeat.', active: true },
  { _id: 's-ff', name: "Fix'N'Flip", description: 'Buy, fix, sell.', active: true },
];
const RATES = [
  { _id: 'r1', product: '30-Year Fixed', rate: 6.5, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
];

const address = (street: string) => ({
  PropertyAddressFull: street,
  PropertyAddressCity: 'AUSTIN',
  PropertyAddressState: 'TX',
  PropertyAddressZIP: '78702',
});

/** A lease in Austin's 78702: rent, date, beds, baths, area, street and [lng, lat]. */
const lease = (
  _id: string,
  [monthlyRent, closeDate, BedroomsTotal, BathroomsTotal, BuildingAreaTotal]: [number, string, number, number, number],
  street: string,
  coordinates: [number, number],
): LeaseComp =>
  makeLeaseComp({
    _id,
    monthlyRent,
    closeDate,
    BedroomsTotal,
    BathroomsTotal,
    BuildingAreaTotal,
    ...address(street),
    location: { type: 'Point', coordinates },
  });

/**
 * The listing stands at 30.27 N, 97.73 W. The leases: 0.005° north (0.345 mi), 0.01° east (69.09 ×
 * cos 30.27° × 0.01 = 0.597 mi) and 0.01° north (0.691 mi).
 */
const LEASES: LeaseComp[] = [
  lease('l1', [1_800, '2025-11-02', 3, 2, 1_400], '10 OAK ST', [-97.73, 30.275]),
  lease('l2', [1_950, '2025-08-20', 3, 2.5, 1_500], '22 ELM ST', [-97.72, 30.27]),
  lease('l3', [1_700, '2025-06-01', 2, 1, 1_250], '5 PINE AVE', [-97.73, 30.28]),
];

const ESTIMATE = makeRentEstimate({ leaseCount: 3, farthestMiles: 0.7, oldestMonths: 6 });
const RANGE = {
  low: 1_645,
  high: 2_095,
  coverage: 80,
  basis: 'market' as const,
  calibrationCount: 791,
  city: 'Austin',
  state: 'TX',
};
const SENTENCE = "Rent $1,800/mo · from 3 leases within 0.7 mi, last 6 months · lease comps' spread $1,700–$2,000";

const PROPERTY: Property = makeProperty({
  _id: 'p1',
  LatestListingPrice: 200_000,
  BedroomsTotal: 3,
  BathroomsTotal: 2,
  BuildingAreaTotal: 1_400,
  ...address('1200 E 11TH ST'),
  location: { type: 'Point', coordinates: [-97.73, 30.27] },
  monthlyRent: 1_800,
  rentEstimate: { ...ESTIMATE, monthlyRent: 1_800 },
  leaseCompIds: ['l1', 'l2', 'l3'],
  rehabEstimate: 10_000,
  arvEstimate: 240_000,
  nightlyRate: 180,
  marketAssumptions: null,
  BuyHoldResults: finite({
    totalCashNeeded: 50_000,
    netMonthlyIncome: 120,
    grossMonthlyExpenses: 1_680,
    totalCosts: 210_000,
    cashOnCashRoi: 2.9,
  }),
  BRRRRResults: finite({
    totalCashNeeded: 60_000,
    cashOnCashRoi: 4.1,
    netMonthlyIncome: 90,
    cashAtRefiClose: 40_000,
    arv: 240_000,
    loanAmount: 168_000,
    rehabCost: 10_000,
    refiLoanAmount: 192_000,
    grossMonthlyExpenses: 1_710,
  }),
  FixFlipResults: finite({
    cashNeeded: 70_000,
    cashOnCashRoi: 5,
    projectedProfit: 12_000,
    returnOnInvestment: 17,
    annualizedRoi: 30,
    afterRepairValue: 240_000,
    rehabCosts: 10_000,
    purchaseCosts: 4_000,
    sellingCosts: 14_000,
    totalProjectCosts: 228_000,
    estimatedTimeMonths: 6,
  }),
});

/** Too few leases at the widest step: the estimate's figures are null. */
const TOO_FEW = {
  monthlyRent: null,
  low: null,
  high: null,
  leaseCount: 2,
  spreadPercent: null,
  farthestMiles: null,
  oldestMonths: null,
  newestLeaseDays: null,
};
/** A listing whose rent came from the city's median rent per square foot. */
const CITY_MEDIAN: Property = {
  ...PROPERTY,
  monthlyRent: 1_600,
  rentEstimate: makeRentEstimate({ ...TOO_FEW, source: 'cityMedian' }),
  leaseCompIds: [],
};

function api(property: Property = PROPERTY, leases: [number, unknown] = [200, { data: LEASES }]) {
  return mockApi({
    'GET /api/v1/auth/property/p1': [200, { data: property }],
    'GET /api/v1/auth/property/comps': [200, { data: [] }],
    'GET /api/v1/auth/property/lease-comps': leases,
    'GET /api/v1/rates/latest': [200, { data: RATES }],
    'GET /api/v1/lookups/investmentStrategies': [200, { data: STRATEGIES }],
  });
}

/** The sentence alone (the "How accurate?" beside it is not part of it), its figures' no-break spaces read as spaces. */
const sentenceOf = (estimate: RentEstimate | null, monthlyRent: number | null) => {
  const { container, unmount } = render(<RentEstimateLine property={{ rentEstimate: estimate, monthlyRent }} />);
  const text = container.querySelector('[data-testid="rent-estimate"]')?.textContent ?? '';
  unmount();
  return text.replace(/\u00a0/g, ' ');
};

describe('the rent sentence', () => {
  it('says where the rent comes from in each source case, and nothing before the first computation', () => {
    expect(sentenceOf(makeRentEstimate(), 1_850)).toBe(
      "Rent $1,850/mo · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    // With the backtest's 80 % range.
    expect(sentenceOf(makeRentEstimate({ range: RANGE }), 1_850)).toBe(
      "Rent $1,850/mo · 80 % range $1,645–$2,095 · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    expect(sentenceOf(makeRentEstimate({ source: 'feed' }), 2_100)).toBe(
      "Rent $2,100/mo from the listing feed; lease comps say $1,850/mo · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    expect(sentenceOf(makeRentEstimate({ ...TOO_FEW, source: 'feed' }), 2_100)).toBe(
      'Rent $2,100/mo from the listing feed; no lease comps within 3 mi',
    );
    expect(sentenceOf(makeRentEstimate({ ...TOO_FEW, source: 'cityMedian' }), 1_600)).toBe(
      'No lease comps within 3 mi: rent from the city median, $1,600/mo',
    );
    expect(sentenceOf(makeRentEstimate({ ...TOO_FEW, source: 'price' }), 1_500)).toBe(
      'No lease comps within 3 mi: rent at 0.75% of the price, $1,500/mo',
    );
    expect(sentenceOf(null, 1_500)).toBe('');
  });
});

/** Role queries are slow in jsdom with Ant Design's DOM: tabs by their role attribute and text. */
const tab = (name: string) => {
  const found = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find((el) => el.textContent === name);
  if (!found) throw new Error(`No tab ${name}`);
  return found;
};

const openPopup = () =>
  renderSignedIn(<PropertyPopup property={summaryOf(PROPERTY)} onClose={jest.fn()} />, {
    path: '/app/search',
    user: makeUser({
      profile: { ...makeUser().profile, strategies: ['s-bh', 's-br', 's-ff'] },
    }),
  });

describe('the popup', () => {
  it('says where the rent comes from in the rental tabs, and lists the leases when asked', async () => {
    const sent = api();
    openPopup();
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    const buyHold = await screen.findByTestId('strategy-buyHold');
    expect(await within(buyHold).findByTestId('rent-estimate')).toHaveTextContent(SENTENCE);
    const toggle = within(buyHold).getByRole('button', { name: 'Show the 3 leases' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The leases are asked for only when the disclosure opens.
    expect(callsTo(sent, 'GET', '/api/v1/auth/property/lease-comps')).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide the leases');
    const items = await within(buyHold).findAllByTestId('lease-item');
    expect(items.map((li) => li.textContent)).toEqual([
      '10 Oak St, Austin, TX 787023 bd · 2.0 ba · 1,400 sq ft · leased Nov 2, 2025 · 0.3 mi away$1,800/mo',
      '22 Elm St, Austin, TX 787023 bd · 2.5 ba · 1,500 sq ft · leased Aug 20, 2025 · 0.6 mi away$1,950/mo',
      '5 Pine Ave, Austin, TX 787022 bd · 1 ba · 1,250 sq ft · leased Jun 1, 2025 · 0.7 mi away$1,700/mo',
    ]);
    const [call] = callsTo(sent, 'GET', '/api/v1/auth/property/lease-comps');
    expect(call.search.get('ids')).toBe('l1,l2,l3');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(items[0]);

    // BRRRR rests on the same rent; a flip does not.
    fireEvent.click(tab('BRRRR'));
    expect(await within(await screen.findByTestId('strategy-brrrr')).findByTestId('rent-estimate')).toHaveTextContent(SENTENCE);
    fireEvent.click(tab('Fix/Flip'));
    const flip = await screen.findByTestId('strategy-fixFlip');
    await waitFor(() => expect(within(flip).getByTestId('max-offer-fixFlip')).toHaveTextContent(/^Max offer:/));
    expect(within(flip).queryByTestId('popup-rent')).toBeNull();
  });

  it('says the fallback without a disclosure when too few leases were found', async () => {
    api(CITY_MEDIAN);
    openPopup();
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    const buyHold = await screen.findByTestId('strategy-buyHold');
    expect(await within(buyHold).findByTestId('rent-estimate')).toHaveTextContent(
      'No lease comps within 3 mi: rent from the city median, $1,600/mo',
    );
    expect(within(buyHold).queryByRole('button', { name: /leases/ })).toBeNull();
  });

  it('shows nothing extra before the listing is first computed', async () => {
    api({ ...PROPERTY, rentEstimate: null, leaseCompIds: [] });
    openPopup();
    fireEvent.click(await waitFor(() => tab('Buy/Hold')));
    const buyHold = await screen.findByTestId('strategy-buyHold');
    await waitFor(() => expect(within(buyHold).getByTestId('max-offer-buyHold')).toHaveTextContent(/^Max offer:/));
    expect(within(buyHold).queryByTestId('popup-rent')).toBeNull();
  });
});

const openPage = () => renderSignedIn(<PropertyPage />, { path: '/app/property/p1', route: '/app/property/:id' });

/** The value next to a label inside one strategy's card. */
function cardValue(strategy: string, label: string): string {
  const card = screen.getByTestId(`strategy-card-${strategy}`);
  const labelCell = within(card).getByText(label, { selector: '.ant-descriptions-item-label' });
  return labelCell.parentElement!.querySelector('.ant-descriptions-item-content')!.textContent ?? '';
}

const rentInput = () => screen.getByLabelText<HTMLInputElement>('Monthly rent');
const netIncomeAt = (monthlyRent: number) => {
  const start = startingWhatIf(PROPERTY, 6.5);
  return formatCurrency(analyzeWhatIf({ ...start, figures: { ...start.figures, monthlyRent } }).buyHold.netMonthlyIncome);
};

describe('the property page', () => {
  it('lists the lease comps with their distance under the sentence', async () => {
    api();
    openPage();
    const card = await screen.findByTestId('property-leases');
    expect(within(card).getByText('Lease comps')).toBeInTheDocument();
    expect(within(card).getByTestId('rent-estimate')).toHaveTextContent(SENTENCE);
    // The details' rent says where it comes from too.
    expect(within(screen.getByTestId('property-details')).getByText('$1,800 / month from 3 lease comps')).toBeInTheDocument();
    const table = await within(card).findByTestId('leases-table');
    const rows = Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((r) =>
      Array.from(r.querySelectorAll('td')).map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['10 Oak St, Austin, TX 78702', '$1,800/mo', 'Nov 2, 2025', '3', '2.0', '1,400', '$1.29', '0.3 mi'],
      ['22 Elm St, Austin, TX 78702', '$1,950/mo', 'Aug 20, 2025', '3', '2.5', '1,500', '$1.30', '0.6 mi'],
      ['5 Pine Ave, Austin, TX 78702', '$1,700/mo', 'Jun 1, 2025', '2', '1', '1,250', '$1.36', '0.7 mi'],
    ]);
    const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent);
    for (const title of ['Address', 'Rent', 'Leased', 'Beds', 'Baths', 'Sq ft', 'Rent / sq ft', 'Distance'])
      expect(headers).toContain(title);
  });

  it('starts the what-if rent at the estimate and sets it to the low or the high end in one click', async () => {
    api();
    openPage();
    await screen.findByTestId('property-leases');
    expect(rentInput().value).toBe('1,800');
    expect(cardValue('buyHold', 'Net monthly income')).toBe(netIncomeAt(1_800));

    const group = screen.getByRole('group', { name: "The lease comps' rent range" });
    const low = within(group).getByRole('button', { name: 'Low $1,700' });
    const high = within(group).getByRole('button', { name: 'High $2,000' });
    fireEvent.click(low);
    await waitFor(() => expect(rentInput().value).toBe('1,700'));
    expect(cardValue('buyHold', 'Net monthly income')).toBe(netIncomeAt(1_700));
    expect(screen.getByTestId('reset-what-if')).toHaveTextContent('Reset (1 changed)');

    // From the keyboard too.
    const user = userEvent.setup();
    high.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rentInput().value).toBe('2,000'));
    expect(cardValue('buyHold', 'Net monthly income')).toBe(netIncomeAt(2_000));
    expect(netIncomeAt(2_000)).not.toBe(netIncomeAt(1_700));
  });

  it("offers the rent's 80 % range instead, once its market's accuracy is measured", async () => {
    api({ ...PROPERTY, rentEstimate: { ...PROPERTY.rentEstimate!, range: RANGE } });
    openPage();
    await screen.findByTestId('property-leases');
    const group = screen.getByRole('group', { name: "The rent's 80 % range" });
    fireEvent.click(within(group).getByRole('button', { name: 'Low $1,645' }));
    await waitFor(() => expect(rentInput().value).toBe('1,645'));
    fireEvent.click(within(group).getByRole('button', { name: 'High $2,095' }));
    await waitFor(() => expect(rentInput().value).toBe('2,095'));
  });

  it('says the fallback without a table or range buttons when too few leases were found', async () => {
    api(CITY_MEDIAN);
    openPage();
    const card = await screen.findByTestId('property-leases');
    expect(within(card).getByTestId('rent-estimate')).toHaveTextContent(
      'No lease comps within 3 mi: rent from the city median, $1,600/mo',
    );
    expect(within(card).queryByTestId('leases-table')).toBeNull();
    expect(screen.queryByTestId('rent-low')).toBeNull();
    expect(rentInput().value).toBe('1,600');
  });

  it('shows nothing extra before the listing is first computed', async () => {
    const sent = api({ ...PROPERTY, rentEstimate: null, leaseCompIds: [] });
    openPage();
    await screen.findByTestId('property-details');
    expect(screen.queryByTestId('property-leases')).toBeNull();
    expect(screen.queryByTestId('rent-estimate')).toBeNull();
    expect(screen.queryByTestId('rent-low')).toBeNull();
    expect(callsTo(sent, 'GET', '/api/v1/auth/property/lease-comps')).toHaveLength(0);
  });

  it('says so when the leases cannot be loaded', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api(PROPERTY, [500, { error: { code: 'INTERNAL', message: 'boom' } }]);
    openPage();
    const card = await screen.findByTestId('property-leases');
    expect(await within(card).findByText('The lease comps could not be loaded.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Lease comps request failed', expect.anything());
    error.mockRestore();
  });
});
