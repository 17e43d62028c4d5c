/** What other modules use of rates: its repository (the latest rate) and SQL for a statement that reads the latest rate with its own rows. */
export { createRatesRepository, latestRateSql, type RatesRepository } from './repository';
export { ratesRoutes, type Repricer, type RatesRouteOptions } from './routes';
