import type {
  AccuracyFigures,
  AccuracyOverview,
  AccuracyRun,
  AccuracyRunInfo,
  AccuracyStatus,
  AccuracyTrigger,
  EstimateKind,
  MarketAccuracy,
  MarketAccuracySummary,
  MarketKindAccuracy,
} from '../../../shared/schemas/accuracy';
import { BACKTEST_RULES } from '../../../shared/valuation/backtest-rules';
import type { MarketCalibration } from '../../../shared/valuation/ranges';
import type { Db } from '../../db/database';
import { nextNightly } from './accuracy-worker';
import { createAccuracyRepository, type FiguresRow, type RunRow } from './repository';

/** The backtest's stored figures as the API answers them (docs/accuracy.md; src/shared/schemas/accuracy.ts). */

const percent = (log: number) => Math.round((Math.exp(log) - 1) * 1000) / 10;

function figuresOf(row: FiguresRow): AccuracyFigures {
  return {
    tested: row.tested,
    count: row.count,
    medianRatio: row.median_ratio,
    cod: row.cod,
    prd: row.prd,
    medianAbsErrorPercent: row.median_abs_error,
    within5: row.within_5,
    within10: row.within_10,
    within20: row.within_20,
    biasPercent: row.bias,
    coveragePercent: row.coverage,
    range:
      row.range_lower !== null && row.range_upper !== null
        ? {
            lowerPercent: percent(row.range_lower),
            upperPercent: percent(row.range_upper),
            count: row.range_count ?? 0,
            basis: row.range_basis,
          }
        : null,
  };
}

const runInfo = (run: RunRow): AccuracyRunInfo => ({
  finishedAt: (run.finished_at ?? run.started_at).toISOString(),
  salesAsOf: run.sales_as_of,
  leasesAsOf: run.leases_as_of,
});

function runOf(run: RunRow): AccuracyRun {
  return {
    id: run.id,
    trigger: run.trigger as AccuracyTrigger,
    status: run.status,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
    durationMs: run.finished_at ? run.finished_at.getTime() - run.started_at.getTime() : null,
    error: run.error,
    salesTested: run.sales_tested,
    salesEstimated: run.sales_estimated,
    leasesTested: run.leases_tested,
    leasesEstimated: run.leases_estimated,
  };
}

/** A row's bounds as a range's calibration; null without bounds. */
function calibrationOf(row: FiguresRow | undefined, name: { city: string; state: string }): MarketCalibration | null {
  if (!row || row.range_lower === null || row.range_upper === null) return null;
  return { lower: row.range_lower, upper: row.range_upper, count: row.range_count ?? 0, basis: row.range_basis, ...name };
}

export function createAccuracyService(db: Db) {
  const repository = createAccuracyRepository(db);
  return {
    /** GET /accuracy: every market's figures and all markets' together, of the latest succeeded run. */
    async overview(): Promise<AccuracyOverview> {
      const run = await repository.latestSucceeded();
      if (!run) return { run: null, all: { value: null, rent: null }, markets: [] };
      const rows = await repository.overviewFigures(run.id);
      const all = { value: null as AccuracyFigures | null, rent: null as AccuracyFigures | null };
      const markets = new Map<string, MarketAccuracySummary>();
      for (const row of rows) {
        if (row.level === 'all') {
          all[row.kind] = figuresOf(row);
          continue;
        }
        const key = `${row.state}|${row.city}`;
        let market = markets.get(key);
        if (!market) markets.set(key, (market = { city: row.city, state: row.state, value: null, rent: null }));
        market[row.kind] = figuresOf(row);
      }
      const list = [...markets.values()].sort((a, b) => a.city.localeCompare(b.city) || a.state.localeCompare(b.state));
      return { run: runInfo(run), all, markets: list };
    },

    /** GET /accuracy/markets/:state/:city: null when the latest run has no such market. */
    async market(city: string, state: string): Promise<MarketAccuracy | null> {
      const run = await repository.latestSucceeded();
      if (!run) return null;
      const rows = await repository.marketFigures(run.id, city, state);
      const cityRows = rows.filter((r) => r.level === 'city');
      if (!cityRows.length) return null;
      const kindOf = (kind: EstimateKind): MarketKindAccuracy | null => {
        const row = cityRows.find((r) => r.kind === kind);
        if (!row) return null;
        return {
          figures: figuresOf(row),
          histogram: row.histogram,
          zips: rows.filter((r) => r.level === 'zip' && r.kind === kind).map((r) => ({ zip: r.zip, ...figuresOf(r) })),
        };
      };
      return {
        run: runInfo(run),
        city: cityRows[0].city,
        state: cityRows[0].state,
        value: kindOf('value'),
        rent: kindOf('rent'),
        minZipOutcomes: BACKTEST_RULES.minZipOutcomes,
      };
    },

    /** GET /admin/accuracy. */
    async status(hour: number, now: Date = new Date()): Promise<AccuracyStatus> {
      const runs = await repository.runs(10);
      const running = await repository.runningNow();
      const lastSuccess = await repository.latestSucceeded();
      const finished = runs.find((r) => r.status !== 'running');
      const state = running
        ? 'running'
        : !finished && !lastSuccess
          ? 'never'
          : finished?.status === 'failed'
            ? 'failing'
            : 'idle';
      return {
        state,
        lastSuccess: lastSuccess ? runOf(lastSuccess) : null,
        nextScheduledAt: nextNightly(now, hour).toISOString(),
        runs: runs.map(runOf),
      };
    },

    /**
     * The ranges' calibration of a market (its own bounds, else every market's with basis `pooled`),
     * per kind, from the latest succeeded run; null before the first.
     */
    async calibrations(city: string, state: string): Promise<Record<EstimateKind, MarketCalibration | null>> {
      const rows = await repository.calibrationRows(city, state);
      const pick = (kind: EstimateKind): MarketCalibration | null => {
        const own = rows.find((r) => r.kind === kind && r.level === 'city');
        const all = rows.find((r) => r.kind === kind && r.level === 'all');
        const name = own ? { city: own.city, state: own.state } : { city: city.trim(), state: state.trim().toUpperCase() };
        // A market the backtest did not see (no sales or leases in the window) takes every market's bounds.
        return calibrationOf(own ?? all, name);
      };
      return { value: pick('value'), rent: pick('rent') };
    },
  };
}

export type AccuracyService = ReturnType<typeof createAccuracyService>;
