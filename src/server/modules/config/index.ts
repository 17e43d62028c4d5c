/** The client's runtime configuration (the Maps key, map id and channel). */
export { configRoutes } from './routes';
