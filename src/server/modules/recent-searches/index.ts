/** A user's recent place searches. */
export { recentSearchesRoutes } from './routes';
