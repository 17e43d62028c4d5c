/**
 * Map state (docs/map-search.md): the viewport written when the camera settles, the known
 * properties in an entity adapter keyed by `_id` (bounds-search pages merged with upsertMany), and
 * the selected property. Property details and comps stay in RTK Query.
 */
import { createEntityAdapter, createSlice, current, type PayloadAction } from '@reduxjs/toolkit';
import type { LatLng, MapBounds } from '../../../shared/geo/bounds';
import { sessionCleared } from '../session';
import { farthestFirst } from './eviction';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_KNOWN_PROPERTIES } from './map-constants';
import type { MapProperty } from './map-types';

export interface MapViewport {
  center: LatLng;
  zoom: number;
  bounds: MapBounds | null;
}

export const propertiesAdapter = createEntityAdapter<MapProperty, string>({ selectId: (p) => p._id });

export interface MapState {
  viewport: MapViewport;
  properties: ReturnType<typeof propertiesAdapter.getInitialState>;
  selectedId: string | null;
}

export const initialMapState: MapState = {
  viewport: { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, bounds: null },
  properties: propertiesAdapter.getInitialState(),
  selectedId: null,
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
      propertiesAdapter.upsertMany(state.properties, action.payload);
      if (state.properties.ids.length > MAX_KNOWN_PROPERTIES) {
        const table = current(state.properties);
        const drop = farthestFirst(table.entities, table.ids, state.viewport.center, MAX_KNOWN_PROPERTIES, state.selectedId);
        propertiesAdapter.removeMany(state.properties, drop);
      }
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
  },
  // Signing out forgets what the map knew.
  extraReducers: (builder) => builder.addCase(sessionCleared, () => initialMapState),
});

export const { viewportChanged, propertiesMerged, propertiesCleared, propertySelected, selectionCleared } = mapSlice.actions;
export const mapReducer = mapSlice.reducer;

type WithMap = { map: MapState };
const adapterSelectors = propertiesAdapter.getSelectors((state: WithMap) => state.map.properties);
export const selectAllProperties = adapterSelectors.selectAll;
export const selectPropertyEntities = adapterSelectors.selectEntities;
export const selectPropertyById = adapterSelectors.selectById;
export const selectPropertyCount = adapterSelectors.selectTotal;
export const selectViewport = (state: WithMap) => state.map.viewport;
export const selectSelectedId = (state: WithMap) => state.map.selectedId;
export const selectSelectedProperty = (state: WithMap) =>
  state.map.selectedId ? (state.map.properties.entities[state.map.selectedId] ?? null) : null;
