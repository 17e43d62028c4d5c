import { sql } from 'kysely';
import type { AlertNotification, NotificationsAnswer } from '../../../../shared/schemas/alerts';
import { formatAddress } from '../../../../shared/format';
import type { AlertReason } from '../../../../shared/vocabulary';
import type { Db } from '../../../db/database';
import { createWatchRepository, type WatchNotification } from '../../pipeline';

/**
 * The in-app notifications: a user's alert matches and their watched pipeline deals' news (the pipeline
 * module's), newest first, read and unread (docs/investor-api.md).
 */

/** The most notifications GET /notifications lists. */
export const NOTIFICATIONS_LISTED = 50;

/** A cut's price before it: the old price of the latest recorded cut to the alert's price (`m`: an alert_matches row). */
export const previousPriceSql = sql<number | null>`(case when m.reason = 'price_cut' then (
  select h.old_price from price_history h
  where h.property_id = m.property_id and h.new_price = m.cut_price and h.new_price < h.old_price
  order by h.changed_at desc, h.id desc limit 1) end)`;

interface NotificationRow {
  id: string;
  search_id: string;
  search_name: string;
  strategy: string | null;
  property_id: string;
  address_full: string;
  city: string;
  state: string;
  zip: string;
  reason: AlertReason;
  price: number;
  previous_price: number | null;
  cash_on_cash: number | null;
  matched_at: Date;
  read_at: Date | null;
}

/** A property's address as a line: street, city, state and ZIP (formatAddress). */
export const addressLine = (p: { address_full: string; city: string; state: string; zip: string }): string =>
  formatAddress({
    PropertyAddressFull: p.address_full,
    PropertyAddressCity: p.city,
    PropertyAddressState: p.state,
    PropertyAddressZIP: p.zip,
  });

export function createNotificationsRepository(db: Db) {
  const watch = createWatchRepository(db);
  return {
    /** The newest notifications of a user and how many of all theirs are unread. */
    async list(userId: string, limit = NOTIFICATIONS_LISTED): Promise<NotificationsAnswer> {
      const watched = await watch.list(userId, limit);
      const rows = await sql<NotificationRow>`
        select m.id, m.search_id, s.name as search_name, s.strategy, m.property_id, p.address_full, p.city, p.state, p.zip,
          m.reason, m.price, ${previousPriceSql} as previous_price, m.cash_on_cash, m.matched_at, m.read_at
        from alert_matches m
        join saved_searches s on s.id = m.search_id
        join properties p on p.id = m.property_id
        where m.user_id = ${userId}
        order by m.matched_at desc, m.id desc
        limit ${limit}`.execute(db);
      const unread = await sql<{ n: number }>`
        select count(*)::int as n from alert_matches where user_id = ${userId} and read_at is null`.execute(db);
      const notifications = [...rows.rows.map(toNotification), ...watched.notifications.map(fromWatch)]
        .sort((a, b) => b.matchedAt.localeCompare(a.matchedAt) || b._id.localeCompare(a._id))
        .slice(0, limit);
      return { notifications, unread: unread.rows[0].n + watched.unread };
    },

    /** Marks every notification of the user read; returns how many were unread. */
    async markAllRead(userId: string): Promise<number> {
      const result = await db
        .updateTable('alert_matches')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) + (await watch.markAllRead(userId));
    },

    /** Marks one notification of the user read (already read stays as it was); false when the user has no such one. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const result = await db
        .updateTable('alert_matches')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 || (await watch.markRead(userId, id));
    },
  };
}

function toNotification(row: NotificationRow): AlertNotification {
  return {
    _id: row.id,
    searchId: row.search_id,
    searchName: row.search_name,
    dealId: null,
    stage: null,
    propertyId: row.property_id,
    address: addressLine(row),
    reason: row.reason,
    price: row.price,
    previousPrice: row.previous_price,
    cashOnCash: row.cash_on_cash,
    strategy: row.strategy,
    status: null,
    compAddress: null,
    matchedAt: row.matched_at.toISOString(),
    read: row.read_at !== null,
  };
}

function fromWatch(n: WatchNotification): AlertNotification {
  return {
    _id: n.id,
    searchId: null,
    searchName: null,
    dealId: n.dealId,
    stage: n.stage,
    propertyId: n.propertyId,
    address: n.address,
    reason: n.reason,
    price: n.price,
    previousPrice: n.previousPrice,
    cashOnCash: null,
    strategy: null,
    status: n.status,
    compAddress: n.compAddress,
    matchedAt: n.at.toISOString(),
    read: n.read,
  };
}
