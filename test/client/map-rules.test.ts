import { configureStore } from '@reduxjs/toolkit';
import { boundsEqual, boundsSearchArgs, clusterSearchArgs, runBoundsSearch } from '../../src/client/features/map/bounds-search';
import { nearestIds } from '../../src/client/features/map/markers/eviction';
import { MAX_KNOWN_PROPERTIES, MAX_PAGES_PER_VIEW } from '../../src/client/features/map/map-constants';
import {
  CLUSTER_SMALL,
  CLUSTER_LARGE,
  clusterColor,
  dealMix,
  dealMixFromBackgrounds,
  dealMixText,
} from '../../src/client/features/map/markers/cluster-rules';
import { diffKeys, expandBounds, idsInView } from '../../src/client/features/map/markers/marker-diff';
import {
  mapReducer,
  propertiesMerged,
  propertySelected,
  selectAllProperties,
  selectionCleared,
  selectPropertyCount,
  selectSelectedProperty,
  viewportChanged,
} from '../../src/client/features/map/map-slice';
import type { MapProperty } from '../../src/client/features/map/map-types';
import { compsSummary, topComps, visibleStrategyTabs } from '../../src/client/features/deal/popup-rules';
import { makeSummary } from './fixtures';

const AUSTIN = { ne: { lat: 30.28, lng: -97.73 }, sw: { lat: 30.26, lng: -97.76 } };

function prop(id: string, lat: number, lng: number, extra: Partial<MapProperty> = {}): MapProperty {
  return {
    ...makeSummary({ _id: id, LatestListingPrice: 100_000, location: { type: 'Point', coordinates: [lng, lat] } }),
    ...extra,
  };
}

describe('bounds search uses the shared bounds rules', () => {
  it('builds type=bounds, the rounded zoom and the bounds JSON for valid bounds', () => {
    expect(boundsSearchArgs(AUSTIN, 17.6)).toEqual({ type: 'bounds', zoom: 18, bounds: JSON.stringify(AUSTIN) });
  });

  it.each([
    ['missing', null],
    ['a missing corner', { ne: { lat: 30.28, lng: -97.73 } }],
    ['north not above south', { ne: { lat: 30.2, lng: -97.73 }, sw: { lat: 30.26, lng: -97.76 } }],
    ['east not above west', { ne: { lat: 30.28, lng: -97.8 }, sw: { lat: 30.26, lng: -97.76 } }],
    ['a span too small', { ne: { lat: 30.2605, lng: -97.73 }, sw: { lat: 30.26, lng: -97.76 } }],
    ['a span too large', { ne: { lat: 41, lng: -97.73 }, sw: { lat: 30.26, lng: -97.76 } }],
    ['latitude out of range', { ne: { lat: 95, lng: -97.73 }, sw: { lat: 89, lng: -97.76 } }],
  ])('skips the search for %s', (_name, bounds) => {
    expect(boundsSearchArgs(bounds as never, 18)).toBeNull();
  });

  it('compares bounds by value', () => {
    expect(boundsEqual(AUSTIN, JSON.parse(JSON.stringify(AUSTIN)))).toBe(true);
    expect(boundsEqual(AUSTIN, { ...AUSTIN, ne: { lat: 30.29, lng: -97.73 } })).toBe(false);
    expect(boundsEqual(null, null)).toBe(true);
  });

  it('follows next until done and stops when cancelled', async () => {
    const args = boundsSearchArgs(AUSTIN, 18)!;
    const calls: Array<string | undefined> = [];
    const pages: Record<string, { properties: MapProperty[]; next: string }> = {
      first: { properties: [prop('a', 30.27, -97.74)], next: 't1' },
      t1: { properties: [prop('b', 30.27, -97.74)], next: 't2' },
      t2: { properties: [prop('c', 30.27, -97.74)], next: 'done' },
    };
    const seen: string[] = [];
    const result = await runBoundsSearch(
      args,
      (a) => {
        calls.push(a.next);
        return Promise.resolve(pages[a.next ?? 'first']);
      },
      (ps) => seen.push(...ps.map((p) => p._id)),
      () => false,
    );
    expect(result).toBe('done');
    expect(calls).toEqual([undefined, 't1', 't2']);
    expect(seen).toEqual(['a', 'b', 'c']);

    let cancelled = false;
    const seen2: string[] = [];
    const r2 = await runBoundsSearch(
      args,
      (a) => {
        if (a.next === 't1') cancelled = true;
        return Promise.resolve(pages[a.next ?? 'first']);
      },
      (ps) => seen2.push(...ps.map((p) => p._id)),
      () => cancelled,
    );
    expect(r2).toBe('cancelled');
    expect(seen2).toEqual(['a']);
  });
});

describe('wide views and the page cap', () => {
  it('asks for clusters with the bounds clamped to the world and the zoom rounded down', () => {
    expect(clusterSearchArgs(AUSTIN, 8.7)).toEqual({ type: 'clusters', zoom: 8, bounds: JSON.stringify(AUSTIN) });
    // Across the antimeridian, or wider than the world: every longitude; latitudes clamped to Mercator's.
    const wrapped = clusterSearchArgs({ ne: { lat: 89, lng: -170 }, sw: { lat: -89, lng: 170 } }, 1.2)!;
    expect(JSON.parse(wrapped.bounds)).toEqual({ ne: { lat: 85.05112878, lng: 180 }, sw: { lat: -85.05112878, lng: -180 } });
    expect(wrapped.zoom).toBe(1);
    expect(clusterSearchArgs(null, 5)).toBeNull();
  });

  it(`stops after ${MAX_PAGES_PER_VIEW} pages and says the view is capped`, async () => {
    let calls = 0;
    const result = await runBoundsSearch(
      boundsSearchArgs(AUSTIN, 14)!,
      () => {
        calls += 1;
        return Promise.resolve({ properties: [prop(`p${calls}`, 30.27, -97.74)], next: `t${calls}` });
      },
      () => undefined,
      () => false,
    );
    expect(result).toBe('capped');
    expect(calls).toBe(MAX_PAGES_PER_VIEW);
  });
});

describe('known properties are bounded', () => {
  it('keeps the nearest to the centre, in their order, and always the selected one', () => {
    const list = [prop('near', 30.27, -97.74), prop('mid', 30.5, -97.74), prop('far', 31.5, -97.74), prop('selected', 40, -90)];
    const entities = Object.fromEntries(list.map((p) => [p._id, p]));
    const ids = list.map((p) => p._id);
    const of = (id: string) => entities[id];
    const center = { lat: 30.27, lng: -97.74 };
    expect(nearestIds(ids, of, center, 2, 'selected')).toEqual(['near', 'selected']);
    expect(nearestIds(ids, of, center, 3, 'selected')).toEqual(['near', 'mid', 'selected']);
    expect(nearestIds(ids, of, center, 2, null)).toEqual(['near', 'mid']);
    expect(nearestIds(ids, of, center, 4, null)).toEqual(ids);
  });

  it('breaks ties at the cut-off in order and keeps no more than asked', () => {
    const list = [prop('a', 30, -97), prop('b', 30.1, -97), prop('c', 30.1, -97), prop('d', 30.1, -97), prop('e', 35, -97)];
    const entities = Object.fromEntries(list.map((p) => [p._id, p]));
    const ids = list.map((p) => p._id);
    expect(nearestIds(ids, (id) => entities[id], { lat: 30, lng: -97 }, 3, null)).toEqual(['a', 'b', 'c']);
    expect(nearestIds(ids, (id) => entities[id], { lat: 30, lng: -97 }, 1, 'e')).toEqual(['e']);
  });

  it(`keeps at most ${MAX_KNOWN_PROPERTIES.toLocaleString('en-US')} in the slice, evicting the farthest from the view`, () => {
    const store = configureStore({ reducer: { map: mapReducer } });
    store.dispatch(viewportChanged({ center: { lat: 30, lng: -97 }, zoom: 12, bounds: null }));
    const batch = (from: number, count: number, lat: number) =>
      Array.from({ length: count }, (_, i) => prop(`p${from + i}`, lat + (i % 100) * 1e-4, -97));
    store.dispatch(propertiesMerged(batch(0, 30_000, 30)));
    store.dispatch(propertySelected('p40000'));
    store.dispatch(propertiesMerged(batch(30_000, 30_000, 35)));
    const state = store.getState();
    expect(selectPropertyCount(state)).toBe(MAX_KNOWN_PROPERTIES);
    // The 30,000 near the centre stay, and the selected one, far as it is.
    expect(state.map.properties.entities.p0).toBeDefined();
    expect(state.map.properties.entities.p29999).toBeDefined();
    expect(state.map.properties.entities.p40000).toBeDefined();
  });
});

describe('cluster rules', () => {
  it('is dark indigo above the larger of 10 and the mean, else blue', () => {
    expect(clusterColor(11, 3)).toBe(CLUSTER_LARGE);
    expect(clusterColor(10, 3)).toBe(CLUSTER_SMALL);
    expect(clusterColor(30, 40)).toBe(CLUSTER_SMALL);
    expect(clusterColor(41, 40)).toBe(CLUSTER_LARGE);
    expect(clusterColor(40, 40)).toBe(CLUSTER_SMALL);
    expect(clusterColor(5, NaN)).toBe(CLUSTER_SMALL);
  });

  it('tells the deal mix', () => {
    const mix = dealMixFromBackgrounds([
      ...Array(3).fill('#10b981'),
      ...Array(2).fill('#EF4444'),
      ...Array(6).fill('#06b6d4'),
      undefined,
    ]);
    expect(mix).toEqual({ total: 12, good: 3, market: 7, over: 2 });
    expect(dealMixText(mix)).toBe('12 properties: 3 good deals, 7 at market, 2 overpriced');
    expect(dealMixText(dealMix(['Good Deal']))).toBe('1 property: 1 good deal, 0 at market, 0 overpriced');
  });
});

describe('marker diffing by key', () => {
  it('adds the wanted ids that are missing and removes the ones no longer wanted', () => {
    expect(diffKeys(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toEqual({ add: ['d', 'e'], remove: ['a'] });
    expect(diffKeys([], ['a'])).toEqual({ add: ['a'], remove: [] });
    expect(diffKeys(new Set(['a']), new Set(['a']))).toEqual({ add: [], remove: [] });
  });

  it('keeps markers only for properties inside the viewport plus the margin', () => {
    const bounds = { ne: { lat: 1, lng: 1 }, sw: { lat: 0, lng: 0 } };
    expect(expandBounds(bounds, 0.25)).toEqual({ ne: { lat: 1.25, lng: 1.25 }, sw: { lat: -0.25, lng: -0.25 } });
    const props = [prop('in', 0.5, 0.5), prop('margin', 1.2, 0.5), prop('out', 2, 0.5), prop('west', 0.5, -0.3)];
    expect([...idsInView(props, bounds, 0.25)]).toEqual(['in', 'margin']);
    expect([...idsInView(props, bounds, 0)]).toEqual(['in']);
    expect(idsInView(props, null, 0.25).size).toBe(0);
  });

  it('handles 20,000 properties quickly', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      prop(`p${i}`, 30.2 + (i % 200) * 0.0005, -97.8 + Math.floor(i / 200) * 0.0005),
    );
    const view = { ne: { lat: 30.3, lng: -97.75 }, sw: { lat: 30.2, lng: -97.8 } };
    const t = Date.now();
    const wanted = idsInView(many, view, 0.25);
    const diff = diffKeys(new Set<string>(), wanted);
    expect(diff.add.length).toBe(wanted.size);
    expect(Date.now() - t).toBeLessThan(500);
  });
});

describe('map slice', () => {
  const make = () => configureStore({ reducer: { map: mapReducer } });

  it('merges bounds-search pages by _id with upsertMany', () => {
    const store = make();
    store.dispatch(propertiesMerged([prop('a', 1, 1), prop('b', 1, 1)]));
    store.dispatch(propertiesMerged([prop('b', 1, 1, { LatestListingPrice: 5 }), prop('c', 1, 1)]));
    expect(selectPropertyCount(store.getState())).toBe(3);
    expect(selectAllProperties(store.getState()).map((p) => [p._id, p.LatestListingPrice])).toEqual([
      ['a', 100_000],
      ['b', 5],
      ['c', 100_000],
    ]);
  });

  it('keeps the viewport and the selection', () => {
    const store = make();
    store.dispatch(viewportChanged({ center: { lat: 1, lng: 2 }, zoom: 15, bounds: AUSTIN }));
    expect(store.getState().map.viewport.zoom).toBe(15);
    store.dispatch(propertiesMerged([prop('a', 1, 1)]));
    store.dispatch(propertySelected('a'));
    expect(selectSelectedProperty(store.getState())?._id).toBe('a');
    store.dispatch(selectionCleared());
    expect(selectSelectedProperty(store.getState())).toBeNull();
  });
});

describe('strategy tab visibility', () => {
  const catalogue = [
    { _id: 's1', name: 'Buy & Hold' },
    { _id: 's2', name: 'BRRRR' },
    { _id: 's3', name: 'Fix’N’Flip' },
    { _id: 's4', name: 'Short-term Rental' },
  ];
  const figure = { cashOnCashRoi: 5, cashOnCashInfinite: false };
  const results = { cashOnCash: { buyHold: figure, brrrr: figure, fixFlip: figure, shortTerm: figure } };

  it('shows a strategy tab only when it is in the profile and the property has results', () => {
    expect(visibleStrategyTabs(['s1', 's2', 's3', 's4'], catalogue, results).map((t) => t.label)).toEqual([
      'Buy/Hold',
      'BRRRR',
      'Fix/Flip',
      'ST Rental',
    ]);
    expect(visibleStrategyTabs(['s4', 's1'], catalogue, results).map((t) => t.label)).toEqual(['Buy/Hold', 'ST Rental']);
    expect(
      visibleStrategyTabs(['s1', 's2'], catalogue, { cashOnCash: { ...results.cashOnCash, brrrr: null } }).map((t) => t.label),
    ).toEqual(['Buy/Hold']);
    expect(visibleStrategyTabs([], catalogue, results)).toEqual([]);
    expect(visibleStrategyTabs(['s1'], [], results)).toEqual([]);
    expect(visibleStrategyTabs(['unknown'], catalogue, results)).toEqual([]);
  });
});

describe('comps', () => {
  it('summarises comps and lists the top 5 by sold price, descending', () => {
    const comps = [1, 7, 3, 9, 5, 2].map((n) => ({ _id: `c${n}`, MLSSoldPrice: n * 100 }));
    expect(compsSummary(comps)).toEqual({ total: 6, average: (27 * 100) / 6, min: 100, max: 900, marketData: 'Available' });
    expect(compsSummary([])).toEqual({ total: 0, average: null, min: null, max: null, marketData: 'None' });
    expect(topComps(comps).map((c) => c.MLSSoldPrice)).toEqual([900, 700, 500, 300, 200]);
  });
});
