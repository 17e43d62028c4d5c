/**
 * HTTP load from a worker thread: `clients` concurrent callers run the jobs in turn and time each
 * (headers to last byte of every request, bodies decompressed). The callers run off the server's
 * thread, so what the figures charge to the API is the server's work, not the load generator's.
 *
 * A job is one URL, or a map search as the client makes it (`MapSearchJob`): the view's cluster
 * answer first, whose total decides between the best of the view (dense: more than `maxPaged`
 * properties) and the bounds pages followed to 'done'.
 */
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  /** Sorted latencies of the jobs, ms. */
  times: number[];
  seconds: number;
  bytes: number;
  /** Requests made (a map search makes two or more). */
  requests: number;
  /** Map searches answered with clusters (dense views). */
  dense: number;
}

export interface MapSearchJob {
  clusters: string;
  /** Asked with the clusters' answer when the view is dense (the list beside the map). */
  top: string;
  /** The first bounds page; later pages add `&next=`. */
  bounds: string;
  maxPaged: number;
}

export interface LoadOptions {
  /** Pause of each caller between its jobs, ms (a person looking at the answer); 0 by default. */
  thinkMs?: number;
}

const CALLERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { jobs, headers, clients, thinkMs } = workerData;
(async () => {
  const times = [];
  let next = 0;
  let bytes = 0;
  let requests = 0;
  let dense = 0;
  const get = async (url) => {
    const response = await fetch(url, { headers });
    const body = await response.text();
    requests++;
    if (response.status !== 200) throw new Error(url + ': ' + response.status + ' ' + body.slice(0, 200));
    bytes += body.length;
    return body;
  };
  const run = async (job) => {
    if (typeof job === 'string') return get(job);
    const total = JSON.parse(await get(job.clusters)).data.total;
    if (total > job.maxPaged) {
      dense++;
      return get(job.top);
    }
    let token;
    for (;;) {
      const page = JSON.parse(await get(token ? job.bounds + '&next=' + encodeURIComponent(token) : job.bounds)).data;
      if (page.next === 'done') return;
      token = page.next;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, caller) => {
    // Callers with a think time start spread over it, as people do.
    if (thinkMs) await new Promise((r) => setTimeout(r, (thinkMs * caller) / clients));
    for (;;) {
      const i = next++;
      if (i >= jobs.length) return;
      const t0 = performance.now();
      await run(jobs[i]);
      times.push(performance.now() - t0);
      if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs));
    }
  }));
  parentPort.postMessage({ times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, bytes, requests, dense });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

export function httpLoad(
  jobs: Array<string | MapSearchJob>,
  headers: Record<string, string>,
  clients: number,
  options: LoadOptions = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CALLERS, { eval: true, workerData: { jobs, headers, clients, thinkMs: options.thinkMs ?? 0 } });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
