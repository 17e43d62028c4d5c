/**
 * Market trends' public surface: the ZIP's small charts (property page and popup), the followed markets
 * (dashboard) and their query, the visible area's trends (the search page's "Trends here"). The Markets page is a lazy route of its own; the charts' code loads with
 * the first chart shown.
 */
export { FOLLOWED_TEXT, FollowedMarkets, marketsPageUrl } from './followed-markets';
export { useFollowedMarketsQuery } from './markets-api';
export { ZIP_TRENDS_TEXT, ZipTrendCharts } from './zip-trend-charts';
export { AREA_TRENDS_TEXT, AreaTrendsButton } from './area-trends';
