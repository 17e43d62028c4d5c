/** How many months a series covers at most and by default. */
export const MAX_TREND_MONTHS = 120;
export const DEFAULT_TREND_MONTHS = 36;
/** How many markets one comparison takes. */
export const MAX_COMPARED_MARKETS = 3;
