/**
 * Market trends' public surface: the ZIP's small charts (property page and popup), the followed markets
 * (dashboard) and their query. The Markets page is a lazy route of its own; the charts' code loads with
 * the first chart shown.
 */
export { FOLLOWED_TEXT, FollowedMarkets, marketsPageUrl } from './followed-markets';
export { useFollowedMarketsQuery } from './markets-api';
export { ZIP_TRENDS_TEXT, ZipTrendCharts } from './zip-trend-charts';
