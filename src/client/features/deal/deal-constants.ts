/** What the map's popup and the property page both show about a deal: its texts and limits (docs/map-search.md). */

/**
 * How long a whole property nobody reads stays in RTK Query's cache. A prefetch takes
 * PREFETCH_HOVER_MS (features/map/map-constants.ts) of hovering, so at most 30 s / 150 ms = 200
 * unread ones are held at a time (the summaries of the known properties are what the store holds by
 * the thousand).
 */
export const PROPERTY_CACHE_SECONDS = 30;
export const TOP_COMPS_COUNT = 5;

export const DEAL_TEXT = {
  legendTitle: 'Property Value Indicators',
  exploreProperty: 'Explore Property',
  noComps: 'No comparable properties found',
  noCompsHint: 'Try adjusting your search criteria or location',
  above: 'Consider negotiating the price',
  below: 'This could be a good investment opportunity',
  disclaimer: 'These results are best estimates and are not guaranteed.',
  propertyLoadFailed: 'Failed to load property details',
} as const;
