import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from '../lib/metrics/registry';

const labelNames = ['method', 'route', 'status'] as const;

const requests = new Counter({
  name: 'dealmap_http_requests_total',
  help: "Requests answered, by method, route (its pattern, e.g. /api/v1/properties/:id; 'unmatched' for none) and status",
  labelNames,
  registers: [metricsRegistry],
});

const duration = new Histogram({
  name: 'dealmap_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route and status',
  labelNames,
  // The searches answer in 5–100 ms; the PDF, imports and exports in seconds.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Counts and times every answered request (Prometheus, GET /metrics). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the path: ids in paths would make a series per listing.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
