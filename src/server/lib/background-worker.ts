import type { FastifyBaseLogger } from 'fastify';
import type { ClusterLocks } from '../db/cluster-lock';
import type { Database, Db } from '../db/database';
import type { NoticeSubscription } from '../db/notices';
import { inBackground } from '../http/busy';

/** What a worker gets from the app: the database with its notices and locks, a log, the clock and timings. */
export interface BackgroundWorkerOptions {
  db: Db;
  database: Pick<Database, 'kind' | 'listen'>;
  locks: ClusterLocks;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock of what is due (tests set the time). */
  now?: () => Date;
  pollMs?: number;
  /** After a failure, the next try waits this long. */
  retryMs?: number;
}

/**
 * A server's background job that looks for work on a timer and when a change notice kicks it: one
 * turn at a time, outside any request's scope; a kick during a turn runs one more after it.
 */
export abstract class BackgroundWorker {
  private timer: NodeJS.Timeout | null = null;
  private notices: NoticeSubscription | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  protected stopped = false;

  /** One look: whatever is due, done. */
  protected abstract turn(): Promise<void>;

  /** Whether a turn runs here now. */
  protected get turning(): boolean {
    return this.running !== null;
  }

  /** Subscribes to the notices (`listen`: null without them), starts the polling and looks at once. */
  protected startLooking(pollMs: number, listen: () => NoticeSubscription | null): void {
    if (this.timer || this.stopped) return;
    this.notices = listen();
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * startLooking with the notices of `channel` (PostgreSQL's LISTEN; none on PGlite): a notice, and
   * the subscription's (re)start, each kick a look; while the connection is down the polling looks.
   */
  protected startOnChannel(pollMs: number, database: Pick<Database, 'listen'>, channel: string): void {
    this.startLooking(
      pollMs,
      () =>
        database.listen?.(channel, {
          onNotice: () => this.kick(),
          onListening: () => this.kick(),
          onLost: () => undefined,
        }) ?? null,
    );
  }

  /** Looks now (or once more after the running turn); returns at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = inBackground(async () => {
      do {
        this.again = false;
        await this.turn();
      } while (this.again && !this.stopped);
    }).finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no turn is running here. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops polling and listening, and waits for the running turn (which sees `stopped`). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.notices?.close();
    this.notices = null;
    await this.idle();
  }
}
