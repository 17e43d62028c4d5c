import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's metrics (Prometheus's text format, GET /metrics): one registry per process, the
 * process being what a scrape sees. With WORKERS=N the primary sums the workers' (cluster-metrics.ts).
 */
export const metricsRegistry = new Registry();

// The process's own figures: CPU, memory (resident, heap), the event loop's delay, handles, GC.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
