import type { AccuracyTrigger } from '../../../shared/schemas/accuracy';
import { monthsBefore } from '../../../shared/stats';
import { runBacktest } from '../../../shared/valuation/backtest';
import { BACKTEST_RULES, type BacktestResult, type ClosedRecord } from '../../../shared/valuation/backtest-rules';
import { MODEL_RULES } from '../../../shared/valuation/market-model';
import type { Db } from '../../db/database';
import { yieldToRequests } from '../../http/busy';
import { closedRecordsFingerprint, newestClose, readClosedPage, type ModelKind } from '../listings';
import { createAccuracyRepository } from './repository';

/** Rows per read: a page short enough that requests waiting for PGlite's one connection are not held long. */
export const READ_PAGE = 5000;
/** The backtest yields to requests once it has held the event loop this long. */
const SLICE_MS = 8;

export class BacktestStopped extends Error {
  constructor() {
    super('The backtest stopped: the server is shutting down');
  }
}

export interface BacktestRunOptions {
  /** Stop early (server shutdown): the run is recorded as failed, the next start runs again. */
  shouldStop?: () => boolean;
  /** Each read page's and slice's wait between (the bench and tests set none). */
  yieldToRequests?: () => Promise<void>;
}

/**
 * The records the backtest needs of a kind: those that closed in the window it tests and in the
 * months its first subjects' comps and market models look back over.
 */
async function readClosed(db: Db, kind: ModelKind, between: () => Promise<void>): Promise<ClosedRecord[]> {
  const asOf = await newestClose(db, kind);
  const since = monthsBefore(asOf, BACKTEST_RULES.months + MODEL_RULES.windowMonths);
  const records: ClosedRecord[] = [];
  const texts = new Map<string, string>();
  const intern = (text: string) => {
    const known = texts.get(text);
    if (known !== undefined) return known;
    texts.set(text, text);
    return text;
  };
  let after: string | null = null;
  for (;;) {
    const page = await readClosedPage(db, kind, since, after, READ_PAGE, intern);
    for (const r of page) records.push(r);
    if (page.length < READ_PAGE) return records;
    after = page[page.length - 1].id;
    await between();
  }
}

/**
 * One backtest (docs/accuracy.md): reads the sales and leases, estimates each one of the last 12
 * months as of the day before it closed, and stores the figures with the run. Runs outside any
 * request, yielding to them every few milliseconds; a failure is recorded in words.
 */
export async function runAccuracyBacktest(
  db: Db,
  trigger: AccuracyTrigger,
  options: BacktestRunOptions = {},
): Promise<{ runId: number; result: BacktestResult }> {
  const repository = createAccuracyRepository(db);
  const runId = await repository.startRun(trigger);
  const yieldNow = options.yieldToRequests ?? yieldToRequests;
  let sliceStart = performance.now();
  let lastBeat = Date.now();
  const pause = async () => {
    if (options.shouldStop?.()) throw new BacktestStopped();
    if (performance.now() - sliceStart < SLICE_MS) return;
    await yieldNow();
    sliceStart = performance.now();
    if (Date.now() - lastBeat > 30_000) {
      lastBeat = Date.now();
      await repository.heartbeat(runId);
    }
  };
  try {
    const fingerprint = await closedRecordsFingerprint(db);
    const sales = await readClosed(db, 'value', pause);
    const leases = await readClosed(db, 'rent', pause);
    const result = await runBacktest({ sales, leases }, pause);
    await repository.finishRun(runId, result, fingerprint);
    return { runId, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repository.failRun(runId, `The backtest failed: ${message}`).catch(() => undefined);
    throw error;
  }
}
