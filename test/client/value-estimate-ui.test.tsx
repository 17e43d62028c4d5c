/**
 * The value estimate where an investor decides (issue 37): beside the deal label in the popup's
 * Property tab and on the property page (with its adjustment grid), the max offer against it, the
 * list row's gap, the "Below estimated value" sort and the "at least N % below" filter (in the URL).
 * A listing with too few comps says so in words, never a figure.
 */
import { configure, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/client/app/store';
import { offerValueText } from '../../src/client/features/deal';
import { propertiesMerged, viewportChanged } from '../../src/client/features/map/map-slice';
import type { MapProperty } from '../../src/client/features/map/map-types';
import { PropertyPopup } from '../../src/client/features/map/popup/property-popup';
import {
  DEFAULT_SETTINGS,
  settingsFromParams,
  withSettings,
  type SearchSettings,
} from '../../src/client/features/map/toolbar/search-settings';
import { SearchToolbar } from '../../src/client/features/map/toolbar/search-toolbar';
import {
  activeFilterCount,
  belowValueOptions,
  orderOptions,
  sortChoiceOf,
  TOOLBAR_TEXT,
  withSortChoice,
} from '../../src/client/features/map/toolbar/search-toolbar-rules';
import { useViewList } from '../../src/client/features/map/list/use-view-list';
import { ViewList } from '../../src/client/features/map/list/view-list';
import { PropertyPage } from '../../src/client/features/property/property-page';
import type { MarketAccuracy } from '../../src/shared/schemas/accuracy';
import type { Comp, Property } from '../../src/shared/schemas/property';
import type { ValueEstimate } from '../../src/shared/schemas/property-estimates';
import { summaryOf } from '../../src/shared/search-summary';
import { callsTo, dialogTitled, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { finite, makeComp, makeProperty, makeSummary } from './fixtures';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
withFastComputedStyle();

/** Text with the figures' no-break spaces read as spaces. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');

/**
 * docs/accuracy.md's worked example: three comps of a house in Austin's 78701 listed at $372,000,
 * adjusted to $395,452, $397,424 and $374,858; the weighted median is A's, shown as $395,000.
 */
const ESTIMATE: ValueEstimate = {
  value: 395_000,
  compCount: 3,
  farthestMiles: 0.6,
  oldestMonths: 4,
  listGapPercent: -5.9,
  compsLow: 374_858,
  compsHigh: 397_424,
  comps: [
    {
      _id: 'B',
      soldPrice: 395_000,
      closeDate: '2025-08-03',
      distanceMiles: 0.2,
      time: 1.0305,
      area: 0.9764,
      rooms: 1,
      location: 1,
      adjustedPrice: 397_424,
      weight: 0.439,
    },
    {
      _id: 'A',
      soldPrice: 300_000,
      closeDate: '2025-10-12',
      distanceMiles: 0.35,
      time: 1.0202,
      area: 1.0792,
      rooms: 1.0305,
      location: 1.1618,
      adjustedPrice: 395_452,
      weight: 0.329,
    },
    {
      _id: 'C',
      soldPrice: 410_000,
      closeDate: '2025-11-05',
      distanceMiles: 0.6,
      time: 1,
      area: 0.9328,
      rooms: 0.9802,
      location: 1,
      adjustedPrice: 374_858,
      weight: 0.232,
    },
  ],
  model: { month: '2025-11', observations: 2_961, areaElasticity: 0.8, bedsEffect: 0.03, bathsEffect: 0.02 },
  range: { low: 332_000, high: 479_000, coverage: 80, basis: 'market', calibrationCount: 2_961, city: 'Austin', state: 'TX' },
};

const SENTENCE =
  'Estimated value $395,000 · 80 % range $332,000–$479,000 · from 3 sales within 0.6 mi, last 4 months · list price 6 % below';
const TOO_FEW: ValueEstimate = {
  value: null,
  compCount: 2,
  farthestMiles: null,
  oldestMonths: null,
  listGapPercent: null,
  compsLow: null,
  compsHigh: null,
  comps: [],
  model: null,
  range: null,
};

const address = (street: string) => ({
  PropertyAddressFull: street,
  PropertyAddressCity: 'AUSTIN',
  PropertyAddressState: 'TX',
  PropertyAddressZIP: '78701',
});

const PROPERTY: Property = makeProperty({
  _id: 'p1',
  LatestListingPrice: 372_000,
  BedroomsTotal: 3,
  BathroomsTotal: 2,
  BuildingAreaTotal: 1_650,
  ...address('100 CONGRESS AVE'),
  location: { type: 'Point', coordinates: [-97.74, 30.27] },
  markerColor: { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' },
  dealStatus: 'Good Deal',
  compIDs: ['A', 'B', 'C'],
  monthlyRent: 2_400,
  valueEstimate: ESTIMATE,
  rehabEstimate: 10_000,
  arvEstimate: 420_000,
  nightlyRate: 220,
  marketAssumptions: null,
  BuyHoldResults: finite({
    totalCashNeeded: 110_000,
    netMonthlyIncome: 200,
    grossMonthlyExpenses: 2_200,
    totalCosts: 390_000,
    cashOnCashRoi: 2.2,
  }),
});

const COMPS: Comp[] = [
  makeComp({ _id: 'A', MLSSoldPrice: 300_000, ...address('1 ELM ST') }),
  makeComp({ _id: 'B', MLSSoldPrice: 395_000, ...address('2 OAK ST') }),
  makeComp({ _id: 'C', MLSSoldPrice: 410_000, ...address('3 PINE ST') }),
];

const STRATEGIES = [{ _id: 's-bh', name: 'Buy & Hold', description: 'Rent it out for the long run.', active: true }];
const RATES = [
  { _id: 'r1', product: '30-Year Fixed', rate: 6.5, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
];

const MARKET: MarketAccuracy = {
  run: { finishedAt: '2025-11-21T09:00:00.000Z', salesAsOf: '2025-11-20', leasesAsOf: '2025-11-20' },
  city: 'Austin',
  state: 'TX',
  value: null,
  rent: null,
  minZipOutcomes: 20,
};

function api(property: Property = PROPERTY) {
  return mockApi({
    'GET /api/v1/auth/property/p1': [200, { data: property }],
    'GET /api/v1/auth/property/comps': [200, { data: COMPS }],
    'GET /api/v1/auth/property/lease-comps': [200, { data: [] }],
    'GET /api/v1/rates/latest': [200, { data: RATES }],
    'GET /api/v1/lookups/investmentStrategies': [200, { data: STRATEGIES }],
    'GET /api/v1/accuracy/markets/tx/Austin': [200, { data: MARKET }],
  });
}

const tab = (name: string) => {
  const found = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find((el) => el.textContent === name);
  if (!found) throw new Error(`No tab ${name}`);
  return found;
};

const openPopup = () =>
  renderSignedIn(<PropertyPopup property={summaryOf(PROPERTY)} onClose={jest.fn()} />, {
    path: '/app/search',
    user: makeUser({ profile: { ...makeUser().profile, strategies: ['s-bh'] } }),
  });

describe('the max offer against the value estimate', () => {
  it('says the offer as a share of the estimate and where it falls in the range', () => {
    const at = (price: number) =>
      text({ textContent: offerValueText({ kind: 'price', price, coversAsking: false }, ESTIMATE) } as Element);
    expect(at(300_000)).toBe('76 % of the estimated value $395,000 (below its 80 % range $332,000–$479,000)');
    expect(at(395_000)).toBe('100 % of the estimated value $395,000 (inside its 80 % range $332,000–$479,000)');
    expect(at(500_000)).toBe('127 % of the estimated value $395,000 (above its 80 % range $332,000–$479,000)');
    expect(offerValueText({ kind: 'price', price: 300_000, coversAsking: false }, { ...ESTIMATE, range: null })).toBe(
      '76 % of the estimated value $395,000',
    );
    expect(offerValueText({ kind: 'none' }, ESTIMATE)).toBe('Estimated value $395,000 · 80 % range $332,000–$479,000');
    expect(offerValueText({ kind: 'any' }, { ...ESTIMATE, range: null })).toBe('Estimated value $395,000');
    expect(offerValueText({ kind: 'price', price: 1, coversAsking: false }, TOO_FEW)).toBe(
      'No value estimate: only 2 comparable sales within 2 mi in the last 12 months (3 needed)',
    );
  });
});

describe('the popup', () => {
  it("shows the value estimate and its range beside the deal label, with its market's accuracy a click away", async () => {
    const sent = api();
    openPopup();
    const popup = await screen.findByTestId('property-popup');
    const line = await within(popup).findByTestId('value-estimate');
    expect(text(line)).toBe(SENTENCE);
    // The deal label stays as it is.
    expect(within(popup).getAllByText('Good Deal').length).toBeGreaterThan(0);
    expect(callsTo(sent, 'GET', '/api/v1/accuracy/markets/tx/Austin')).toHaveLength(0);
    fireEvent.click(within(popup).getByTestId('how-accurate-value'));
    const dialog = await dialogTitled('How accurate are our estimates in Austin, TX?');
    expect(await within(dialog).findByTestId('accuracy-sentence-value')).toHaveTextContent(
      'In Austin, none of our value estimates could be tested',
    );
    expect(callsTo(sent, 'GET', '/api/v1/accuracy/markets/tx/Austin')).toHaveLength(1);

    // The strategy tab's max offer is set against it.
    fireEvent.click(tab('Buy/Hold'));
    const buyHold = await screen.findByTestId('strategy-buyHold');
    await waitFor(() => expect(within(buyHold).getByTestId('max-offer-buyHold')).toHaveTextContent(/^Max offer:/));
    expect(text(within(buyHold).getByTestId('offer-value-buyHold'))).toMatch(
      /^(\d+ % of the estimated value \$395,000 \((below|inside|above) its 80 % range \$332,000–\$479,000\)|Estimated value \$395,000 · 80 % range \$332,000–\$479,000)$/,
    );
  });

  it('says in words why there is no estimate, with no figure and no "How accurate?"', async () => {
    api({ ...PROPERTY, valueEstimate: TOO_FEW });
    openPopup();
    const popup = await screen.findByTestId('property-popup');
    expect(text(await within(popup).findByTestId('value-estimate'))).toBe(
      'No value estimate: only 2 comparable sales within 2 mi in the last 12 months (3 needed)',
    );
    expect(within(popup).queryByTestId('how-accurate-value')).toBeNull();
  });

  it('shows nothing of it before the listing is first computed', async () => {
    api({ ...PROPERTY, valueEstimate: null });
    openPopup();
    const popup = await screen.findByTestId('property-popup');
    await waitFor(() => expect(popup).toHaveAttribute('data-loaded', 'true'));
    expect(within(popup).queryByTestId('value-estimate')).toBeNull();
    expect(within(popup).queryByTestId('value-loading')).toBeNull();
  });
});

const openPage = () => renderSignedIn(<PropertyPage />, { path: '/app/property/p1', route: '/app/property/:id' });

describe('the property page', () => {
  it('shows the estimate by the deal label and its adjustment grid, which checks by hand', async () => {
    api();
    openPage();
    const line = await screen.findByTestId('value-estimate');
    expect(text(line)).toBe(SENTENCE);
    expect(screen.getByTestId('how-accurate-value')).toHaveAccessibleName('How accurate? (value estimates in Austin, TX)');

    const grid = screen.getByTestId('value-grid');
    const table = within(grid).getByTestId('value-grid-table');
    expect(text(table.querySelector('caption'))).toBe('Adjustment grid, by adjusted price');
    expect(Array.from(table.querySelectorAll('thead th')).map(text)).toEqual([
      'Comp',
      'Sold for',
      'Closed',
      'Distance',
      'Time',
      'Area',
      'Rooms',
      'Location',
      'Adjusted price',
      'Weight',
      'Running weight',
    ]);
    // Sorted by adjusted price; the comps' addresses arrive with GET /property/comps.
    await waitFor(() => expect(text(table.querySelector('tbody tr.ant-table-row td'))).toBe('3 Pine St'));
    const rows = Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((r) =>
      Array.from(r.querySelectorAll('td')).map(text),
    );
    expect(rows).toEqual([
      ['3 Pine St', '$410,000', 'Nov 5, 2025', '0.60 mi', '1.0000', '0.9328', '0.9802', '1.0000', '$374,858', '0.232', '0.232'],
      [
        '1 Elm St (Median)',
        '$300,000',
        'Oct 12, 2025',
        '0.35 mi',
        '1.0202',
        '1.0792',
        '1.0305',
        '1.1618',
        '$395,452',
        '0.329',
        '0.561',
      ],
      ['2 Oak St', '$395,000', 'Aug 3, 2025', '0.20 mi', '1.0305', '0.9764', '1.0000', '1.0000', '$397,424', '0.439', '1.000'],
    ]);
    expect(text(within(grid).getByTestId('value-grid-median'))).toBe(
      "The estimate is the comps' distance-weighted median: each comp weighs 1 ÷ (0.25 + its distance in miles), shown as its share of the total; sorted by adjusted price, their running weight passes half at $395,452, rounded to $395,000.",
    );
    expect(text(within(grid).getByTestId('value-grid-model'))).toBe(
      "Austin, TX's market model, fitted on 2,961 sales of the 24 months to November 2025: the price grows with the living area to the power 0.800, +3.00 % a bedroom and +2.00 % a bathroom; the time factor brings each sale to November 2025 by the market's monthly price index, and the location factor sets its ZIP's level against this home's.",
    );

    // Each strategy's max offer is set against it.
    expect(text(screen.getByTestId('offer-value-buyHold'))).toMatch(/(estimated value|Estimated value) \$395,000/);
    expect(text(screen.getByTestId('offer-value-fixFlip'))).toMatch(/\$395,000/);
  });

  it('says why there is no estimate, and shows no grid', async () => {
    api({ ...PROPERTY, valueEstimate: TOO_FEW });
    openPage();
    expect(text(await screen.findByTestId('value-estimate'))).toBe(
      'No value estimate: only 2 comparable sales within 2 mi in the last 12 months (3 needed)',
    );
    expect(screen.queryByTestId('value-grid')).toBeNull();
    expect(text(screen.getByTestId('offer-value-buyHold'))).toBe(
      'No value estimate: only 2 comparable sales within 2 mi in the last 12 months (3 needed)',
    );
  });
});

const listing = (id: string, gap: number | null, price = 300_000): MapProperty =>
  makeSummary({
    _id: id,
    LatestListingPrice: price,
    ...address(`${id.toUpperCase()} MAIN ST`),
    location: { type: 'Point', coordinates: [-97.74, 30.27] },
    valueEstimate: gap === null ? null : { ...ESTIMATE, listGapPercent: gap },
  });

const LISTINGS = [
  listing('below', -12.4),
  listing('slightly', -0.3),
  listing('above', 4.2),
  listing('none', null),
  listing('far', -31),
];

describe('the list', () => {
  it('shows each row against its estimate', () => {
    render(
      <ViewList
        properties={LISTINGS}
        strategy="buyHold"
        selectedId={null}
        highlightedId={null}
        onHover={() => {}}
        onChoose={() => {}}
        loading={false}
        emptyText="None"
        label="Properties in view"
        height={800}
      />,
    );
    const gapOf = (id: string) => document.querySelector(`[data-id="${id}"] [data-testid="row-value-gap"]`);
    expect(text(gapOf('below'))).toBe('12 % below est.');
    expect(gapOf('below')).toHaveAttribute('title', 'List price 12 % below its estimated value');
    expect(gapOf('below')).toHaveClass('dm-vlist-gap-below');
    expect(text(gapOf('slightly'))).toBe('at est.');
    expect(text(gapOf('above'))).toBe('4 % above est.');
    expect(gapOf('above')).not.toHaveClass('dm-vlist-gap-below');
    expect(gapOf('none')).toBeNull();
  });

  it('sorts furthest below its estimate first (no estimate last) and filters by the least percent below', () => {
    const store = makeStore();
    store.dispatch(
      viewportChanged({
        center: { lat: 30.27, lng: -97.74 },
        zoom: 15,
        bounds: { ne: { lat: 30.3, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } },
      }),
    );
    store.dispatch(propertiesMerged(LISTINGS));
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const settings = withSortChoice(DEFAULT_SETTINGS, 'valueGap');
    const { result, rerender } = renderHook((s: SearchSettings) => useViewList(s), { wrapper, initialProps: settings });
    const ids = () => result.current.rows.map((p) => p._id);
    expect(ids()).toEqual(['far', 'below', 'slightly', 'above', 'none']);
    rerender({ ...settings, order: 'desc' });
    expect(ids()).toEqual(['above', 'slightly', 'below', 'far', 'none']);
    rerender({ ...settings, filters: { minBelowValue: 10 } });
    expect(ids()).toEqual(['far', 'below']);
    rerender({ ...settings, filters: { minBelowValue: 0 } });
    expect(ids()).toEqual(['far', 'below', 'slightly']);
  });
});

/** The toolbar with its settings kept in state, as the search page keeps them in the URL. */
function Harness({ initial, onSettings }: { initial: SearchSettings; onSettings: (s: SearchSettings) => void }) {
  const [settings, setSettings] = useState(initial);
  return (
    <SearchToolbar
      value={settings}
      onChange={(next) => {
        setSettings(next);
        onSettings(next);
      }}
      matching={null}
      total={null}
      onReset={() => setSettings(DEFAULT_SETTINGS)}
    />
  );
}

async function choose(root: HTMLElement, name: string, option: string) {
  fireEvent.mouseDown(within(root).getByRole('combobox', { name }));
  const choice = await screen.findAllByTitle(option);
  fireEvent.click(choice[choice.length - 1]);
}

describe('the toolbar', () => {
  it('offers "Below estimated value", furthest below first', async () => {
    expect(withSortChoice(DEFAULT_SETTINGS, 'valueGap')).toEqual({ filters: {}, sort: 'valueGap', order: 'asc' });
    expect(sortChoiceOf('valueGap', 'asc')).toBe('valueGap');
    expect(orderOptions('valueGap').map((o) => o.label)).toEqual(['Furthest below first', 'Furthest above first']);

    const onSettings = jest.fn();
    render(<Harness initial={DEFAULT_SETTINGS} onSettings={onSettings} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Search settings' });
    await choose(toolbar, TOOLBAR_TEXT.sortLabel, 'Below estimated value');
    expect(onSettings).toHaveBeenLastCalledWith({ filters: {}, sort: 'valueGap', order: 'asc' });
    expect(within(toolbar).getByText('Furthest below first')).toBeInTheDocument();
  });

  it('filters at least N % below its estimated value, from the drawer and from a link', async () => {
    expect(belowValueOptions(undefined).map((o) => o.label)).toEqual([
      'Any listing',
      'At or below it',
      'At least 5 % below',
      'At least 10 % below',
      'At least 15 % below',
      'At least 20 % below',
      'At least 30 % below',
    ]);
    expect(belowValueOptions(12).map((o) => o.label)).toContain('At least 12 % below');

    const onSettings = jest.fn();
    render(<Harness initial={DEFAULT_SETTINGS} onSettings={onSettings} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await choose(drawer, TOOLBAR_TEXT.belowValue, 'At least 10 % below');
    fireEvent.click(within(drawer).getByRole('button', { name: TOOLBAR_TEXT.apply }));
    expect(onSettings).toHaveBeenLastCalledWith({ filters: { minBelowValue: 10 }, sort: 'price', order: 'asc' });
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const again = await screen.findByRole('dialog');
    await choose(again, TOOLBAR_TEXT.belowValue, 'Any listing');
    fireEvent.click(within(again).getByRole('button', { name: TOOLBAR_TEXT.apply }));
    expect(onSettings).toHaveBeenLastCalledWith({ filters: {}, sort: 'price', order: 'asc' });
  });

  it('keeps the filter and the sort in the URL, and a link reads them back', () => {
    const settings: SearchSettings = { filters: { minBelowValue: 15 }, sort: 'valueGap', order: 'asc' };
    const params = withSettings(new URLSearchParams('lat=30.2&lng=-97.7&zoom=14'), settings);
    expect(params.get('belowValue')).toBe('15');
    expect(params.get('sort')).toBe('valueGap');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(settings);
    expect(activeFilterCount(settings.filters)).toBe(1);
    // A value the rules refuse is dropped, as if absent.
    expect(settingsFromParams(new URLSearchParams('belowValue=95')).filters).toEqual({});
  });
});
