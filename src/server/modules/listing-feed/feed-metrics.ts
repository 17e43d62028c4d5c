import { Gauge } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/registry';

/** The listing feed's own metrics (its runs are the `listing-feed` job's: lib/metrics/job-metrics.ts). */

const reconciliationHeldBack = new Gauge({
  name: 'dealmap_listing_feed_reconciliation_held_back',
  help: '1 while the last reconciliation of the MLS listing feed was held back (it would have taken more of the listed listings off the map than RESO_RECONCILE_MAX_SHARE allows, so it wrote nothing), else 0',
  registers: [metricsRegistry],
  // With WORKERS=N every process reads the last reconciliation from the runs at each scheduled tick.
  aggregator: 'max',
});

/** The last reconciliation ended: held back, or not. */
export function noteReconciliation(heldBack: boolean): void {
  reconciliationHeldBack.set(heldBack ? 1 : 0);
}
