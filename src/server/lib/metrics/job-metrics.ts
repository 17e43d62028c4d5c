import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

/** The background jobs the metrics follow (each run: its duration, rows, failures, last success). */
export type JobName =
  | 'repricer'
  | 'listing-feed'
  | 'alert-matching'
  | 'alert-delivery'
  | 'recompute'
  | 'rates-feed'
  | 'accuracy'
  | 'market-trends'
  | 'backup';

const runSeconds = new Histogram({
  name: 'dealmap_job_run_duration_seconds',
  help: 'How long each run of a background job took, by task (the job) and outcome',
  labelNames: ['task', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});
const runs = new Counter({
  name: 'dealmap_job_runs_total',
  help: 'Runs of a background job, by task (the job) and outcome (ok, failed)',
  labelNames: ['task', 'outcome'] as const,
  registers: [metricsRegistry],
});
const rows = new Counter({
  name: 'dealmap_job_rows_total',
  help: 'Rows a background job wrote (listings re-priced, listings replicated, alerts matched, mails sent, …)',
  labelNames: ['task'] as const,
  registers: [metricsRegistry],
});
const lastSuccess = new Gauge({
  name: 'dealmap_job_last_success_timestamp_seconds',
  help: 'When a background job last finished without error (Unix time; absent until it has)',
  labelNames: ['task'] as const,
  registers: [metricsRegistry],
  // With WORKERS=N the newest of the processes' figures is the server's.
  aggregator: 'max',
});
const lastFailure = new Gauge({
  name: 'dealmap_job_last_failure_timestamp_seconds',
  help: 'When a background job last failed (Unix time; absent until it has)',
  labelNames: ['task'] as const,
  registers: [metricsRegistry],
  aggregator: 'max',
});

/** One run of a background job, recorded when it ends: `ok` false for a failure; `rows` what it wrote. */
export function recordJobRun(job: JobName, run: { startedAt: number; ok: boolean; rows?: number }): void {
  const outcome = run.ok ? 'ok' : 'failed';
  const now = Date.now();
  // `task`, not `job`: Prometheus's own `job` label (the scrape's) would rename ours to exported_job.
  const task = job;
  runSeconds.observe({ task, outcome }, Math.max(0, now - run.startedAt) / 1000);
  runs.inc({ task, outcome });
  if (run.rows) rows.inc({ task }, run.rows);
  (run.ok ? lastSuccess : lastFailure).set({ task }, now / 1000);
}

/**
 * Runs `work` as one run of `job` and records it (a throw is a failure, and is rethrown); `rowsOf`
 * reads the rows written from the result.
 */
export async function timeJob<T>(job: JobName, work: () => Promise<T>, rowsOf?: (result: T) => number): Promise<T> {
  const startedAt = Date.now();
  try {
    const result = await work();
    recordJobRun(job, { startedAt, ok: true, rows: rowsOf?.(result) });
    return result;
  } catch (error) {
    recordJobRun(job, { startedAt, ok: false });
    throw error;
  }
}
