import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { BacktestResult } from '../../../shared/valuation/backtest-rules';
import { PACKAGE_ROOT } from '../../lib/app-config';
import type { BacktestThreadAnswer, BacktestThreadMessage } from './backtest-thread';

/**
 * The backtest's thread, fed the pages of closed records as they are read (backtest-thread.ts), and
 * told ten times a second how busy the server's event loop is, so it gives way to requests.
 */
export interface BacktestThread {
  page(kind: 'value' | 'rent', json: string): void;
  /** Estimates every record sent; rejects when the thread fails or is stopped. */
  run(): Promise<BacktestResult>;
  stop(): Promise<void>;
}

/**
 * Built, the thread is the compiled backtest-thread.js beside this file; run from TypeScript (tests,
 * ts-node), it compiles its source as it loads, as the process does.
 */
function startWorker(workerData: { busy: SharedArrayBuffer }): Worker {
  if (__filename.endsWith('.js')) return new Worker(path.join(__dirname, 'backtest-thread.js'), { workerData });
  const source = path.join(__dirname, 'backtest-thread.ts');
  const tsNode = path.join(PACKAGE_ROOT, 'node_modules', 'ts-node');
  const project = path.join(PACKAGE_ROOT, 'tsconfig.json');
  return new Worker(
    `require(${JSON.stringify(tsNode)}).register({ project: ${JSON.stringify(project)}, transpileOnly: true }); require(${JSON.stringify(source)});`,
    { eval: true, workerData },
  );
}

/** How often the server tells the thread how busy its event loop is, ms. */
const BUSY_SAMPLE_MS = 100;

export function startBacktestThread(): BacktestThread {
  const busy = new SharedArrayBuffer(4);
  const worker = startWorker({ busy });
  const shared = new Int32Array(busy);
  let last = performance.eventLoopUtilization();
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    Atomics.store(shared, 0, Math.round(performance.eventLoopUtilization(now, last).utilization * 1000));
    last = now;
  }, BUSY_SAMPLE_MS);
  sampler.unref();
  worker.once('exit', () => clearInterval(sampler));
  let ended: Error | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const failure = new Promise<never>((_resolve, reject) => {
    worker.once('error', (error) => reject((ended = error)));
    worker.once('exit', (code) => reject((ended ??= new Error(`The backtest's thread stopped (exit code ${code})`))));
  });
  failure.catch(() => undefined);
  const send = (message: BacktestThreadMessage) => {
    if (ended) throw ended;
    worker.postMessage(message);
  };
  return {
    page: (kind, json) => send({ type: 'page', kind, json }),
    async run() {
      const answer = new Promise<BacktestThreadAnswer>((resolve) => worker.once('message', resolve));
      send({ type: 'run' });
      const result = await Promise.race([answer, failure]);
      if (result.type === 'failed') throw new Error(result.message);
      return result.result;
    },
    async stop() {
      ended ??= new Error("The backtest's thread was stopped");
      await worker.terminate();
      await exited;
    },
  };
}
