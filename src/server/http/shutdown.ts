import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Whether the server has been told to stop: what /readyz reports (`stopping`, 503). */
export interface ShutdownState {
  readonly stopping: boolean;
}

export interface Shutdown extends ShutdownState {
  /** From now on /readyz answers 503 and every answer closes its connection. */
  begin(): void;
}

/**
 * The server's stop, as its answers show it: once begun, every answer not yet started (those in
 * flight too) carries `Connection: close`, so a proxy's kept-alive connections to this server end with
 * their next answer instead of being closed under it.
 */
export function watchShutdown(server: Server): Shutdown {
  let stopping = false;
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) return closeAfter(res);
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
      for (const res of unanswered) closeAfter(res);
      unanswered.clear();
    },
  };
}

export interface DrainOptions {
  /** How long the server keeps answering after the signal, /readyz at 503 (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** How long the requests in flight then get to finish (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  log: Pick<FastifyInstance['log'], 'info' | 'warn'>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After the server stops listening, the time a connection it has just accepted gets to send its request. */
const SETTLE_MS = 1000;

/**
 * A graceful stop (docs/deploy.md, "Upgrading"):
 * 1. `stopping`: /readyz answers 503 and every answer closes its connection; otherwise the server answers
 *    as before for `graceMs`, while load balancers that poll /readyz take it out and proxies' idle
 *    connections to it expire (nginx's upstream keepalive_timeout is shorter than the grace);
 * 2. it stops listening — a new connection is refused, which nginx tries on the next server whatever
 *    the request, since nothing was sent — closes the connections left idle, and lets the requests in
 *    flight finish, for up to `drainMs`;
 * 3. the app closes: background work stops and hands back its cluster locks, then the pool closes.
 */
export async function drainAndClose(app: FastifyInstance, shutdown: Shutdown, options: DrainOptions): Promise<void> {
  shutdown.begin();
  if (options.graceMs > 0) await sleep(options.graceMs);
  const { server } = app;
  const timers: NodeJS.Timeout[] = [];
  const drained = await Promise.race([
    // net's close, not http's: http's also closes the idle connections at once, a connection just
    // accepted among them, whose request (sent, not yet read) would be lost with it.
    new Promise<true>((resolve) => net.Server.prototype.close.call(server, () => resolve(true))),
    new Promise<false>((resolve) => {
      timers.push(setTimeout(() => server.closeIdleConnections(), Math.min(SETTLE_MS, options.drainMs)));
      timers.push(setTimeout(() => resolve(false), options.drainMs));
    }),
  ]);
  for (const timer of timers) clearTimeout(timer);
  if (!drained) {
    const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    options.log.warn(
      `Requests still running ${options.drainMs} ms after the server stopped listening: closing ${open} connection${open === 1 ? '' : 's'}`,
    );
    server.closeAllConnections();
  }
  await app.close();
}
