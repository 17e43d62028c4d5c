import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './registry';

const ASK = 'dealmap:metrics';
const ANSWER = 'dealmap:metrics-answer';
/** A scrape gets an error rather than hanging when the workers do not answer in this time. */
const ASK_LIMIT_MS = 5000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  contentType?: string;
  error?: string;
}

/**
 * In the primary of WORKERS=N: answers a worker's request for the whole server's metrics with every
 * worker's summed up (prom-client's cluster aggregator asks each worker for its registry).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text, contentType: aggregator.contentType } satisfies Answer),
      (error: unknown) =>
        worker.send({
          type: ANSWER,
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Answer),
    );
  });
}

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();
let answering = false;

/** In a worker: this process's registry is the one the primary's aggregator collects. */
function answerThePrimary(): void {
  if (answering) return;
  answering = true;
  AggregatorRegistry.setRegistries([metricsRegistry]);
  // Its constructor adds the worker's listener for the primary's requests.
  new AggregatorRegistry();
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
}

if (cluster.isWorker) answerThePrimary();

/**
 * The metrics a scrape gets: this process's, or with WORKERS=N every worker's summed up by the
 * primary (one scrape, the whole server), whichever worker the scrape reached.
 */
export async function currentMetrics(): Promise<{ text: string; contentType: string }> {
  if (!cluster.isWorker || !process.send) {
    return { text: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
  }
  const id = ++asked;
  const answer = await new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the server processes did not send their metrics in time'));
    }, ASK_LIMIT_MS);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      resolve(a);
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
  if (answer.error !== undefined || answer.text === undefined) {
    throw new Error(`the server processes' metrics could not be gathered: ${answer.error ?? 'no answer'}`);
  }
  return { text: answer.text, contentType: answer.contentType ?? metricsRegistry.contentType };
}
