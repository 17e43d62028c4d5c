import { sql } from 'kysely';
import { formatAddress } from '../../../shared/format';
import { WATCHED_STAGES, type PipelineStageKey, type WatchReason } from '../../../shared/pipeline';
import type { Db } from '../../db/database';

/**
 * A watched deal's listing news (pipeline_alerts, docs/portfolio.md "Watched properties"): the alert
 * worker runs a pass after each listing change; the bell lists them beside the saved searches' alerts.
 */

/** What one pass recorded, by reason. */
export type WatchCounts = Record<WatchReason, number>;

/** One watched deal's news, as the bell shows it. */
export interface WatchNotification {
  id: string;
  dealId: string;
  propertyId: string | null;
  address: string;
  stage: PipelineStageKey;
  reason: WatchReason;
  price: number | null;
  previousPrice: number | null;
  status: string | null;
  compAddress: string | null;
  at: Date;
  read: boolean;
}

const watchedStages = sql.join(WATCHED_STAGES.map((s) => sql`${s}`));

/**
 * Records what each watched deal's listing did since the deal was added, each once (the table's unique
 * key: a pass over the same listings adds nothing), in one statement:
 * - a price cut: the latest cut to the price the listing has now, made after the deal was added;
 * - a status change: the listing went off the market (its feed status: Pending, Withdrawn…) after the
 *   deal was added, or left Dealmap (a sale's comp carries its listing key: Sold, else Removed);
 * - a new comp: a sold comp among the listing's comps that Dealmap recorded after the deal was added.
 */
export async function recordWatchNews(db: Db): Promise<WatchCounts> {
  const result = await sql<{ reason: WatchReason; n: number }>`
    with watched as materialized (
      select d.id, d.user_id, d.property_id, d.listing_key, d.created_at from pipeline_deals d
      where d.stage in (${watchedStages})
    ),
    news as (
      select w.id as deal_id, w.user_id, 'price_cut' as reason, p.list_price::text as key, p.list_price::float8 as price,
        h.old_price::float8 as previous_price, null::text as status, null::text as comp_address
      from watched w
      join properties p on p.id = w.property_id
      cross join lateral (select h.old_price, h.changed_at from price_history h
        where h.property_id = p.id and h.new_price < h.old_price and h.new_price = p.list_price
        order by h.changed_at desc, h.id desc limit 1) h
      where h.changed_at > w.created_at
      union all
      select w.id, w.user_id, 'status_change', s.status, s.price, null, s.status, null
      from watched w
      left join properties p on p.id = w.property_id
      left join lateral (select c.close_price from sold_comps c where c.listing_key = w.listing_key
        order by c.close_date desc limit 1) sold on w.property_id is null
      cross join lateral (select case
          when p.id is not null then case when p.off_market_at > w.created_at then coalesce(p.off_market_status, 'Off market') end
          when sold.close_price is not null then 'Sold'
          else 'Removed' end as status,
        sold.close_price::float8 as price) s
      where s.status is not null
      union all
      select w.id, w.user_id, 'new_comp', c.id::text, c.close_price::float8, null, null, c.address_full
      from watched w
      join properties p on p.id = w.property_id
      join sold_comps c on c.id = any(p.comp_ids)
      where c.created_at > w.created_at
    ),
    inserted as (
      insert into pipeline_alerts (deal_id, user_id, reason, key, price, previous_price, status, comp_address)
      select deal_id, user_id, reason, key, price, previous_price, status, comp_address from news
      on conflict (deal_id, reason, key) do nothing
      returning reason
    )
    select reason, count(*)::int as n from inserted group by reason`.execute(db);
  const counts: WatchCounts = { price_cut: 0, status_change: 0, new_comp: 0 };
  for (const row of result.rows) counts[row.reason] = row.n;
  return counts;
}

export function createWatchRepository(db: Db) {
  return {
    /** The newest news of a user's watched deals, and how many of theirs are unread. */
    async list(userId: string, limit: number): Promise<{ notifications: WatchNotification[]; unread: number }> {
      const rows = await db
        .selectFrom('pipeline_alerts as a')
        .innerJoin('pipeline_deals as d', 'd.id', 'a.deal_id')
        .select([
          'a.id',
          'a.deal_id',
          'd.property_id',
          'd.address',
          'd.stage',
          'a.reason',
          'a.price',
          'a.previous_price',
          'a.status',
          'a.comp_address',
          'a.created_at',
          'a.read_at',
        ])
        .where('a.user_id', '=', userId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
      const unread = await db
        .selectFrom('pipeline_alerts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          dealId: row.deal_id,
          propertyId: row.property_id,
          address: formatAddress({ PropertyAddressFull: row.address }),
          stage: row.stage,
          reason: row.reason,
          price: row.price,
          previousPrice: row.previous_price,
          status: row.status,
          compAddress: row.comp_address === null ? null : formatAddress({ PropertyAddressFull: row.comp_address }),
          at: row.created_at,
          read: row.read_at !== null,
        })),
        unread: unread.n,
      };
    },

    /** Marks all the user's watch news read; returns how many were unread. */
    async markAllRead(userId: string): Promise<number> {
      const result = await db
        .updateTable('pipeline_alerts')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks one of the user's news read; false when the user has no such one. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const result = await db
        .updateTable('pipeline_alerts')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
