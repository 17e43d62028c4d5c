/** /healthz and /readyz: the database, the start's work and the listing feed. */
export { healthRoutes } from './routes';
