/**
 * HTTP load from a worker thread: `clients` concurrent callers run the jobs in turn and time each
 * (to the last byte of every answer). The callers run off the server's thread, but on the same two
 * cores: a URL job reads the answer's bytes as they come (counted, not decompressed or decoded: a
 * browser does that on its own machine), so what the figures charge to the API is the server's work;
 * a map search must read its answers (the total, the next page), so those are decompressed.
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
  /** Bytes read: as sent (compressed) for URL jobs, decoded characters for map searches. */
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
const http = require('node:http');
const { jobs, headers, clients, thinkMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
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
  /** The answer's bytes as sent (compressed), counted and dropped. */
  const getRaw = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers, agent }, (response) => {
          let n = 0;
          response.on('data', (chunk) => { n += chunk.length; });
          response.on('error', reject);
          response.on('end', () => {
            requests++;
            bytes += n;
            if (response.statusCode !== 200) reject(new Error(url + ': ' + response.statusCode));
            else resolve();
          });
        })
        .on('error', reject);
    });
  const run = async (job) => {
    if (typeof job === 'string') return getRaw(job);
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
  agent.destroy();
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
