import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './lib/metrics/cluster-metrics';

/** How long the workers get to finish their requests at shutdown before they are killed (index.ts passes its own). */
export const WORKERS_STOP_MS = 25_000;
/**
 * What the primary waits beyond the workers' own stop limit before it kills them. Each worker times
 * its stop itself (index.ts, the same limit) from when the signal reaches it, a moment after the
 * primary's clock started: with one deadline for both, a worker that used its whole budget (a full
 * drain, a slow pool close) would be SIGKILLed just before it finished, and the primary would exit 1
 * for a stop that was in time. With the margin the worker ends by itself first (cleanly, or giving up
 * with its own message); the primary's kill is left for a worker that hangs past its own limit.
 */
export const PRIMARY_STOP_MARGIN_MS = 5000;
/** A worker that dies sooner than this after it started counts as failing to start. */
const QUICK_DEATH_MS = 10_000;
/** Workers failing to start this many times in a row stop the server (a bad setting, not bad luck). */
const QUICK_DEATHS_TO_GIVE_UP = 5;

/**
 * The primary process of WORKERS=N (N > 1): runs N server processes (node:cluster) that share the
 * port, restarts one that dies, and on SIGTERM or SIGINT stops them all (each closes cleanly: it
 * stops taking connections, finishes its requests, and closes its database pool), then exits.
 * `stopMs` is the workers' own stop limit; the primary kills those left PRIMARY_STOP_MARGIN_MS later.
 * Several servers on one PostgreSQL database behave as one (the database holds what they share:
 * rate limits, re-pricing, the start's seed; docs/deploy.md).
 */
export function runWorkers(count: number, stopMs = WORKERS_STOP_MS): void {
  let stopping = false;
  let exitCode = 0;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= QUICK_DEATHS_TO_GIVE_UP) {
      console.error(`Server processes keep failing at start (${quickDeaths} in a row); stopping. See the errors above.`);
      stop('failure', 1);
      return;
    }
    console.error(`A server process (pid ${worker.process.pid}) ended (${signal ?? `exit code ${code}`}); starting another`);
    fork();
  });

  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (reason !== 'failure') console.log(`${reason} received, stopping ${startedAt.size} server processes`);
    if (startedAt.size === 0) process.exit(exitCode);
    // Ctrl-C reaches the workers too; SIGTERM drains them (SHUTDOWN_GRACE_MS, docs/deploy.md).
    for (const worker of startedAt.keys()) worker.process.kill(reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    const force = setTimeout(() => {
      console.error('Server processes took too long to stop; killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, stopMs + PRIMARY_STOP_MARGIN_MS);
    force.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // A scrape of /metrics reaches one worker, which asks here for every worker's figures summed up.
  serveClusterMetrics();
  for (let i = 0; i < count; i++) fork();
}

/** In a worker of WORKERS=N: its number (1…N at first start; a restarted worker gets the next). */
export const workerNumber = (): number | null => (cluster.isWorker ? cluster.worker!.id : null);
