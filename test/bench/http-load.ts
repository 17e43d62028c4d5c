/**
 * HTTP load from a worker thread: `clients` concurrent callers fetch the URLs in turn and time each
 * answer (headers to last byte, body decompressed). The callers run off the server's thread, so
 * what the figures charge to the API is the server's work, not the load generator's.
 */
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  /** Sorted latencies, ms. */
  times: number[];
  seconds: number;
  bytes: number;
}

const CALLERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers, clients } = workerData;
(async () => {
  const times = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    for (;;) {
      const i = next++;
      if (i >= urls.length) return;
      const t0 = performance.now();
      const response = await fetch(urls[i], { headers });
      const body = await response.text();
      times.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(urls[i] + ': ' + response.status + ' ' + body.slice(0, 200));
      bytes += body.length;
    }
  }));
  parentPort.postMessage({ times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, bytes });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

export function httpLoad(urls: string[], headers: Record<string, string>, clients: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CALLERS, { eval: true, workerData: { urls, headers, clients } });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
