import { makeStore } from '../../src/client/app/store';
import { mapApi } from '../../src/client/features/map/map-api';
import { selectClusterMatching, selectDrawnClusterAnswer, selectServerCells } from '../../src/client/features/map/map-selectors';
import { clusterViewChanged, clusterViewCleared, selectClusterView } from '../../src/client/features/map/map-slice';
import type { SearchClustersAnswer, SearchClustersArgs } from '../../src/client/features/map/map-types';
import { sessionCleared } from '../../src/client/features/session';

const box = (west: number) => JSON.stringify({ ne: { lat: 31, lng: west + 1 }, sw: { lat: 30, lng: west } });
const request = (west: number): SearchClustersArgs => ({ type: 'clusters', zoom: 9, bounds: box(west) });

function answer(total: number): SearchClustersAnswer {
  return {
    total,
    zoom: 9,
    clusters: [
      {
        key: `9/1/${total}`,
        count: total,
        center: { lat: 30.5, lng: -97.5 },
        bounds: { ne: { lat: 31, lng: -97 }, sw: { lat: 30, lng: -98 } },
        good: total,
        market: 0,
        over: 0,
        minPrice: 100_000,
        maxPrice: 200_000,
      },
    ],
  };
}

/** A store whose API cache holds an answer for each request given. */
async function storeWith(answers: Array<[SearchClustersArgs, SearchClustersAnswer]>) {
  const store = makeStore();
  for (const [args, data] of answers) await store.dispatch(mapApi.util.upsertQueryData('searchClusters', args, data));
  return store;
}

describe('the map draws clusters from the store (map-selectors.ts)', () => {
  it('draws no clusters until the bounds search asks for some', async () => {
    const store = await storeWith([[request(-98), answer(5)]]);
    expect(selectDrawnClusterAnswer(store.getState())).toBeNull();
    expect(selectServerCells(store.getState())).toBeNull();
    expect(selectClusterMatching(store.getState())).toBeNull();
  });

  it("draws the request's answer from RTK Query's cache", async () => {
    const a = request(-98);
    const store = await storeWith([[a, answer(5)]]);
    store.dispatch(clusterViewChanged({ requested: a, answered: true }));
    expect(selectServerCells(store.getState())).toEqual(answer(5).clusters);
    expect(selectClusterMatching(store.getState())).toBe(5);
    // The cache's own object, not a copy.
    expect(selectDrawnClusterAnswer(store.getState())).toBe(mapApi.endpoints.searchClusters.select(a)(store.getState()).data);
  });

  it('keeps the last answer in hand drawn while the next request loads, then draws the new one', async () => {
    const a = request(-98);
    const b = request(-97);
    const store = await storeWith([[a, answer(5)]]);
    store.dispatch(clusterViewChanged({ requested: a, answered: true }));
    store.dispatch(clusterViewChanged({ requested: b, answered: false }));
    expect(selectClusterView(store.getState())).toEqual({ requested: b, answered: a });
    expect(selectClusterMatching(store.getState())).toBe(5);

    await store.dispatch(mapApi.util.upsertQueryData('searchClusters', b, answer(7)));
    expect(selectClusterMatching(store.getState())).toBe(7);
    store.dispatch(clusterViewChanged({ requested: b, answered: true }));
    expect(selectClusterView(store.getState()).answered).toBe(b);
  });

  it('draws the known properties in a close view, and an earlier answer again while a later wide view loads', async () => {
    const a = request(-98);
    const store = await storeWith([[a, answer(5)]]);
    store.dispatch(clusterViewChanged({ requested: a, answered: true }));
    store.dispatch(clusterViewChanged({ requested: null, answered: false }));
    expect(selectServerCells(store.getState())).toBeNull();
    store.dispatch(clusterViewChanged({ requested: request(-96), answered: false }));
    expect(selectClusterMatching(store.getState())).toBe(5);
  });

  it('draws nothing of an answer that is no longer cached', async () => {
    const a = request(-98);
    const store = await storeWith([]);
    store.dispatch(clusterViewChanged({ requested: a, answered: false }));
    expect(selectServerCells(store.getState())).toBeNull();
  });

  it('forgets the cluster requests when the search stops or the session ends', async () => {
    const a = request(-98);
    const store = await storeWith([[a, answer(5)]]);
    store.dispatch(clusterViewChanged({ requested: a, answered: true }));
    store.dispatch(clusterViewCleared());
    expect(selectClusterView(store.getState())).toEqual({ requested: null, answered: null });
    expect(selectServerCells(store.getState())).toBeNull();
    store.dispatch(clusterViewChanged({ requested: a, answered: true }));
    store.dispatch(sessionCleared());
    expect(selectClusterView(store.getState())).toEqual({ requested: null, answered: null });
  });
});
