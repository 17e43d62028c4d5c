import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { AlertReason } from '../../../../shared/vocabulary';
import type { MailService } from '../../mail';
import { buildAlertMail, type MailSearch } from './alert-mail';
import { addressLine, previousPriceSql } from '../notifications/notifications-repository';
import { MAX_SEARCHES_PER_TOKEN, signUnsubscribeToken } from '../unsubscribe/unsubscribe-token';

/**
 * The alert e-mails (docs/map-search.md, "Alerts"), sent by the running server's mail (SMTP_URL, else
 * its outbox), never by a command-line tool:
 * - instant searches: at most one e-mail per user per INSTANT_SPACING_MS, with every match of the
 *   user's instant searches not e-mailed yet (the first match goes at once, the ones after it wait
 *   for the spacing to end and go together);
 * - daily searches: one digest per user at the digest hour of the server's time zone
 *   (ALERT_DIGEST_HOUR), with every daily match not e-mailed yet; a server that was down then sends
 *   it when it is back.
 *
 * A crash never loses an e-mail and repeats one at most once: the e-mail is sent first, then one
 * transaction marks its matches e-mailed and records the sending. A crash between the two sends it
 * again after the restart (the matches are still unmarked); a failed send marks nothing, and the
 * worker tries again after a pause.
 */

export const INSTANT_SPACING_MS = 5 * 60_000;
/** Matches listed per search in one e-mail; the rest are counted ("and N more") and marked e-mailed too. */
export const MATCHES_LISTED_PER_SEARCH = 25;
/** Users e-mailed per round (a round is repeated while more are due). */
const USERS_PER_ROUND = 200;

export type AlertKind = 'instant' | 'daily';

/** The latest digest time at or before `now`: today's ALERT_DIGEST_HOUR:00 in the server's zone, else yesterday's. */
export function latestDigestTime(now: Date, hour: number): Date {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at.getTime() > now.getTime()) at.setDate(at.getDate() - 1);
  at.setHours(hour, 0, 0, 0);
  return at;
}

export interface DeliveryContext {
  db: Db;
  mail: MailService;
  /** The secret the unsubscribe tokens are signed with (JWT_SECRET). */
  secret: string;
  publicUrl: string;
}

interface BatchRow {
  search_id: string;
  search_name: string;
  strategy: string | null;
  min_coc: number | null;
  /** The search's waiting matches, and the latest one's time (those up to it are marked e-mailed). */
  total: number;
  /** As text: a JavaScript Date would drop its microseconds. */
  last_at: string;
  property_id: string;
  address_full: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  reason: AlertReason;
  price: number;
  previous_price: number | null;
  cash_on_cash: number | null;
  infinite: boolean;
}

interface Batch {
  to: string;
  searches: MailSearch[];
  /** Each search of the e-mail with the time of its latest match: what the e-mail covers. */
  covers: Array<{ searchId: string; lastAt: string }>;
}

/**
 * What one user is sent now: the first MATCHES_LISTED_PER_SEARCH waiting matches of each search (the
 * others counted), searches in the order of their oldest waiting match; those past the token's limit
 * wait for the next e-mail.
 */
async function readBatch(db: Db, userId: string, kind: AlertKind): Promise<Batch | null> {
  const user = await db.selectFrom('users').select(['username', 'active']).where('id', '=', userId).executeTakeFirst();
  if (!user?.active) return null;
  const rows = await sql<BatchRow>`
    with waiting as (
      select m.id, m.search_id, m.property_id, m.reason, m.price, m.cut_price, m.cash_on_cash, m.matched_at,
        row_number() over (partition by m.search_id order by m.matched_at, m.id) as rn,
        count(*) over (partition by m.search_id) as total,
        min(m.matched_at) over (partition by m.search_id) as first_at,
        max(m.matched_at) over (partition by m.search_id) as last_at
      from alert_matches m
      join saved_searches s on s.id = m.search_id
      where m.user_id = ${userId} and m.emailed_at is null and s.alert = ${kind}
    )
    select m.search_id, s.name as search_name, s.strategy, s.min_coc, m.total::int as total, m.last_at::text as last_at,
      m.property_id, p.address_full, p.city, p.state, p.zip, p.latitude, p.longitude, m.reason, m.price,
      ${previousPriceSql} as previous_price, m.cash_on_cash,
      (m.cash_on_cash is null and case s.strategy when 'buyHold' then p.buy_hold_coc when 'brrrr' then p.brrrr_coc
        when 'fixFlip' then p.fix_flip_coc when 'shortTerm' then p.short_term_coc end = 'Infinity'::float8) is true as infinite
    from waiting m
    join saved_searches s on s.id = m.search_id
    join properties p on p.id = m.property_id
    where m.rn <= ${MATCHES_LISTED_PER_SEARCH}
    order by m.first_at, m.search_id, m.rn`.execute(db);
  if (!rows.rows.length) return null;
  const bySearch = new Map<string, { search: MailSearch; lastAt: string }>();
  for (const row of rows.rows) {
    let entry = bySearch.get(row.search_id);
    if (!entry) {
      if (bySearch.size >= MAX_SEARCHES_PER_TOKEN) break;
      entry = {
        search: {
          id: row.search_id,
          name: row.search_name,
          strategy: row.strategy,
          minCoc: row.min_coc,
          matches: [],
          more: row.total,
          unsubscribeToken: '',
        },
        lastAt: row.last_at,
      };
      bySearch.set(row.search_id, entry);
    }
    entry.search.more--;
    entry.search.matches.push({
      propertyId: row.property_id,
      address: addressLine(row),
      latitude: row.latitude,
      longitude: row.longitude,
      reason: row.reason,
      price: row.price,
      previousPrice: row.previous_price,
      cashOnCash: row.cash_on_cash,
      cashOnCashInfinite: row.infinite,
    });
  }
  const entries = [...bySearch.values()];
  return {
    to: user.username,
    searches: entries.map((e) => e.search),
    covers: entries.map((e) => ({ searchId: e.search.id, lastAt: e.lastAt })),
  };
}

/** Sends one user's e-mail of this kind, then marks its matches e-mailed. False when nothing was waiting. */
export async function sendUserAlerts(ctx: DeliveryContext, userId: string, kind: AlertKind, now: Date): Promise<boolean> {
  const batch = await readBatch(ctx.db, userId, kind);
  if (!batch) return false;
  for (const search of batch.searches) search.unsubscribeToken = signUnsubscribeToken(ctx.secret, [search.id]);
  const message = buildAlertMail({
    to: batch.to,
    kind,
    searches: batch.searches,
    unsubscribeToken: signUnsubscribeToken(
      ctx.secret,
      batch.searches.map((s) => s.id),
    ),
    publicUrl: ctx.publicUrl,
  });
  await ctx.mail.send(message);
  await ctx.db.transaction().execute(async (trx) => {
    // Matches are recorded only under the alerts lock this delivery holds: none came after the read.
    await sql`
      update alert_matches m set emailed_at = ${now}
      from json_to_recordset(${JSON.stringify(batch.covers)}::json) as c("searchId" uuid, "lastAt" timestamptz)
      where m.user_id = ${userId} and m.search_id = c."searchId" and m.emailed_at is null and m.matched_at <= c."lastAt"`.execute(
      trx,
    );
    const sent = kind === 'instant' ? { instant_sent_at: now } : { digest_sent_at: now };
    await trx
      .insertInto('alert_mailings')
      .values({ user_id: userId, ...sent })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(sent))
      .execute();
  });
  return true;
}

/** Users whose instant e-mail is due now: matches wait and their last instant e-mail is older than the spacing. */
async function usersDueInstant(db: Db, now: Date, skip: readonly string[]): Promise<string[]> {
  const since = new Date(now.getTime() - INSTANT_SPACING_MS);
  const result = await sql<{ user_id: string }>`
    select distinct m.user_id from alert_matches m
    join saved_searches s on s.id = m.search_id and s.alert = 'instant'
    join users u on u.id = m.user_id and u.active
    left join alert_mailings g on g.user_id = m.user_id
    where m.emailed_at is null and (g.instant_sent_at is null or g.instant_sent_at <= ${since})
      and not (m.user_id = any(${`{${skip.join(',')}}`}::uuid[]))
    limit ${USERS_PER_ROUND}`.execute(db);
  return result.rows.map((r) => r.user_id);
}

/** When the next instant e-mail becomes due: the earliest end of a waiting user's spacing; null when none waits. */
async function nextInstantDue(db: Db, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - INSTANT_SPACING_MS);
  const result = await sql<{ due: Date | null }>`
    select min(g.instant_sent_at) + ${`${INSTANT_SPACING_MS} milliseconds`}::interval as due
    from alert_matches m
    join saved_searches s on s.id = m.search_id and s.alert = 'instant'
    join users u on u.id = m.user_id and u.active
    join alert_mailings g on g.user_id = m.user_id
    where m.emailed_at is null and g.instant_sent_at > ${since}`.execute(db);
  return result.rows[0]?.due ?? null;
}

/** Users with daily matches waiting who were not sent the digest of `digestTime` yet. */
async function usersDueDigest(db: Db, digestTime: Date, skip: readonly string[]): Promise<string[]> {
  const result = await sql<{ user_id: string }>`
    select distinct m.user_id from alert_matches m
    join saved_searches s on s.id = m.search_id and s.alert = 'daily'
    join users u on u.id = m.user_id and u.active
    left join alert_mailings g on g.user_id = m.user_id
    where m.emailed_at is null and (g.digest_sent_at is null or g.digest_sent_at < ${digestTime})
      and not (m.user_id = any(${`{${skip.join(',')}}`}::uuid[]))
    limit ${USERS_PER_ROUND}`.execute(db);
  return result.rows.map((r) => r.user_id);
}

export interface DeliveryResult {
  instant: number;
  digests: number;
}

/** Some alert e-mails could not be sent (the others were): the worker waits a while, then tries those again. */
export class AlertDeliveryError extends Error {
  constructor(failed: number, cause: unknown) {
    super(
      `${failed} alert e-mail${failed === 1 ? '' : 's'} could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'AlertDeliveryError';
  }
}

/** Sends one e-mail to each user `due` names (round after round), past the users whose sending fails. */
async function sendToEach(
  ctx: DeliveryContext,
  kind: AlertKind,
  now: Date,
  due: (skip: readonly string[]) => Promise<string[]>,
): Promise<{ sent: number; failed: unknown[] }> {
  const skip: string[] = [];
  const failed: unknown[] = [];
  let sent = 0;
  for (;;) {
    const users = await due(skip);
    for (const userId of users) {
      try {
        if (await sendUserAlerts(ctx, userId, kind, now)) sent++;
      } catch (error) {
        skip.push(userId);
        failed.push(error);
      }
    }
    if (users.length < USERS_PER_ROUND) return { sent, failed };
  }
}

/**
 * Sends the e-mails due at `now` and records when the next instant one is due. A user whose e-mail
 * fails does not hold up the others; the failures are thrown at the end (AlertDeliveryError), their
 * e-mails still due: the worker tries them again after a pause.
 */
export async function deliverDue(
  ctx: DeliveryContext,
  options: { now: Date; digestHour: number; instantDue: boolean; digestDoneFor: Date | null },
): Promise<DeliveryResult> {
  const { now } = options;
  const sent: DeliveryResult = { instant: 0, digests: 0 };
  const failed: unknown[] = [];
  if (options.instantDue) {
    const instant = await sendToEach(ctx, 'instant', now, (skip) => usersDueInstant(ctx.db, now, skip));
    sent.instant = instant.sent;
    failed.push(...instant.failed);
    const next = instant.failed.length ? now : await nextInstantDue(ctx.db, now);
    await ctx.db.updateTable('alert_state').set({ instant_due_at: next }).execute();
  }
  const digestTime = latestDigestTime(now, options.digestHour);
  if (!options.digestDoneFor || options.digestDoneFor.getTime() < digestTime.getTime()) {
    const digests = await sendToEach(ctx, 'daily', now, (skip) => usersDueDigest(ctx.db, digestTime, skip));
    sent.digests = digests.sent;
    failed.push(...digests.failed);
    if (!digests.failed.length) await ctx.db.updateTable('alert_state').set({ digest_done_for: digestTime }).execute();
  }
  if (failed.length) throw new AlertDeliveryError(failed.length, failed[0]);
  return sent;
}
