import { sql, type Selectable } from 'kysely';
import type { AccuracyTrigger, EstimateKind } from '../../../shared/schemas/accuracy';
import type { BacktestResult, MarketFigures } from '../../../shared/valuation/backtest-rules';
import type { Db } from '../../db/database';
import type { AccuracyFiguresTable, AccuracyRunsTable } from '../../db/schema';

/** The backtest's runs and figures (migration 0034): this module's tables. */

export type RunRow = Selectable<AccuracyRunsTable>;
export type FiguresRow = Selectable<AccuracyFiguresTable>;

/** Runs kept (with their figures); older ones are deleted when a run finishes. */
export const RUNS_KEPT = 30;
/** A run whose server has not written for this long died with it. */
export const STALE_RUN_MS = 10 * 60_000;

const figuresRow = (runId: number, f: MarketFigures) => ({
  run_id: runId,
  kind: f.kind,
  level: f.level,
  city: f.city,
  state: f.state,
  zip: f.zip,
  tested: f.tested,
  count: f.study?.count ?? 0,
  median_ratio: f.study?.medianRatio ?? null,
  cod: f.study?.cod ?? null,
  prd: f.study?.prd ?? null,
  median_abs_error: f.study?.medianAbsErrorPercent ?? null,
  within_5: f.study?.within5 ?? null,
  within_10: f.study?.within10 ?? null,
  within_20: f.study?.within20 ?? null,
  bias: f.study?.biasPercent ?? null,
  coverage: f.study?.coveragePercent ?? null,
  histogram: JSON.stringify(f.histogram),
  range_lower: f.bounds?.lower ?? null,
  range_upper: f.bounds?.upper ?? null,
  range_count: f.bounds?.count ?? null,
  range_basis: f.basis,
});

export function createAccuracyRepository(db: Db) {
  return {
    /** Records a new run (and marks failed the runs a dead server left running). */
    async startRun(trigger: AccuracyTrigger): Promise<number> {
      await db
        .updateTable('accuracy_runs')
        .set({ status: 'failed', error: 'The server running it stopped before it finished', finished_at: sql`now()` })
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', sql<Date>`now() - ${`${STALE_RUN_MS} milliseconds`}::interval`)
        .execute();
      const row = await db.insertInto('accuracy_runs').values({ trigger }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async heartbeat(id: number): Promise<void> {
      await db
        .updateTable('accuracy_runs')
        .set({ heartbeat_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Stores a run's figures and marks it succeeded with the fingerprint of the records it read, in one
     * transaction; drops the oldest runs beyond RUNS_KEPT.
     */
    async finishRun(id: number, result: BacktestResult, fingerprint: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const rows = result.figures.map((f) => figuresRow(id, f));
        for (let k = 0; k < rows.length; k += 500)
          await trx
            .insertInto('accuracy_figures')
            .values(rows.slice(k, k + 500))
            .execute();
        await trx
          .updateTable('accuracy_runs')
          .set({
            status: 'succeeded',
            fingerprint,
            finished_at: sql`now()`,
            heartbeat_at: sql`now()`,
            sales_as_of: result.salesAsOf,
            leases_as_of: result.leasesAsOf,
            sales_tested: result.counts.value.tested,
            sales_estimated: result.counts.value.estimated,
            leases_tested: result.counts.rent.tested,
            leases_estimated: result.counts.rent.estimated,
          })
          .where('id', '=', id)
          .execute();
        await sql`delete from accuracy_runs where id not in (select id from accuracy_runs order by id desc limit ${RUNS_KEPT})`.execute(
          trx,
        );
      });
    },

    async failRun(id: number, error: string): Promise<void> {
      await db
        .updateTable('accuracy_runs')
        .set({ status: 'failed', error, finished_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The last runs, newest first. */
    async runs(limit: number): Promise<RunRow[]> {
      return db.selectFrom('accuracy_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },

    async latestSucceeded(): Promise<RunRow | undefined> {
      return db
        .selectFrom('accuracy_runs')
        .selectAll()
        .where('status', '=', 'succeeded')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Whether a run is under way on some server (one that wrote within STALE_RUN_MS). */
    async runningNow(): Promise<RunRow | undefined> {
      return db
        .selectFrom('accuracy_runs')
        .selectAll()
        .where('status', '=', 'running')
        .where('heartbeat_at', '>=', sql<Date>`now() - ${`${STALE_RUN_MS} milliseconds`}::interval`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A run's figures over all and per market (not per ZIP). */
    async overviewFigures(runId: number): Promise<FiguresRow[]> {
      return db
        .selectFrom('accuracy_figures')
        .selectAll()
        .where('run_id', '=', runId)
        .where('level', '<>', 'zip')
        .orderBy('state')
        .orderBy('city')
        .orderBy('kind')
        .execute();
    },

    /** A market's figures (city and ZIPs) in a run; the city matched whatever its case. */
    async marketFigures(runId: number, city: string, state: string): Promise<FiguresRow[]> {
      return db
        .selectFrom('accuracy_figures')
        .selectAll()
        .where('run_id', '=', runId)
        .where('level', 'in', ['city', 'zip'])
        .where(sql<boolean>`lower(city) = lower(${city.trim()})`)
        .where('state', '=', state.trim().toUpperCase())
        .orderBy('kind')
        .orderBy('level')
        .orderBy('zip')
        .execute();
    },

    /** The city-level rows of both kinds for a market, and the all-markets rows, of the latest succeeded run. */
    async calibrationRows(city: string, state: string): Promise<Array<FiguresRow & { kind: EstimateKind }>> {
      return db
        .selectFrom('accuracy_figures as f')
        .selectAll('f')
        .where('f.run_id', '=', (eb) =>
          eb
            .selectFrom('accuracy_runs')
            .select(sql<number>`max(id)`.as('id'))
            .where('status', '=', 'succeeded'),
        )
        .where((eb) =>
          eb.or([
            eb('f.level', '=', 'all'),
            eb.and([
              eb('f.level', '=', 'city'),
              sql<boolean>`lower(f.city) = lower(${city.trim()})`,
              eb('f.state', '=', state.trim().toUpperCase()),
            ]),
          ]),
        )
        .execute();
    },
  };
}

export type AccuracyRepository = ReturnType<typeof createAccuracyRepository>;
