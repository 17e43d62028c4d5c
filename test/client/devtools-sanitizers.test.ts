import type { UnknownAction } from '@reduxjs/toolkit';
import {
  FULL_STATE_FLAG,
  SUMMARY_LIMIT,
  actionSanitizer,
  devToolsOptions,
  stateSanitizer,
} from '../../src/client/app/devtools-sanitizers';
import { makeStore } from '../../src/client/app/store';
import { propertiesMerged } from '../../src/client/features/map/map-slice';
import type { MapProperty } from '../../src/client/features/map';
import { finite, makeSummary } from './fixtures';

/** A property as a bounds-search page carries it, read into its summary. */
function property(i: number): MapProperty {
  return makeSummary({
    _id: `p${i}`,
    LatestListingPrice: 250_000 + i,
    PublicListingRemarks: 'Charming bungalow close to downtown, new roof, updated kitchen and a large back yard.',
    BedroomsTotal: 3,
    BathroomsTotal: 2,
    BathroomsFull: 2,
    BuildingAreaTotal: 1_450,
    PropertyAddressFull: `${i} Congress Ave`,
    PropertyAddressCity: 'Austin',
    PropertyAddressState: 'TX',
    PropertyAddressZIP: '78701',
    location: { type: 'Point', coordinates: [-97.74 + i * 1e-6, 30.27] },
    markerColor: { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' },
    compIDs: ['c1', 'c2', 'c3', 'c4', 'c5'],
    BuyHoldResults: finite({
      totalCashNeeded: 60_000,
      netMonthlyIncome: 410,
      grossMonthlyExpenses: 1_700,
      totalCosts: 310_000,
      cashOnCashRoi: 8.2,
    }),
  });
}

const properties = (n: number) => Array.from({ length: n }, (_, i) => property(i));
const jsonSize = (value: unknown) => JSON.stringify(value).length;

describe('Redux DevTools sanitizers', () => {
  it('summarise a 20,000-property map state to a few KB', () => {
    const store = makeStore();
    store.dispatch(propertiesMerged(properties(20_000)));
    const state = store.getState();

    const full = jsonSize(state);
    const sanitized = stateSanitizer(state);
    const size = jsonSize(sanitized);

    expect(state.map.properties.ids).toHaveLength(20_000);
    expect(full).toBeGreaterThan(5_000_000);
    expect(size).toBeLessThan(5_000);
    expect(sanitized.map.properties).toEqual({ summarised: 'entities', count: 20_000, firstIds: ['p0', 'p1', 'p2', 'p3', 'p4'] });
    // The rest of the state is shown as it is.
    expect(sanitized.map.viewport).toBe(state.map.viewport);
    expect(sanitized.session).toBe(state.session);
    // The store keeps every property.
    expect(store.getState().map.properties.ids).toHaveLength(20_000);
    console.info(`DevTools state: ${full.toLocaleString('en-US')} B of JSON → ${size.toLocaleString('en-US')} B sanitized`);
  });

  it('summarise a large searchProperties page and a large merge action', () => {
    const page: UnknownAction = {
      type: 'api/executeQuery/fulfilled',
      payload: { properties: properties(1_000), next: 'eyJsbmciOi05Ny43fQ' },
      meta: { arg: { endpointName: 'searchProperties', originalArgs: { type: 'bounds', zoom: 14 } }, requestStatus: 'fulfilled' },
    };
    const merge = propertiesMerged(properties(10_000));

    const sanitizedPage = actionSanitizer(page);
    const sanitizedMerge = actionSanitizer(merge);

    expect(jsonSize(page)).toBeGreaterThan(300_000);
    expect(jsonSize(sanitizedPage)).toBeLessThan(5_000);
    expect(sanitizedPage.payload).toEqual({
      properties: { summarised: 'array', count: 1_000, firstIds: ['p0', 'p1', 'p2', 'p3', 'p4'] },
      next: 'eyJsbmciOi05Ny43fQ',
    });
    expect(sanitizedPage.meta).toBe(page.meta);
    expect(jsonSize(sanitizedMerge)).toBeLessThan(5_000);
    expect(sanitizedMerge).toEqual({
      type: 'map/propertiesMerged',
      payload: { summarised: 'array', count: 10_000, firstIds: ['p0', 'p1', 'p2', 'p3', 'p4'] },
    });
    console.info(
      `DevTools actions: page ${jsonSize(page).toLocaleString('en-US')} B → ${jsonSize(sanitizedPage)} B, ` +
        `merge ${jsonSize(merge).toLocaleString('en-US')} B → ${jsonSize(sanitizedMerge)} B`,
    );
  });

  it('pass small state and actions through unchanged', () => {
    const store = makeStore();
    store.dispatch(propertiesMerged(properties(SUMMARY_LIMIT)));
    const state = store.getState();
    expect(stateSanitizer(state)).toBe(state);

    const small = propertiesMerged(properties(3));
    expect(actionSanitizer(small)).toBe(small);
    const page: UnknownAction = {
      type: 'api/executeQuery/fulfilled',
      payload: { properties: properties(SUMMARY_LIMIT), next: 'done' },
    };
    expect(actionSanitizer(page)).toBe(page);
  });

  it('are development only, and off when the full-state flag is set', () => {
    expect(devToolsOptions(false)).toBe(false);
    expect(devToolsOptions(true)).toMatchObject({ actionSanitizer, stateSanitizer });
    window.localStorage.setItem(FULL_STATE_FLAG, 'true');
    try {
      expect(devToolsOptions(true)).not.toHaveProperty('stateSanitizer');
    } finally {
      window.localStorage.removeItem(FULL_STATE_FLAG);
    }
  });
});
