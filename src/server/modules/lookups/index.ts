/** The public catalogue lookups (active strategies, markets, interests). */
export { createLookupsRepository } from './repository';
export { lookupsRoutes } from './routes';
export { createLookupsService, type LookupsService } from './service';
