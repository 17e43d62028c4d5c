import type { AccuracyTrigger } from '../../../shared/schemas/accuracy';
import { monthsBefore } from '../../../shared/stats';
import { BACKTEST_RULES, type BacktestResult } from '../../../shared/valuation/backtest-rules';
import { MODEL_RULES } from '../../../shared/valuation/market-model';
import type { Db } from '../../db/database';
import { yieldToRequests } from '../../http/busy';
import { closedRecordsFingerprint, newestClose, readClosedPageText, type ModelKind } from '../listings';
import { startBacktestThread, type BacktestThread } from './backtest-in-thread';
import { createAccuracyRepository } from './repository';

/** Rows per read: a page short enough that requests waiting for PGlite's one connection are not held long. */
export const READ_PAGE = 5000;
/** How often a running backtest says it is alive (a run without a heartbeat is taken as lost). */
const HEARTBEAT_MS = 30_000;
/** How often the server looks whether the backtest must stop (a shutdown) while its thread works. */
const STOP_POLL_MS = 100;

export class BacktestStopped extends Error {
  constructor() {
    super('The backtest stopped: the server is shutting down');
  }
}

export interface BacktestRunOptions {
  /** Stop early (server shutdown): the run is recorded as failed, the next start runs again. */
  shouldStop?: () => boolean;
  /** The wait between two read pages (the bench and tests set none). */
  yieldToRequests?: () => Promise<void>;
}

/**
 * Sends the records of a kind the backtest needs to its thread, a page at a time: those that closed
 * in the window it tests and in the months its first subjects' comps and market models look back over.
 */
async function sendClosed(db: Db, kind: ModelKind, thread: BacktestThread, between: () => Promise<void>): Promise<void> {
  const asOf = await newestClose(db, kind);
  const since = monthsBefore(asOf, BACKTEST_RULES.months + MODEL_RULES.windowMonths);
  let after: string | null = null;
  for (;;) {
    const page = await readClosedPageText(db, kind, since, after, READ_PAGE);
    thread.page(kind, page.json);
    if (page.count < READ_PAGE) return;
    after = page.lastId;
    await between();
  }
}

/**
 * One backtest (docs/accuracy.md): reads the sales and leases, estimates each one of the last 12
 * months as of the day before it closed, and stores the figures with the run; a failure is recorded
 * in words. The server only reads and writes: the estimates run on a thread of their own at the
 * lowest CPU priority (backtest-thread.ts), so requests are not slowed.
 */
export async function runAccuracyBacktest(
  db: Db,
  trigger: AccuracyTrigger,
  options: BacktestRunOptions = {},
): Promise<{ runId: number; result: BacktestResult }> {
  const repository = createAccuracyRepository(db);
  const runId = await repository.startRun(trigger);
  const yieldNow = options.yieldToRequests ?? yieldToRequests;
  const stopped = () => options.shouldStop?.() === true;
  const between = async () => {
    if (stopped()) throw new BacktestStopped();
    await yieldNow();
  };
  const thread = startBacktestThread();
  const heartbeat = setInterval(() => void repository.heartbeat(runId).catch(() => undefined), HEARTBEAT_MS);
  let watch: NodeJS.Timeout | undefined;
  try {
    const fingerprint = await closedRecordsFingerprint(db);
    await sendClosed(db, 'value', thread, between);
    await sendClosed(db, 'rent', thread, between);
    if (stopped()) throw new BacktestStopped();
    const halted = new Promise<never>((_resolve, reject) => {
      watch = setInterval(() => {
        if (stopped()) reject(new BacktestStopped());
      }, STOP_POLL_MS);
    });
    halted.catch(() => undefined);
    const result = await Promise.race([thread.run(), halted]);
    await repository.finishRun(runId, result, fingerprint);
    return { runId, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repository.failRun(runId, `The backtest failed: ${message}`).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
    clearInterval(watch);
    await thread.stop();
  }
}
