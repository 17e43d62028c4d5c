import { sql, type Transaction } from 'kysely';
import { formatAddress } from '../../../shared/format';
import type { PipelineStageKey } from '../../../shared/pipeline';
import type { PipelineDeal, PipelineMove } from '../../../shared/schemas/pipeline';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';

/** What a deal keeps of its listing, so that it outlives it. */
export interface ListingSnapshot {
  id: string;
  listing_key: string;
  address_full: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  list_price: number;
}

/** `offerPrice` absent: kept; null: cleared. */
export interface DealChange {
  stage?: PipelineStageKey;
  offerPrice?: number | null;
}

/** A deal with its listing as it reads now (or as it last read, once removed). */
function selectDeals(db: Db | Transaction<Tables>) {
  return db
    .selectFrom('pipeline_deals as d')
    .leftJoin('properties as p', 'p.id', 'd.property_id')
    .select([
      'd.id',
      'd.property_id',
      'd.address',
      'd.city',
      'd.state',
      'd.zip',
      'd.latitude',
      'd.longitude',
      'd.stage',
      'd.offer_price',
      'd.stage_since',
      'd.created_at',
      sql<number | null>`coalesce(p.list_price, d.list_price)`.as('list_price'),
      // A removed listing that sold has a sold comp of the same key.
      sql<string>`case
        when p.id is not null then case when p.off_market_at is null then 'Active' else coalesce(p.off_market_status, 'Off market') end
        when exists (select 1 from sold_comps s where s.listing_key = d.listing_key) then 'Sold'
        else 'Removed' end`.as('listing_status'),
    ]);
}

type DealRow = Awaited<ReturnType<ReturnType<typeof selectDeals>['executeTakeFirstOrThrow']>>;

function toDeal(row: DealRow, moves: PipelineMove[]): PipelineDeal {
  return {
    _id: row.id,
    propertyId: row.property_id,
    // As the property page writes it (the feeds' addresses are often in capitals).
    address: formatAddress({ PropertyAddressFull: row.address }),
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    listPrice: row.list_price,
    listingStatus: row.listing_status,
    stage: row.stage,
    offerPrice: row.offer_price,
    stageSince: row.stage_since.toISOString(),
    addedAt: row.created_at.toISOString(),
    moves,
  };
}

/** The pipeline's tables (pipeline_deals, pipeline_moves): a user's deals and their moves. */
export function createPipelineRepository(db: Db) {
  async function movesOf(q: Db | Transaction<Tables>, userId: string, dealId?: string): Promise<Map<string, PipelineMove[]>> {
    let query = q
      .selectFrom('pipeline_moves as m')
      .innerJoin('pipeline_deals as d', 'd.id', 'm.deal_id')
      .select(['m.deal_id', 'm.stage', 'm.moved_at'])
      .where('d.user_id', '=', userId);
    if (dealId) query = query.where('d.id', '=', dealId);
    const byDeal = new Map<string, PipelineMove[]>();
    for (const m of await query.orderBy('m.id').execute()) {
      const list = byDeal.get(m.deal_id) ?? [];
      list.push({ stage: m.stage, movedAt: m.moved_at.toISOString() });
      byDeal.set(m.deal_id, list);
    }
    return byDeal;
  }

  async function findIn(q: Db | Transaction<Tables>, userId: string, id: string): Promise<PipelineDeal | null> {
    const row = await selectDeals(q).where('d.user_id', '=', userId).where('d.id', '=', id).executeTakeFirst();
    return row ? toDeal(row, (await movesOf(q, userId, id)).get(id) ?? []) : null;
  }

  /** Moves the deal to `change.stage` (a move recorded when it is another stage) and sets its offer price. */
  async function applyChange(trx: Transaction<Tables>, id: string, current: PipelineStageKey, change: DealChange): Promise<void> {
    const moving = change.stage !== undefined && change.stage !== current;
    await trx
      .updateTable('pipeline_deals')
      .set({
        updated_at: sql<Date>`now()`,
        ...(moving ? { stage: change.stage, stage_since: sql<Date>`now()` } : {}),
        ...(change.offerPrice !== undefined ? { offer_price: change.offerPrice } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (moving) await trx.insertInto('pipeline_moves').values({ deal_id: id, stage: change.stage! }).execute();
  }

  return {
    /** The user's deals, the latest moved first. */
    async list(userId: string): Promise<PipelineDeal[]> {
      const rows = await selectDeals(db)
        .where('d.user_id', '=', userId)
        .orderBy('d.stage_since', 'desc')
        .orderBy('d.id')
        .execute();
      const moves = await movesOf(db, userId);
      return rows.map((row) => toDeal(row, moves.get(row.id) ?? []));
    },

    find: (userId: string, id: string) => findIn(db, userId, id),

    async findByProperty(userId: string, propertyId: string): Promise<PipelineDeal | null> {
      const row = await db
        .selectFrom('pipeline_deals')
        .select('id')
        .where('user_id', '=', userId)
        .where('property_id', '=', propertyId)
        .executeTakeFirst();
      return row ? findIn(db, userId, row.id) : null;
    },

    async listing(propertyId: string): Promise<ListingSnapshot | undefined> {
      return db
        .selectFrom('properties')
        .select(['id', 'listing_key', 'address_full', 'city', 'state', 'zip', 'latitude', 'longitude', 'list_price'])
        .where('id', '=', propertyId)
        .executeTakeFirst();
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('pipeline_deals')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * Puts the listing in the user's pipeline at `change.stage`, or moves the deal it is in; its address
     * and price are refreshed. In one transaction; `created` says which it was.
     */
    async saveForListing(userId: string, listing: ListingSnapshot, change: DealChange & { stage: PipelineStageKey }) {
      return db.transaction().execute(async (trx) => {
        const snapshot = {
          property_id: listing.id,
          address: listing.address_full,
          city: listing.city,
          state: listing.state,
          zip: listing.zip,
          latitude: listing.latitude,
          longitude: listing.longitude,
          list_price: listing.list_price,
        };
        const inserted = await trx
          .insertInto('pipeline_deals')
          .values({
            user_id: userId,
            listing_key: listing.listing_key,
            stage: change.stage,
            offer_price: change.offerPrice ?? null,
            ...snapshot,
          })
          .onConflict((oc) => oc.columns(['user_id', 'listing_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          await trx.insertInto('pipeline_moves').values({ deal_id: inserted.id, stage: change.stage }).execute();
          return { created: true, deal: (await findIn(trx, userId, inserted.id))! };
        }
        const existing = await trx
          .updateTable('pipeline_deals')
          .set(snapshot)
          .where('user_id', '=', userId)
          .where('listing_key', '=', listing.listing_key)
          .returning(['id', 'stage'])
          .executeTakeFirstOrThrow();
        await applyChange(trx, existing.id, existing.stage, change);
        return { created: false, deal: (await findIn(trx, userId, existing.id))! };
      });
    },

    /** The deal changed, or null when the user has no such deal. */
    async update(userId: string, id: string, change: DealChange): Promise<PipelineDeal | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('pipeline_deals')
          .select(['id', 'stage'])
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        await applyChange(trx, row.id, row.stage, change);
        return findIn(trx, userId, id);
      });
    },

    /** Whether the user had the deal (its moves go with it). */
    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('pipeline_deals').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PipelineRepository = ReturnType<typeof createPipelineRepository>;
