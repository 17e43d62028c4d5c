import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

/** What an app's database looks like to the metrics, read at each scrape. */
export interface DatabaseMetricsSource {
  /** Each pool: 'primary', or a read replica's address without its password. */
  pools(): Array<{ pool: string; size: number; inUse: number; waiting: number }>;
  replicas(): Array<{ replica: string; usable: boolean; lagMs: number | null }>;
}

const sources = new Set<DatabaseMetricsSource>();

/** Shows `source` in the metrics until the returned function is called (the app closes). */
export function watchDatabase(source: DatabaseMetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

const poolGauge = (name: string, help: string, read: (p: ReturnType<DatabaseMetricsSource['pools']>[number]) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const source of sources) for (const p of source.pools()) this.inc({ pool: p.pool }, read(p));
    },
  });

poolGauge('dealmap_db_pool_size', 'Connections a database pool may open (PG_POOL_SIZE; PGlite: 1)', (p) => p.size);
poolGauge('dealmap_db_pool_in_use', 'Connections of a database pool lent to a query or transaction now', (p) => p.inUse);
poolGauge('dealmap_db_pool_waiting', 'Callers waiting for a connection of a database pool now', (p) => p.waiting);

new Gauge({
  name: 'dealmap_db_replica_lag_seconds',
  help: "How far a read replica is behind its primary at its last check (absent while it doesn't answer)",
  labelNames: ['replica'] as const,
  registers: [metricsRegistry],
  aggregator: 'max',
  collect() {
    this.reset();
    for (const source of sources) {
      for (const r of source.replicas()) if (r.lagMs !== null) this.set({ replica: r.replica }, r.lagMs / 1000);
    }
  },
});

new Gauge({
  name: 'dealmap_db_replica_usable',
  help: 'Whether reads go to a replica (1: up and within DATABASE_READ_MAX_LAG_MS; 0: they go to the primary)',
  labelNames: ['replica'] as const,
  registers: [metricsRegistry],
  aggregator: 'min',
  collect() {
    this.reset();
    for (const source of sources) for (const r of source.replicas()) this.set({ replica: r.replica }, r.usable ? 1 : 0);
  },
});

const reads = new Counter({
  name: 'dealmap_db_reads_total',
  help: "Reads that may be a moment behind (searches, comps, geocoding), by where they were answered: 'primary' or a replica",
  labelNames: ['target'] as const,
  registers: [metricsRegistry],
});

/** A replica-eligible read answered by `target` ('primary' or the replica's address). */
export const countRead = (target: string): void => reads.inc({ target });
