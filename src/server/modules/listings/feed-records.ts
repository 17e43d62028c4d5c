/**
 * Normalized feed records (what the importer and the demo generator write) and the RESO Data
 * Dictionary mapping. Field names are the database columns.
 */

/** The room, address and position fields a listing and a sold comp share. */
interface FeedFacts {
  listing_key: string;
  beds: number | null;
  baths_full: number | null;
  baths_half: number | null;
  baths_three_quarter: number | null;
  area: number | null;
  address_full: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export interface ListingRecord extends FeedFacts {
  list_price: number;
  remarks: string;
  monthly_rent: number | null;
  rehab_estimate: number | null;
  arv_estimate: number | null;
  nightly_rate: number | null;
  /** YYYY-MM-DD: RESO OnMarketDate, else ListingContractDate; null when the feed gives neither. */
  on_market_date: string | null;
  /**
   * RESO CumulativeDaysOnMarket, else DaysOnMarket, when the feed gives no date: the upsert stores
   * the database's today less these days as the on-market date. Not a column of its own.
   */
  days_on_market: number | null;
  original_list_price: number | null;
  /** ISO timestamp: RESO PriceChangeTimestamp. */
  price_changed_at: string | null;
}

export interface SoldRecord extends FeedFacts {
  close_price: number;
  list_price: number | null;
  /** YYYY-MM-DD */
  close_date: string;
}

/** A closed residential lease (RESO PropertyType ResidentialLease, StandardStatus Closed). */
export interface LeaseRecord extends FeedFacts {
  /** The monthly rent it closed at (RESO ClosePrice). */
  rent: number;
  /** YYYY-MM-DD */
  close_date: string;
}

export type FeedRecord =
  { kind: 'listing'; record: ListingRecord } | { kind: 'sold'; record: SoldRecord } | { kind: 'lease'; record: LeaseRecord };

/**
 * A listing that left the market: a row whose StandardStatus is neither Active nor Closed (Withdrawn,
 * Expired, Canceled, Hold, Pending, Delete…). Its listing, if we have it, is marked off market.
 */
export interface OffMarketRecord {
  listing_key: string;
  /** As the feed says it (`Delete` reads `Deleted`), at most 40 characters. */
  status: string;
  /** ISO timestamp: RESO StatusChangeTimestamp; null when absent (the mark is then dated when written). */
  changed_at: string | null;
}

/** What a feed row is: a listing, a sale or a lease to write, or a listing to take off the market. */
export type ResoRecord = FeedRecord | { kind: 'off-market'; record: OffMarketRecord };

/** The room, address and position columns, in the order both column lists use. */
const FACT_COLUMNS = [
  'beds',
  'baths_full',
  'baths_half',
  'baths_three_quarter',
  'area',
  'address_full',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
] as const satisfies ReadonlyArray<keyof FeedFacts>;

/** The listing columns written as the feed gives them. */
export const LISTING_COLUMNS = [
  'listing_key',
  'list_price',
  'remarks',
  ...FACT_COLUMNS,
  'monthly_rent',
  'rehab_estimate',
  'arv_estimate',
  'nightly_rate',
] as const satisfies ReadonlyArray<keyof ListingRecord>;

/**
 * The listing's history as the feed gives it, merged by the upsert with what is stored (a feed
 * that omits them keeps the stored values; docs/listings.md, "Days on market and price history").
 */
export const LISTING_HISTORY_COLUMNS = [
  'on_market_date',
  'original_list_price',
  'price_changed_at',
] as const satisfies ReadonlyArray<keyof ListingRecord>;

/** Every field of a listing record, in the order the upsert's recordset declares them. */
export const LISTING_RECORD_FIELDS = [
  ...LISTING_COLUMNS,
  ...LISTING_HISTORY_COLUMNS,
  'days_on_market',
] as const satisfies ReadonlyArray<keyof ListingRecord>;

export const SOLD_COLUMNS = [
  'listing_key',
  'close_price',
  'list_price',
  'close_date',
  ...FACT_COLUMNS,
] as const satisfies ReadonlyArray<keyof SoldRecord>;

export const LEASE_COLUMNS = ['listing_key', 'rent', 'close_date', ...FACT_COLUMNS] as const satisfies ReadonlyArray<
  keyof LeaseRecord
>;

export const COLUMN_TYPES: Record<string, string> = {
  listing_key: 'text',
  rent: 'double precision',
  list_price: 'double precision',
  close_price: 'double precision',
  close_date: 'date',
  remarks: 'text',
  beds: 'integer',
  baths_full: 'integer',
  baths_half: 'integer',
  baths_three_quarter: 'integer',
  area: 'integer',
  address_full: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  latitude: 'double precision',
  longitude: 'double precision',
  monthly_rent: 'double precision',
  rehab_estimate: 'double precision',
  arv_estimate: 'double precision',
  nightly_rate: 'double precision',
  on_market_date: 'date',
  days_on_market: 'integer',
  original_list_price: 'double precision',
  price_changed_at: 'timestamptz',
};
