/** Market trends: each city's and ZIP's monthly figures, kept current in the background, and their API. */
export { marketTrendsRoutes } from './routes';
export { MarketTrendsWorker, type MarketTrendsWorkerOptions } from './trends-worker';
export { createMarketTrendsRepository } from './repository';
export { createMarketTrendsService, TREND_MESSAGES } from './service';
