import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runBacktest } from '../../../shared/valuation/backtest';
import type { BacktestResult, ClosedRecord } from '../../../shared/valuation/backtest-rules';
import { parseClosedPage, textInterner } from '../../../shared/valuation/closed-page';

/**
 * The backtest's own thread (backtest-in-thread.ts starts it): the pages of closed records arrive as
 * the server reads them, then `run` estimates them all and answers the result. It never holds the
 * server's event loop, runs at the lowest CPU priority (on Linux a thread's nice value is its own),
 * and gives way while the server is busy: after each slice of work it rests in proportion to how
 * busy the server's event loop was (`busy`, per mille, which backtest-in-thread.ts keeps), so a
 * saturated server lends it a tenth of a core and an idle one all of it.
 */
export type BacktestThreadMessage = { type: 'page'; kind: 'value' | 'rent'; json: string } | { type: 'run' };

export type BacktestThreadAnswer = { type: 'done'; result: BacktestResult } | { type: 'failed'; message: string };

try {
  setPriority(19);
} catch {
  // Not allowed here (some containers): the thread still keeps the event loop free.
}

/** The server's event-loop utilisation of the last moment, per mille (written by the server). */
const busy = new Int32Array((workerData as { busy: SharedArrayBuffer }).busy);
/** Work between two looks at how busy the server is, ms. */
const SLICE_MS = 8;
/** The longest rest after a slice (a saturated server), ms. */
const MAX_REST_MS = 72;

let sliceStart = performance.now();
async function giveWay(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  const share = Atomics.load(busy, 0) / 1000;
  const rest = Math.min(MAX_REST_MS, (SLICE_MS * share) / Math.max(1 - share, 0.1));
  if (rest >= 1) await new Promise((resolve) => setTimeout(resolve, rest));
  sliceStart = performance.now();
}

const intern = textInterner();
const records: Record<'value' | 'rent', ClosedRecord[]> = { value: [], rent: [] };

parentPort?.on('message', (message: BacktestThreadMessage) => {
  if (message.type === 'page') {
    for (const record of parseClosedPage(message.json, intern)) records[message.kind].push(record);
    return;
  }
  sliceStart = performance.now();
  runBacktest({ sales: records.value, leases: records.rent }, giveWay).then(
    ({ salesAsOf, leasesAsOf, figures, counts }) => {
      const answer: BacktestThreadAnswer = { type: 'done', result: { salesAsOf, leasesAsOf, figures, counts } };
      parentPort?.postMessage(answer);
    },
    (error: unknown) => {
      const answer: BacktestThreadAnswer = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(answer);
    },
  );
});
