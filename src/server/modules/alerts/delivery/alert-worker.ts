import { yieldToRequests } from '../../../http/busy';
import { BackgroundWorker, type BackgroundWorkerOptions } from '../../../lib/background-worker';
import { timeJob } from '../../../lib/metrics/job-metrics';
import { LISTINGS_CHANNEL } from '../../listings';
import { recordWatchNews } from '../../pipeline';
import { passWaiting, readAlertWork, type AlertWork } from './alert-state';
import { deliverDue, latestDigestTime, type DeliveryContext, type DeliveryResult } from './delivery';
import { runMatchingPass, type PassResult } from './matcher';

/** How often the worker looks at the change signal and the delivery's schedule. */
export const DEFAULT_ALERT_POLL_MS = 3000;
/** After a failure (a pass, or a send), the worker waits this long before trying again. */
export const DEFAULT_ALERT_RETRY_MS = 60_000;
/** Passes run back to back at most this many times in one turn (listings keep changing meanwhile). */
const PASSES_PER_TURN = 3;

export interface AlertWorkerOptions extends BackgroundWorkerOptions {
  delivery: DeliveryContext;
  /** ALERT_DIGEST_HOUR. */
  digestHour: number;
  /** Changed listings per matching statement. */
  batchSize?: number;
}

const dueDigest = (work: AlertWork, now: Date, hour: number) =>
  !work.digestDoneFor || work.digestDoneFor.getTime() < latestDigestTime(now, hour).getTime();

/**
 * The running server's alerts (docs/map-search.md, "Alerts"): it notices listing changes — a notice on
 * PostgreSQL (LISTEN), and a look at the change row every `pollMs` (the only way on PGlite, where
 * `npm run import` runs while the server is stopped: the start's first look finds its changes) —
 * matches them against the saved searches (matcher.ts) and sends the e-mails that are due
 * (delivery.ts). Before each pass it records the watched pipeline deals' news (the pipeline's
 * recordWatchNews: idempotent, so a pass that fails after it loses nothing). Several servers on one database: whichever takes the 'alerts' lock does the work,
 * one at a time; a server that finds it taken looks again at its next turn. Requests never wait for
 * it: it runs outside their scope, in short statements with a yield between them. A stop (server
 * shutdown) ends after the current statement; an unfinished pass is redone by the next start.
 */
export class AlertWorker extends BackgroundWorker {
  private pausedUntil = 0;
  /** PostgreSQL: the change notices arrive (false before they do, and while their connection is down). */
  listening = false;
  /** What this server's passes and deliveries did since start (tests, logs). */
  passes: PassResult[] = [];
  sent: DeliveryResult = { instant: 0, digests: 0 };

  constructor(private readonly options: AlertWorkerOptions) {
    super();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Listens (PostgreSQL), starts the polling and takes a first look at once. */
  start(): void {
    const { database, log } = this.options;
    this.startLooking(
      this.options.pollMs ?? DEFAULT_ALERT_POLL_MS,
      () =>
        database.listen?.(LISTINGS_CHANNEL, {
          onNotice: () => this.kick(),
          // Notices missed while the connection was down: look now.
          onListening: () => {
            this.listening = true;
            this.kick();
          },
          onLost: (error) => {
            if (this.listening) {
              log?.warn({ err: error }, 'Listing change notices lost: the alerts look every few seconds until they are back');
            }
            this.listening = false;
          },
        }) ?? null,
    );
  }

  /** One turn now, awaited (tests, and the bench): a pass if one waits, then the e-mails due. */
  async runOnce(): Promise<void> {
    await this.idle();
    this.kick();
    await this.idle();
  }

  protected async turn(): Promise<void> {
    if (Date.now() < this.pausedUntil) return;
    const { db, locks, log } = this.options;
    try {
      const work = await readAlertWork(db);
      const now = this.now();
      const instantDue = work.instantDueAt !== null && work.instantDueAt.getTime() <= now.getTime();
      if (!passWaiting(work) && !instantDue && !dueDigest(work, now, this.options.digestHour)) return;
      await locks.tryRun('alerts', () => this.work());
    } catch (error) {
      if (this.stopped) return;
      this.pausedUntil = Date.now() + (this.options.retryMs ?? DEFAULT_ALERT_RETRY_MS);
      log?.error({ err: error }, 'Saved-search alerts failed; trying again in a minute');
    }
  }

  /** Under the 'alerts' lock: the passes waiting, then the e-mails due. */
  private async work(): Promise<void> {
    const { db, database, log } = this.options;
    let work = await readAlertWork(db);
    for (let n = 0; n < PASSES_PER_TURN && passWaiting(work) && !this.stopped; n++) {
      const news = await recordWatchNews(db);
      const newsCount = news.price_cut + news.status_change + news.new_comp;
      if (newsCount > 0) {
        log?.info(
          `Pipeline watch: ${newsCount} news (${news.price_cut} price cuts, ${news.status_change} status changes, ${news.new_comp} new comps)`,
        );
      }
      const pass = await timeJob(
        'alert-matching',
        () =>
          runMatchingPass(db, {
            kind: database.kind,
            now: this.now(),
            batchSize: this.options.batchSize,
            pause: yieldToRequests,
            shouldStop: () => this.stopped,
          }),
        (p) => p.matches.new + p.matches.price_cut + p.matches.now_pays,
      );
      if (this.stopped) return;
      this.passes.push(pass);
      const found = pass.matches.new + pass.matches.price_cut + pass.matches.now_pays;
      if (found > 0) {
        log?.info(
          `Saved-search alerts: ${found} new matches (${pass.matches.new} new, ${pass.matches.price_cut} price cuts, ${pass.matches.now_pays} now paying) among ${pass.changed} changed listings in ${Math.round(pass.seconds * 1000)} ms`,
        );
      }
      work = await readAlertWork(db);
    }
    const now = this.now();
    const instantDue = work.instantDueAt !== null && work.instantDueAt.getTime() <= now.getTime();
    if (this.stopped || (!instantDue && !dueDigest(work, now, this.options.digestHour))) return;
    const sent = await timeJob(
      'alert-delivery',
      () =>
        deliverDue(this.options.delivery, {
          now,
          digestHour: this.options.digestHour,
          instantDue,
          digestDoneFor: work.digestDoneFor,
        }),
      (s) => s.instant + s.digests,
    );
    this.sent.instant += sent.instant;
    this.sent.digests += sent.digests;
  }
}
