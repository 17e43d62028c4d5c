/**
 * Days on market and price cuts on the search page: the filter controls and the sorts of the toolbar,
 * the list's filtering and ordering (known properties and a wide view's `type=top`), the row's text
 * and the recent-search recording.
 */
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/client/app/store';
import { clusterViewChanged, propertiesMerged, viewportChanged } from '../../src/client/features/map/map-slice';
import type { MapProperty } from '../../src/client/features/map/map-types';
import { SearchToolbar } from '../../src/client/features/map/toolbar/search-toolbar';
import {
  activeFilterCount,
  cutOptions,
  sortChoiceOf,
  TOOLBAR_TEXT,
  withSortChoice,
} from '../../src/client/features/map/toolbar/search-toolbar-rules';
import {
  DEFAULT_SETTINGS,
  settingsFromParams,
  withSettings,
  type SearchSettings,
} from '../../src/client/features/map/toolbar/search-settings';
import { useRecentSearchRecording } from '../../src/client/features/map/use-recent-search-recording';
import { useViewList } from '../../src/client/features/map/list/use-view-list';
import { ViewList } from '../../src/client/features/map/list/view-list';
import { summaryRow } from '../../src/shared/search-summary';
import { FILTER_MESSAGES } from '../../src/shared/search-filters';
import { answerAll, jsonResponse } from './msw-server';
import { makeSummary } from './fixtures';

// Ant Design's drawer and selects take seconds in jsdom on a busy machine.
jest.setTimeout(30_000);

/** A property of the view with its days on market, its cut and how long ago its price changed. */
const listing = (id: string, days: number | null, cut = 0, changeDays: number | null = null, price = 300_000): MapProperty =>
  makeSummary({
    _id: id,
    LatestListingPrice: price,
    PropertyAddressFull: `${id.toUpperCase()} MAIN ST`,
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78701',
    location: { type: 'Point', coordinates: [-97.74, 30.27] },
    DaysOnMarket: days,
    PriceCutPercent: cut,
    PriceChangeDays: changeDays,
  });

const LISTINGS = [
  listing('fresh', 0),
  listing('week', 7, 0, null, 250_000),
  listing('month', 31, 5, 3),
  listing('stale', 140, 12.5, 40),
  listing('undated', null, 8, 2),
  listing('raised', 60, 0, 5),
];

const byChoice = (choice: Parameters<typeof withSortChoice>[1]) => withSortChoice(DEFAULT_SETTINGS, choice);

describe('the sort control', () => {
  it('offers Newest, Days on market and Biggest cut, each starting in the order that says what it means', () => {
    expect(byChoice('newest')).toEqual({ filters: {}, sort: 'daysOnMarket', order: 'asc' });
    expect(byChoice('daysOnMarket')).toEqual({ filters: {}, sort: 'daysOnMarket', order: 'desc' });
    expect(byChoice('priceCut')).toEqual({ filters: {}, sort: 'priceCut', order: 'desc' });
    expect(withSortChoice({ ...DEFAULT_SETTINGS, order: 'desc' }, 'price')).toEqual(DEFAULT_SETTINGS);
    expect(byChoice('coc')).toEqual({ filters: { strategy: 'buyHold' }, sort: 'coc', order: 'desc' });
    // Days on market read each way is Newest or Days on market.
    expect(sortChoiceOf('daysOnMarket', 'asc')).toBe('newest');
    expect(sortChoiceOf('daysOnMarket', 'desc')).toBe('daysOnMarket');
    expect(sortChoiceOf('priceCut', 'desc')).toBe('priceCut');
  });

  it('shows the chosen sort and its order in words, and changes them', async () => {
    const onChange = jest.fn();
    const { rerender } = render(
      <SearchToolbar value={byChoice('newest')} onChange={onChange} matching={3} total={6} onReset={() => {}} />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Search settings' });
    expect(within(toolbar).getByTitle('Newest')).toBeInTheDocument();
    expect(within(toolbar).getByText('Newest first')).toBeInTheDocument();
    expect(within(toolbar).getByText('Longest first')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: TOOLBAR_TEXT.sortLabel }));
    fireEvent.click(await screen.findByTitle('Biggest cut'));
    expect(onChange).toHaveBeenLastCalledWith({ filters: {}, sort: 'priceCut', order: 'desc' });

    rerender(<SearchToolbar value={byChoice('priceCut')} onChange={onChange} matching={3} total={6} onReset={() => {}} />);
    expect(within(toolbar).getByText('Biggest first')).toBeInTheDocument();
    fireEvent.click(within(toolbar).getByText('Smallest first'));
    expect(onChange).toHaveBeenLastCalledWith({ filters: {}, sort: 'priceCut', order: 'asc' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: TOOLBAR_TEXT.sortLabel }));
    fireEvent.click(await screen.findByTitle('Days on market'));
    expect(onChange).toHaveBeenLastCalledWith({ filters: {}, sort: 'daysOnMarket', order: 'desc' });
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

async function chooseIn(name: string, option: string) {
  const drawer = screen.getByRole('dialog');
  fireEvent.mouseDown(within(drawer).getByRole('combobox', { name }));
  const choice = await screen.findAllByTitle(option);
  fireEvent.click(choice[choice.length - 1]);
}

describe('the days-on-market and price-cut filters', () => {
  it('set at least / at most days and a cut, refuse a maximum below the minimum, and count as filters', async () => {
    const onSettings = jest.fn();
    render(<Harness initial={DEFAULT_SETTINGS} onSettings={onSettings} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    const atLeast = within(drawer).getByRole('spinbutton', { name: TOOLBAR_TEXT.minDaysLabel });
    const atMost = within(drawer).getByRole('spinbutton', { name: TOOLBAR_TEXT.maxDaysLabel });
    expect(within(drawer).getByText(TOOLBAR_TEXT.days)).toBeInTheDocument();

    fireEvent.change(atLeast, { target: { value: '30' } });
    fireEvent.change(atMost, { target: { value: '10' } });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(FILTER_MESSAGES.daysOrder);
    expect(within(drawer).getByRole('button', { name: TOOLBAR_TEXT.apply })).toBeDisabled();

    fireEvent.change(atMost, { target: { value: '90' } });
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull());
    await chooseIn(TOOLBAR_TEXT.cut, '10%+ cut');
    fireEvent.click(within(drawer).getByRole('button', { name: TOOLBAR_TEXT.apply }));
    expect(onSettings).toHaveBeenLastCalledWith({
      filters: { minDays: 30, maxDays: 90, minCut: 10 },
      sort: 'price',
      order: 'asc',
    });
    expect(await screen.findByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();
  });

  it('offers any cut, the presets and a cut from a link; "Any listing" removes the filter', async () => {
    expect(cutOptions(undefined).map((o) => o.label)).toEqual([
      'Any listing',
      'Any cut',
      '5%+ cut',
      '10%+ cut',
      '15%+ cut',
      '20%+ cut',
    ]);
    expect(cutOptions(7).map((o) => o.label)).toContain('7%+ cut');

    const onSettings = jest.fn();
    render(<Harness initial={settingsFromParams(new URLSearchParams('cut=7&minDays=14'))} onSettings={onSettings} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByTitle('7%+ cut')).toBeInTheDocument();
    expect(within(drawer).getByRole('spinbutton', { name: TOOLBAR_TEXT.minDaysLabel })).toHaveValue('14');

    await chooseIn(TOOLBAR_TEXT.cut, 'Any cut');
    fireEvent.click(within(drawer).getByRole('button', { name: TOOLBAR_TEXT.apply }));
    expect(onSettings).toHaveBeenLastCalledWith({ filters: { minDays: 14, minCut: 0 }, sort: 'price', order: 'asc' });

    fireEvent.click(await screen.findByRole('button', { name: 'Filters (2)' }));
    await chooseIn(TOOLBAR_TEXT.cut, 'Any listing');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: TOOLBAR_TEXT.apply }));
    expect(onSettings).toHaveBeenLastCalledWith({ filters: { minDays: 14 }, sort: 'price', order: 'asc' });
  });

  it('live in the URL with the new sorts, and a reload reads them back', () => {
    const settings: SearchSettings = { filters: { minDays: 7, maxDays: 60, minCut: 0 }, sort: 'daysOnMarket', order: 'asc' };
    const params = withSettings(new URLSearchParams('lat=30.2&lng=-97.7&zoom=14'), settings);
    expect(params.get('minDays')).toBe('7');
    expect(params.get('maxDays')).toBe('60');
    expect(params.get('cut')).toBe('any');
    expect(params.get('sort')).toBe('daysOnMarket');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(settings);
    expect(settingsFromParams(new URLSearchParams('cut=15&sort=priceCut&order=desc'))).toEqual({
      filters: { minCut: 15 },
      sort: 'priceCut',
      order: 'desc',
    });
    expect(activeFilterCount(settings.filters)).toBe(3);
  });
});

function storeWithView(properties: MapProperty[]) {
  const store = makeStore();
  store.dispatch(
    viewportChanged({
      center: { lat: 30.27, lng: -97.74 },
      zoom: 15,
      bounds: { ne: { lat: 30.3, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } },
    }),
  );
  store.dispatch(propertiesMerged(properties));
  return store;
}

const wrapperOf =
  (store: ReturnType<typeof makeStore>) =>
  ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

const ids = (rows: MapProperty[]) => rows.map((p) => p._id);

describe('the list of the view', () => {
  it('filters by days on market and cut, and sorts newest, longest on market and biggest cut first, unknown days last', () => {
    const store = storeWithView(LISTINGS);
    const { result, rerender } = renderHook((settings: SearchSettings) => useViewList(settings), {
      wrapper: wrapperOf(store),
      initialProps: byChoice('newest'),
    });
    expect(result.current.mode).toBe('view');
    expect(ids(result.current.rows)).toEqual(['fresh', 'week', 'month', 'raised', 'stale', 'undated']);
    rerender(byChoice('daysOnMarket'));
    expect(ids(result.current.rows)).toEqual(['stale', 'raised', 'month', 'week', 'fresh', 'undated']);
    rerender(byChoice('priceCut'));
    expect(ids(result.current.rows)).toEqual(['stale', 'undated', 'month', 'fresh', 'raised', 'week']);

    rerender({ ...byChoice('newest'), filters: { minDays: 7, maxDays: 60 } });
    expect(ids(result.current.rows)).toEqual(['week', 'month', 'raised']);
    expect([result.current.matching, result.current.total]).toEqual([3, 6]);
    rerender({ ...byChoice('priceCut'), filters: { minCut: 0 } });
    expect(ids(result.current.rows)).toEqual(['stale', 'undated', 'month']);
    rerender({ ...byChoice('priceCut'), filters: { minCut: 10 } });
    expect(ids(result.current.rows)).toEqual(['stale']);
  });

  it('asks the server for the best of a wide view with the filters and the new sort', async () => {
    const sent = answerAll((request) =>
      new URL(request.url).searchParams.get('type') === 'top'
        ? jsonResponse(200, { data: { properties: [summaryRow(LISTINGS[3])], total: 1 } })
        : jsonResponse(200, { data: { total: 4, zoom: 9, clusters: [] } }),
    );
    const store = storeWithView([]);
    const bounds = JSON.stringify({ ne: { lat: 31, lng: -97 }, sw: { lat: 30, lng: -98 } });
    store.dispatch(clusterViewChanged({ requested: { type: 'clusters', zoom: 9, bounds }, answered: false }));
    const settings: SearchSettings = { filters: { minDays: 30, maxDays: 365, minCut: 10 }, sort: 'daysOnMarket', order: 'desc' };
    const { result } = renderHook(() => useViewList(settings), { wrapper: wrapperOf(store) });
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['stale']));
    const top = sent.find((c) => c.search.get('type') === 'top')!;
    expect(Object.fromEntries(top.search)).toMatchObject({
      sort: 'daysOnMarket',
      order: 'desc',
      minDays: '30',
      maxDays: '365',
      cut: '10',
    });
    // The unfiltered total of the view comes from the same cells without the filters.
    await waitFor(() => expect(result.current.total).toBe(4));
    const cells = sent.find((c) => c.search.get('type') === 'clusters')!;
    expect(cells.search.has('cut')).toBe(false);
  });

  it('says days on market and the cut in each row, marking a recent cut', () => {
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
    const ageOf = (id: string) => document.querySelector(`[data-id="${id}"] [data-testid="row-age"]`);
    expect(ageOf('fresh')).toHaveTextContent('Listed today');
    expect(ageOf('week')).toHaveTextContent(/^7 days$/);
    expect(ageOf('month')).toHaveTextContent('31 days · cut 5%');
    expect(ageOf('stale')).toHaveTextContent('140 days · cut 12.5%');
    expect(ageOf('undated')).toHaveTextContent(/^cut 8%$/);
    expect(ageOf('month')).toHaveClass('dm-vlist-age-cut');
    expect(ageOf('stale')).not.toHaveClass('dm-vlist-age-cut');
    const unknown = listing('unknown', null);
    render(
      <ViewList
        properties={[unknown]}
        strategy="buyHold"
        selectedId={null}
        highlightedId={null}
        onHover={() => {}}
        onChoose={() => {}}
        loading={false}
        emptyText="None"
        label="Unknown"
        height={200}
      />,
    );
    expect(ageOf('unknown')).toBeNull();
  });
});

describe('the recent search', () => {
  it('is recorded with the days-on-market and price-cut filters', async () => {
    const sent = answerAll(() =>
      jsonResponse(201, {
        data: {
          _id: 'r1',
          name: 'Austin',
          formattedAddress: 'Austin, TX, USA',
          lat: 30.27,
          lng: -97.74,
          filters: {},
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      }),
    );
    const store = makeStore();
    const { result } = renderHook(() => useRecentSearchRecording({ minDays: 30, minCut: 0 }), { wrapper: wrapperOf(store) });
    act(() =>
      result.current({
        name: 'Austin',
        formattedAddress: 'Austin, TX, USA',
        location: { lat: 30.27, lng: -97.74 },
        viewport: null,
      }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect((sent[0].body as { filters: unknown }).filters).toEqual({ minDays: '30', cut: 'any' }));
  });
});
