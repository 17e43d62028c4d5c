/**
 * Map state (docs/map-search.md): the viewport written when the camera settles, the known
 * properties in an entity adapter keyed by `_id` (bounds-search pages merged with upsertMany), the
 * wide view's cluster request, and the selected property. Property details, comps and the cluster
 * answers stay in RTK Query (map-selectors.ts reads the answers).
 */
import { createEntityAdapter, createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { LatLng, MapBounds } from '../../../shared/geo/bounds';
import { sessionCleared } from '../session';
import { nearestIds } from './markers/eviction';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_KNOWN_PROPERTIES } from './map-constants';
import type { MapProperty, SearchClustersArgs } from './map-types';

export interface MapViewport {
  center: LatLng;
  zoom: number;
  bounds: MapBounds | null;
}

/**
 * The wide view's server clusters: the request (view, zoom and filters) whose answer the map draws,
 * or null while it draws the known properties; and the last request whose answer was in hand, which
 * stays drawn while a newer one loads. Only the requests: the answers are RTK Query's.
 */
export interface ClusterView {
  requested: SearchClustersArgs | null;
  answered: SearchClustersArgs | null;
}

/** The place searched last (the map's search box, the landing page's or the keyless search): what a saved search is named after. */
export interface SearchedPlace {
  /** Its short name ("Austin", "1200 Main St") and its address ("Austin, TX, USA"). */
  name: string;
  formattedAddress: string;
  location: LatLng;
}

export const propertiesAdapter = createEntityAdapter<MapProperty, string>({ selectId: (p) => p._id });

export interface MapState {
  viewport: MapViewport;
  properties: ReturnType<typeof propertiesAdapter.getInitialState>;
  clusters: ClusterView;
  selectedId: string | null;
  place: SearchedPlace | null;
}

export const initialMapState: MapState = {
  viewport: { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, bounds: null },
  properties: propertiesAdapter.getInitialState(),
  clusters: { requested: null, answered: null },
  selectedId: null,
  place: null,
};

const mapSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    viewportChanged(state, action: PayloadAction<MapViewport>) {
      state.viewport = action.payload;
    },
    /**
     * Bounds-search pages: merged by `_id` (new ones added, known ones replaced). Past
     * MAX_KNOWN_PROPERTIES the farthest from the view's centre are forgotten (never the selected one).
     */
    propertiesMerged(state, action: PayloadAction<MapProperty[]>) {
      // Built by hand from the untouched state rather than through the draft: a page is up to
      // thousands of entities, and Immer's per-key bookkeeping made a 25,000-property merge into
      // 75,000 known ones cost over a second (docs/performance.md).
      const base = original(state);
      const known = base.properties.entities as Record<string, MapProperty>;
      const page = new Map<string, MapProperty>();
      const ids = base.properties.ids.slice();
      for (const p of action.payload) {
        if (!(p._id in known) && !page.has(p._id)) ids.push(p._id);
        page.set(p._id, p);
      }
      const propertyOf = (id: string) => page.get(id) ?? known[id];
      const keptIds =
        ids.length > MAX_KNOWN_PROPERTIES
          ? nearestIds(ids, propertyOf, base.viewport.center, MAX_KNOWN_PROPERTIES, base.selectedId)
          : ids;
      // One new table of the kept ones (no copy-then-delete: deleting keys of a 75,000-key object is slow).
      const entities: Record<string, MapProperty> = {};
      for (const id of keptIds) entities[id] = propertyOf(id);
      // Frozen here, so Immer does not walk the new table looking for drafts (over 100 ms at 50,000
      // known); the properties in it are the API answers' objects, which RTK Query's cache froze.
      Object.freeze(keptIds);
      Object.freeze(entities);
      return { ...base, properties: { ids: keptIds, entities } };
    },
    /** The bounds search's cluster request, and whether its answer is in hand (it becomes the one drawn meanwhile). */
    clusterViewChanged(state, action: PayloadAction<{ requested: SearchClustersArgs | null; answered: boolean }>) {
      const { requested, answered } = action.payload;
      state.clusters.requested = requested;
      if (requested && answered) state.clusters.answered = requested;
    },
    /** The bounds search has stopped (the page closed): nothing of its clusters is drawn. */
    clusterViewCleared(state) {
      state.clusters = initialMapState.clusters;
    },
    propertiesCleared(state) {
      propertiesAdapter.removeAll(state.properties);
      state.selectedId = null;
    },
    propertySelected(state, action: PayloadAction<string>) {
      state.selectedId = action.payload;
    },
    selectionCleared(state) {
      state.selectedId = null;
    },
    placeSearched(state, action: PayloadAction<SearchedPlace>) {
      state.place = action.payload;
    },
  },
  // Signing out forgets what the map knew.
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialMapState),
});

export const {
  viewportChanged,
  propertiesMerged,
  clusterViewChanged,
  clusterViewCleared,
  propertiesCleared,
  propertySelected,
  selectionCleared,
  placeSearched,
} = mapSlice.actions;
export const mapReducer = mapSlice.reducer;

export type WithMap = { map: MapState };
const adapterSelectors = propertiesAdapter.getSelectors((state: WithMap) => state.map.properties);
export const selectAllProperties = adapterSelectors.selectAll;
export const selectPropertyEntities = adapterSelectors.selectEntities;
export const selectPropertyById = adapterSelectors.selectById;
export const selectPropertyCount = adapterSelectors.selectTotal;
export const selectViewport = (state: WithMap) => state.map.viewport;
export const selectClusterView = (state: WithMap) => state.map.clusters;
export const selectSelectedId = (state: WithMap) => state.map.selectedId;
/** The place searched last while it is in view (its point inside the viewport's bounds), else null. */
export const selectPlaceInView = (state: WithMap): SearchedPlace | null => {
  const { place, viewport } = state.map;
  const b = viewport.bounds;
  if (!place || !b) return null;
  const { lat, lng } = place.location;
  const inLng = b.sw.lng <= b.ne.lng ? lng >= b.sw.lng && lng <= b.ne.lng : lng >= b.sw.lng || lng <= b.ne.lng;
  return lat >= b.sw.lat && lat <= b.ne.lat && inLng ? place : null;
};
export const selectSelectedProperty = (state: WithMap) =>
  state.map.selectedId ? (state.map.properties.entities[state.map.selectedId] ?? null) : null;
