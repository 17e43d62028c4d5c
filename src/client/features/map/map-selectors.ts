/**
 * What the map draws, read from the store by one route: the known properties from the map slice
 * and, in a wide view, the server's cluster answer from RTK Query's cache entry of the slice's
 * cluster request. The bounds search (use-bounds-search.ts) writes both; the map and the list read
 * them here.
 */
import { mapApi } from './map-api';
import { selectClusterView, type WithMap } from './map-slice';
import type { PropertyCluster, SearchClustersAnswer, SearchClustersArgs } from './map-types';

type ClusterAnswerSelector = ReturnType<typeof mapApi.endpoints.searchClusters.select>;
/** The state these selectors read: the map slice and the API's cache. */
export type MapDrawState = WithMap & Parameters<ClusterAnswerSelector>[0];

// One cache selector per request object (the slice keeps a request's object until it changes).
const answerSelectors = new WeakMap<SearchClustersArgs, ClusterAnswerSelector>();

function cachedAnswer(state: MapDrawState, args: SearchClustersArgs): SearchClustersAnswer | undefined {
  let select = answerSelectors.get(args);
  if (!select) {
    select = mapApi.endpoints.searchClusters.select(args);
    answerSelectors.set(args, select);
  }
  return select(state).data;
}

/**
 * The cluster answer the map draws, or null while it draws the known properties: the request's
 * answer, or while that loads (or after it failed) the last answer in hand, while it is cached.
 */
export function selectDrawnClusterAnswer(state: MapDrawState): SearchClustersAnswer | null {
  const { requested, answered } = selectClusterView(state);
  if (!requested) return null;
  return cachedAnswer(state, requested) ?? (answered ? cachedAnswer(state, answered) : undefined) ?? null;
}

/** The server's cells to draw, or null to draw the known properties. */
export const selectServerCells = (state: MapDrawState): PropertyCluster[] | null =>
  selectDrawnClusterAnswer(state)?.clusters ?? null;

/** In a wide view, how many properties of the view pass the filters (null while unknown, or in a close view). */
export const selectClusterMatching = (state: MapDrawState): number | null => selectDrawnClusterAnswer(state)?.total ?? null;
