import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runBacktest } from '../../../shared/valuation/backtest';
import type { BacktestResult, ClosedRecord } from '../../../shared/valuation/backtest-rules';
import { parseClosedPage, textInterner } from '../../../shared/valuation/closed-page';

/**
 * The backtest's own thread (backtest-in-thread.ts starts it): the pages of closed records arrive as
 * the server reads them, then `run` estimates them all and answers the result. It runs at the lowest
 * CPU priority (on Linux a thread's nice value is its own), so requests keep their cores while it
 * works, and it never holds the server's event loop.
 */
export type BacktestThreadMessage = { type: 'page'; kind: 'value' | 'rent'; json: string } | { type: 'run' };

export type BacktestThreadAnswer = { type: 'done'; result: BacktestResult } | { type: 'failed'; message: string };

try {
  setPriority(19);
} catch {
  // Not allowed here (some containers): the thread still keeps the event loop free.
}

const intern = textInterner();
const records: Record<'value' | 'rent', ClosedRecord[]> = { value: [], rent: [] };

parentPort?.on('message', (message: BacktestThreadMessage) => {
  if (message.type === 'page') {
    for (const record of parseClosedPage(message.json, intern)) records[message.kind].push(record);
    return;
  }
  runBacktest({ sales: records.value, leases: records.rent }).then(
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
