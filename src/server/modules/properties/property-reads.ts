import { sql, type Selectable } from 'kysely';
import { markerColorFor } from '../../../shared/deal-status';
import type { Comp, LeaseComp, Property } from '../../../shared/schemas/property';
import type { Db } from '../../db/database';
import type { PropertiesTable } from '../../db/schema';

/**
 * GET /property/:id's property, GET /property/comps' sold comps and GET /property/lease-comps' leases,
 * as wire objects with the spec's field names.
 */

/** The columns of GET /property/:id: the spec's property fields and what the property page adds. */
const PROPERTY_COLUMNS = [
  'p.id',
  'p.list_price',
  'p.remarks',
  'p.beds',
  'p.baths_total',
  'p.baths_full',
  'p.baths_half',
  'p.baths_three_quarter',
  'p.area',
  'p.address_full',
  'p.city',
  'p.state',
  'p.zip',
  'p.longitude',
  'p.latitude',
  'p.marker_color',
  'p.comp_ids',
  'p.buy_hold',
  'p.brrrr',
  'p.fix_flip',
  'p.short_term',
  'p.deal_status',
  'p.confidence',
  'p.monthly_rent',
  'p.rehab_estimate',
  'p.arv_estimate',
  'p.nightly_rate',
  'p.inputs',
  'p.updated_at',
  'p.original_list_price',
  'p.price_cut_percent',
  'p.price_changed_at',
  'p.rent_estimate',
  'p.lease_comp_ids',
  'p.off_market_at',
  'p.off_market_status',
  'p.value_estimate',
] as const;

/** A column's name without its table alias: `p.area` → `area`. */
export type Column<C extends string> = C extends `p.${infer Name}` ? Name : never;
type PropertyRow = Pick<Selectable<PropertiesTable>, Column<(typeof PROPERTY_COLUMNS)[number]>> & {
  on_market_date: string | null;
  days_on_market: number | null;
  price_change_days: number | null;
};

/** The listing's dates as the wire has them (YYYY-MM-DD; days as of today). */
const DATE_COLUMNS = [
  sql<string | null>`p.on_market_date::text`.as('on_market_date'),
  sql<number | null>`(current_date - p.on_market_date)`.as('days_on_market'),
  sql<number | null>`(current_date - p.price_changed_at::date)`.as('price_change_days'),
];

export const DEFAULT_MARKER = markerColorFor('Market Price');

/** The estimate the engine used (stored inputs), else the feed's own. */
const used = (stored: number | undefined, feed: number | null): number | null => stored ?? feed;

function toProperty(p: PropertyRow): Property {
  return {
    _id: p.id,
    LatestListingPrice: p.list_price,
    PublicListingRemarks: p.remarks,
    BedroomsTotal: p.beds,
    BathroomsTotal: p.baths_total,
    BathroomsFull: p.baths_full,
    BathroomsHalf: p.baths_half,
    BathroomsThreeQuarter: p.baths_three_quarter,
    BuildingAreaTotal: p.area,
    PropertyAddressFull: p.address_full,
    PropertyAddressCity: p.city,
    PropertyAddressState: p.state,
    PropertyAddressZIP: p.zip,
    location: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    markerColor: p.marker_color ?? DEFAULT_MARKER,
    compIDs: p.comp_ids,
    BuyHoldResults: p.buy_hold,
    BRRRRResults: p.brrrr,
    FixFlipResults: p.fix_flip,
    ShortTermResults: p.short_term,
    dealStatus: p.deal_status,
    confidence: p.confidence,
    monthlyRent: used(p.inputs?.monthlyRent, p.monthly_rent),
    rentEstimate: p.rent_estimate,
    valueEstimate: p.value_estimate,
    leaseCompIds: p.lease_comp_ids,
    rehabEstimate: used(p.inputs?.rehabEstimate, p.rehab_estimate),
    arvEstimate: used(p.inputs?.arvEstimate, p.arv_estimate),
    nightlyRate: used(p.inputs?.nightlyRate, p.nightly_rate),
    updatedAt: p.updated_at.toISOString(),
    OnMarketDate: p.on_market_date,
    DaysOnMarket: p.days_on_market,
    OriginalListPrice: p.original_list_price,
    PriceCutPercent: p.price_cut_percent,
    PriceChangedAt: p.price_changed_at?.toISOString() ?? null,
    PriceChangeDays: p.price_change_days,
    priceHistory: [],
  };
}

/** One property with its market's assumption overrides (null when its city has no market or none are set). */
export async function findProperty(db: Db, id: string): Promise<Property | null> {
  const row = await db
    .selectFrom('properties as p')
    .select(PROPERTY_COLUMNS)
    .select(DATE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('price_history as h')
        .select(
          sql<string>`coalesce(json_agg(json_build_array(h.old_price, h.new_price, h.changed_at) order by h.changed_at, h.id), '[]')::text`.as(
            'h',
          ),
        )
        .whereRef('h.property_id', '=', 'p.id')
        .as('price_history'),
    )
    .select((eb) =>
      eb
        .selectFrom('markets as m')
        .select('m.assumptions')
        .where(sql<boolean>`lower(m.city) = lower(p.city) and upper(m.state) = upper(p.state) and m.assumptions <> '{}'::jsonb`)
        .limit(1)
        .as('market_assumptions'),
    )
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const history = JSON.parse(row.price_history ?? '[]') as Array<[number, number, string]>;
  return {
    ...toProperty(row),
    priceHistory: history.map(([oldPrice, newPrice, changedAt]) => ({
      oldPrice,
      newPrice,
      changedAt: new Date(changedAt).toISOString(),
    })),
    marketAssumptions: row.market_assumptions ?? null,
    offMarket: row.off_market_at
      ? { since: row.off_market_at.toISOString(), status: row.off_market_status ?? 'Off market' }
      : null,
  };
}

/** The room, address and position columns a sold comp and a lease share, and their wire fields. */
const FACT_COLUMNS = [
  'beds',
  'baths_total',
  'baths_full',
  'baths_half',
  'baths_three_quarter',
  'area',
  'address_full',
  'city',
  'state',
  'zip',
  'longitude',
  'latitude',
] as const;
type FactRow = Pick<Selectable<PropertiesTable>, (typeof FACT_COLUMNS)[number]>;

function factFields(s: FactRow) {
  return {
    BedroomsTotal: s.beds,
    BathroomsTotal: s.baths_total,
    BathroomsFull: s.baths_full,
    BathroomsHalf: s.baths_half,
    BathroomsThreeQuarter: s.baths_three_quarter,
    BuildingAreaTotal: s.area,
    PropertyAddressFull: s.address_full,
    PropertyAddressCity: s.city,
    PropertyAddressState: s.state,
    PropertyAddressZIP: s.zip,
    location: { type: 'Point' as const, coordinates: [s.longitude, s.latitude] as [number, number] },
  };
}

export async function findComps(db: Db, ids: string[]): Promise<Comp[]> {
  const rows = await db
    .selectFrom('sold_comps')
    .select(['id', 'close_price', 'list_price', sql<string>`close_date::text`.as('close_date'), ...FACT_COLUMNS])
    .where('id', 'in', ids)
    .execute();
  return rows.map((s) => ({
    _id: s.id,
    MLSSoldPrice: s.close_price,
    LatestListingPrice: s.list_price,
    closeDate: s.close_date,
    ...factFields(s),
  }));
}

export async function findLeaseComps(db: Db, ids: string[]): Promise<LeaseComp[]> {
  const rows = await db
    .selectFrom('leases')
    .select(['id', 'rent', sql<string>`close_date::text`.as('close_date'), ...FACT_COLUMNS])
    .where('id', 'in', ids)
    .execute();
  return rows.map((l) => ({ _id: l.id, monthlyRent: l.rent, closeDate: l.close_date, ...factFields(l) }));
}
