/** The map's constants (debounces, zoom, cluster radius) and its texts (docs/map-search.md). */
import type { LatLng } from '../../../shared/geo/bounds';

export { CLUSTER_MAX_ZOOM, SEARCH_ZOOM } from '../../constants';

/** Downtown Austin, TX (the demo data set covers Austin). */
export const DEFAULT_CENTER: LatLng = { lat: 30.2672, lng: -97.7431 };
export const DEFAULT_ZOOM = 18;
/** Google's documented demo map id, used only when the server has no GOOGLE_MAPS_MAP_ID (advanced markers need one). */
export const FALLBACK_MAP_ID = 'DEMO_MAP_ID';

export const BOUNDS_DEBOUNCE_MS = 600;
export const PLACE_INPUT_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_DEBOUNCE_MS = 400;
export const COMPS_DELAY_MS = 300;
/**
 * A row or a marker under the pointer (or focused) this long prefetches its whole property (kept
 * PROPERTY_CACHE_SECONDS unread: features/deal/deal-constants.ts).
 */
export const PREFETCH_HOVER_MS = 150;
export const CLUSTER_RADIUS = 60;
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 350;
export const AUTOCOMPLETE_WIDTH = 325;
/**
 * At this zoom and below the map asks the server for clusters (one answer per view) instead of
 * paging through properties: at zoom 11 a 1,280-pixel-wide view spans ~0.7° of longitude, a whole
 * metro (the demo's Austin: ~2,300 listings in one view, ~120 KB on the wire); wider views hold
 * more than the page cap below allows (docs/performance.md).
 */
export const SERVER_CLUSTER_MAX_ZOOM = 11;
/**
 * A view pages through at most this many bounds pages (1,000 summaries each, ~50 KB compressed);
 * a view holding more shows server clusters instead.
 */
export const MAX_PAGES_PER_VIEW = 4;
/**
 * A view holding more properties than this (its cluster answer's total, asked first) shows server
 * clusters at once instead of paging: the 1,000,000-listing bench's city boxes hold ~5,500, and paging
 * four of them before giving up cost ~1.1 MB and four heavy queries for nothing.
 */
export const MAX_PROPERTIES_PER_VIEW = MAX_PAGES_PER_VIEW * 1000;
/** Known properties kept in the map slice; past it the farthest from the view are forgotten. */
export const MAX_KNOWN_PROPERTIES = 50_000;
/** Markers exist for properties inside the viewport grown by this fraction of its span on each side. */
export const VIEWPORT_MARGIN = 0.25;
/** Place search restriction (spec: US and English). */
export const PLACE_REGION_CODES = ['us'];
export const PLACE_LANGUAGE = 'en';
export const PLACE_FIELDS = ['displayName', 'formattedAddress', 'location', 'viewport'];

export const MAP_TEXT = {
  authFailure: 'Error: AuthFailure',
  scriptFailed: 'The Google Maps script could not load. Check your connection and try again.',
  configFailed: 'The map settings could not be loaded. Reload the page to try again.',
  loading: 'Loading...',
  placeholder: 'Search city, address or ZIP',
  placeAriaLabel: 'Search places',
  noResults: 'No results',
  noPhotos: 'No photos available',
  pipelineToggle: 'Pipeline',
  pipelineHint: 'Show only the properties in your pipeline, with their stage',
  pipelineList: 'Pipeline properties in view',
  pipelineLoading: 'Loading your pipeline…',
  pipelineEmpty: 'None of your pipeline properties is in view. Move the map, or add a property from its popup.',
  pipelineFailed: 'Your pipeline could not be loaded. Reload the page to try again.',
} as const;
