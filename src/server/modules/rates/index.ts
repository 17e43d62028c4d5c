/** What other modules use of rates: the latest rate (a value, or SQL for a statement that reads it with its own rows). */
export { latestRate, latestRateSql } from './repository';
export { ratesRoutes, type Repricer, type RatesRouteOptions } from './routes';
