/** How many months a series covers at most and by default. */
export const MAX_TREND_MONTHS = 120;
export const DEFAULT_TREND_MONTHS = 36;
/** How many markets one comparison takes. */
export const MAX_COMPARED_MARKETS = 3;
/** The widest visible area whose trends are computed when asked, in degrees of latitude and longitude. */
export const MAX_AREA_DEGREES = 1;
