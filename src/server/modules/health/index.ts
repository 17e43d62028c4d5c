/** /healthz and /readyz: the database, the start's work and the listing feed; /metrics for Prometheus. */
export { healthRoutes } from './routes';
export { metricsRoutes } from './metrics-routes';
