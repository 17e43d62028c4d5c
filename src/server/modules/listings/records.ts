/**
 * Normalized feed records (what the importer and the demo generator write) and the RESO Data
 * Dictionary mapping. Field names are the database columns.
 */
import { parseDate } from '../../lib/dates';

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

/**
 * RESO name → our field. `BathroomsTotalInteger` is ignored: the total is always
 * full + half + three-quarter. The estimate columns are not RESO; a feed may carry
 * them under these names (or the demo generator writes them). The on-market date is
 * `OnMarketDate`, else `ListingContractDate`, else today less `CumulativeDaysOnMarket`,
 * else less `DaysOnMarket` (listings only).
 */
export const RESO_FIELDS = {
  ListingKey: 'listing_key',
  StandardStatus: 'status',
  ListPrice: 'LatestListingPrice',
  ClosePrice: 'MLSSoldPrice',
  CloseDate: 'closeDate',
  PublicRemarks: 'PublicListingRemarks',
  BedroomsTotal: 'BedroomsTotal',
  BathroomsFull: 'BathroomsFull',
  BathroomsHalf: 'BathroomsHalf',
  BathroomsThreeQuarter: 'BathroomsThreeQuarter',
  LivingArea: 'BuildingAreaTotal',
  UnparsedAddress: 'PropertyAddressFull',
  City: 'PropertyAddressCity',
  StateOrProvince: 'PropertyAddressState',
  PostalCode: 'PropertyAddressZIP',
  Latitude: 'latitude',
  Longitude: 'longitude',
  EstimatedMonthlyRent: 'monthlyRent',
  RehabEstimate: 'rehabEstimate',
  ArvEstimate: 'arvEstimate',
  NightlyRateEstimate: 'nightlyRate',
  OnMarketDate: 'OnMarketDate',
  ListingContractDate: 'OnMarketDate',
  CumulativeDaysOnMarket: 'DaysOnMarket',
  DaysOnMarket: 'DaysOnMarket',
  OriginalListPrice: 'OriginalListPrice',
  PriceChangeTimestamp: 'PriceChangedAt',
  StatusChangeTimestamp: 'offMarketSince',
} as const;

export type RawRecord = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function text(v: unknown): string {
  return isBlank(v) ? '' : String(v).trim();
}

/** A value as a reason quotes it (at most 40 characters). */
const quoted = (v: unknown) => JSON.stringify(String(v)).slice(0, 40);

class Problems {
  readonly list: string[] = [];
  add(message: string) {
    this.list.push(message);
  }
}

function number(
  raw: RawRecord,
  field: string,
  p: Problems,
  opts: { required?: boolean; min?: number; max?: number; integer?: boolean } = {},
): number | null {
  const v = raw[field];
  if (isBlank(v)) {
    if (opts.required) p.add(`${field} is required`);
    return null;
  }
  let n: number;
  if (typeof v === 'number') n = v;
  else {
    const s = String(v).trim();
    n = Number(s.includes('$') || s.includes(',') ? s.replace(/[$,]/g, '') : s);
  }
  if (!Number.isFinite(n)) {
    p.add(`${field} is not a number: ${quoted(v)}`);
    return null;
  }
  if (opts.integer && !Number.isInteger(n)) {
    p.add(`${field} must be a whole number`);
    return null;
  }
  if (opts.min !== undefined && n < opts.min) {
    p.add(`${field} must be at least ${opts.min}`);
    return null;
  }
  if (opts.max !== undefined && n > opts.max) {
    p.add(`${field} must be at most ${opts.max}`);
    return null;
  }
  return n;
}

const MAX_PRICE = 1e9;
/** A listing on the market for longer than this (100 years) is a feed error. */
const MAX_DAYS_ON_MARKET = 36_500;
/** The earliest on-market date or price change accepted (a typo such as 1025 is not one). */
const EARLIEST_DATE = '1900-01-01';
/** A feed written in a time zone ahead of ours may be a day ahead; later than that is an error. */
const FUTURE_SLACK_MS = 86_400_000;

let latestAt = 0;
let latest = '';
/** The latest time a feed may give (a day from now) as an ISO string, made again once a minute. */
function latestAccepted(now: number): string {
  if (now - latestAt > 60_000) {
    latestAt = now;
    latest = new Date(now + FUTURE_SLACK_MS).toISOString();
  }
  return latest;
}

/** A date (YYYY-MM-DD) between 1900 and tomorrow, or null (blank, or a reason added). */
function pastDate(raw: RawRecord, field: string, p: Problems, now: number): string | null {
  const v = raw[field];
  if (isBlank(v)) return null;
  const date = parseDate(String(v));
  if (!date) p.add(`${field} is not a date: ${quoted(v)}`);
  else if (date < EARLIEST_DATE) p.add(`${field} is before 1900: ${date}`);
  else if (date > latestAccepted(now).slice(0, 10)) p.add(`${field} is in the future: ${date}`);
  else return date;
  return null;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** The form toISOString writes (and the demo data's feed): read as it is. */
const ISO_UTC = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * An ISO 8601 timestamp (`2025-10-01T14:30:00Z`, an offset such as `-05:00`, or none: UTC) or a
 * date (midnight UTC) as an ISO string in UTC; null when it is not one.
 */
export function parseTimestamp(value: string): string | null {
  const v = value.trim();
  const iso = ISO_UTC.exec(v);
  if (iso) return parseDate(iso[1]) === iso[1] ? v : null;
  const m = DATE_TIME.exec(v);
  if (!m) {
    const date = parseDate(v);
    return date && !/[T ]/.test(v) ? `${date}T00:00:00.000Z` : null;
  }
  const [, day, hours, minutes, seconds = '00', fraction = '', zone = 'Z'] = m;
  if (parseDate(day) !== day || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offset}`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** A timestamp between 1900 and a day from now, or null (blank, or a reason added). */
function pastTimestamp(raw: RawRecord, field: string, p: Problems, now: number): string | null {
  const v = raw[field];
  if (isBlank(v)) return null;
  const at = parseTimestamp(String(v));
  if (!at) p.add(`${field} is not a date and time: ${quoted(v)}`);
  else if (at < EARLIEST_DATE) p.add(`${field} is before 1900: ${at}`);
  else if (at > latestAccepted(now)) p.add(`${field} is in the future: ${at}`);
  else return at;
  return null;
}

/** A lease's monthly rent outside these bounds is a feed error (a sale price, or a weekly or a parking rent). */
export const LEASE_RENT = { min: 100, max: 100_000 } as const;

const RESIDENTIAL_LEASE = /^residentiallease$/i;

/** The status an off-market listing shows: the feed's, `Delete` as `Deleted`. */
const offMarketStatus = (status: string) => (/^delete$/i.test(status) ? 'Deleted' : status.slice(0, 40));

function offMarket(key: string, status: string, changed: unknown): OffMarketRecord {
  // A bad StatusChangeTimestamp does not keep a withdrawn listing on the map: the mark is dated now instead.
  const at = isBlank(changed) ? null : parseTimestamp(String(changed));
  const changedAt = at && at >= EARLIEST_DATE && at <= latestAccepted(Date.now()) ? at : null;
  return { listing_key: key, status: offMarketStatus(status), changed_at: changedAt };
}

/** The close date a sold comp and a lease require, or null (a reason added). */
function closeDate(raw: RawRecord, p: Problems): string | null {
  let date: string | null = null;
  if (isBlank(raw.CloseDate)) p.add('CloseDate is required');
  else if (!(date = parseDate(String(raw.CloseDate)))) p.add(`CloseDate is not a date: ${quoted(raw.CloseDate)}`);
  return date;
}

/**
 * One feed record (RESO names) → a listing, a sold comp, a lease or a listing gone off the market, or
 * the reasons it is rejected. StandardStatus Active → listing; Closed → sold comp; any other status
 * (Withdrawn, Expired, Canceled, Hold, Pending, Delete…) → off market: only its ListingKey is read
 * (and StatusChangeTimestamp, when it is a valid time). A row of PropertyType ResidentialLease is a
 * lease: imported only when Closed (ClosePrice its monthly rent); an active rental is not a listing
 * for sale, and any other status of it is rejected. Other property types are read by their status.
 * The file import and the MLS sync both read rows through here (docs/listings.md).
 */
export function fromReso(raw: RawRecord): { ok: true; value: ResoRecord } | { ok: false; reasons: string[] } {
  const p = new Problems();
  const key = text(raw.ListingKey);
  if (!key) p.add('ListingKey is required');
  else if (key.length > 255) p.add('ListingKey is longer than 255 characters');
  const status = text(raw.StandardStatus);
  const kind = /^active$/i.test(status) ? 'listing' : /^closed$/i.test(status) ? 'sold' : null;
  const lease = raw.PropertyType !== undefined && RESIDENTIAL_LEASE.test(text(raw.PropertyType));
  if (!status) p.add('StandardStatus is required');
  else if (lease && kind !== 'sold')
    p.add(
      `PropertyType ResidentialLease is imported only when Closed (a closed lease); StandardStatus "${status.slice(0, 40)}" is not: active rentals are not listings for sale`,
    );
  else if (!kind) {
    if (p.list.length) return { ok: false, reasons: p.list };
    return { ok: true, value: { kind: 'off-market', record: offMarket(key, status, raw.StatusChangeTimestamp) } };
  }

  const latitude = number(raw, 'Latitude', p, { required: true, min: -90, max: 90 });
  const longitude = number(raw, 'Longitude', p, { required: true, min: -180, max: 180 });
  const beds = number(raw, 'BedroomsTotal', p, { min: 0, max: 100, integer: true });
  const bathsFull = number(raw, 'BathroomsFull', p, { min: 0, max: 100, integer: true });
  const bathsHalf = number(raw, 'BathroomsHalf', p, { min: 0, max: 100, integer: true });
  const bathsTq = number(raw, 'BathroomsThreeQuarter', p, { min: 0, max: 100, integer: true });
  const areaRaw = number(raw, 'LivingArea', p, { min: 1, max: 1_000_000 });
  const area = areaRaw === null ? null : Math.round(areaRaw);
  // Copied field by field into the record below rather than spread into it: with the spread, making a
  // record and serialising it for the upsert took ~8 µs a row more (measured on the bench's feed).
  const common = {
    listing_key: key,
    beds,
    baths_full: bathsFull,
    baths_half: bathsHalf,
    baths_three_quarter: bathsTq,
    area,
    address_full: text(raw.UnparsedAddress),
    city: text(raw.City),
    state: text(raw.StateOrProvince).toUpperCase(),
    zip: text(raw.PostalCode),
    latitude: latitude as number,
    longitude: longitude as number,
  };

  if (lease) {
    if (kind !== 'sold') return { ok: false, reasons: p.list };
    const rent = number(raw, 'ClosePrice', p, { required: true });
    if (rent !== null && (rent < LEASE_RENT.min || rent > LEASE_RENT.max))
      p.add(
        `ClosePrice of a lease is its monthly rent: must be from ${LEASE_RENT.min} to ${LEASE_RENT.max.toLocaleString('en-US')}, not ${rent}`,
      );
    const date = closeDate(raw, p);
    if (p.list.length) return { ok: false, reasons: p.list };
    // The facts grow into the lease in place: as fast as the copies below (a spread is not).
    const record = common as LeaseRecord;
    record.rent = rent as number;
    record.close_date = date as string;
    return { ok: true, value: { kind: 'lease', record } };
  }
  if (kind === 'sold') {
    const closePrice = number(raw, 'ClosePrice', p, { required: true, min: 1, max: MAX_PRICE });
    const listPrice = number(raw, 'ListPrice', p, { min: 1, max: MAX_PRICE });
    const date = closeDate(raw, p);
    if (p.list.length) return { ok: false, reasons: p.list };
    return {
      ok: true,
      value: {
        kind: 'sold',
        record: {
          listing_key: common.listing_key,
          beds: common.beds,
          baths_full: common.baths_full,
          baths_half: common.baths_half,
          baths_three_quarter: common.baths_three_quarter,
          area: common.area,
          address_full: common.address_full,
          city: common.city,
          state: common.state,
          zip: common.zip,
          latitude: common.latitude,
          longitude: common.longitude,
          close_price: closePrice as number,
          list_price: listPrice,
          close_date: date as string,
        },
      },
    };
  }
  const listPrice = number(raw, 'ListPrice', p, { required: true, min: 1, max: MAX_PRICE });
  const monthlyRent = number(raw, 'EstimatedMonthlyRent', p, { min: 0, max: 10_000_000 });
  const rehab = number(raw, 'RehabEstimate', p, { min: 0, max: MAX_PRICE });
  const arv = number(raw, 'ArvEstimate', p, { min: 1, max: MAX_PRICE });
  const nightly = number(raw, 'NightlyRateEstimate', p, { min: 0, max: 1_000_000 });
  const now = Date.now();
  const onMarket = pastDate(raw, 'OnMarketDate', p, now);
  const contract = isBlank(raw.OnMarketDate) ? pastDate(raw, 'ListingContractDate', p, now) : null;
  const days = { min: 0, max: MAX_DAYS_ON_MARKET, integer: true };
  const cumulativeDays = number(raw, 'CumulativeDaysOnMarket', p, days);
  const listingDays = number(raw, 'DaysOnMarket', p, days);
  const onMarketDate = onMarket ?? contract;
  const originalPrice = number(raw, 'OriginalListPrice', p, { min: 1, max: MAX_PRICE });
  const priceChangedAt = pastTimestamp(raw, 'PriceChangeTimestamp', p, now);
  if (p.list.length) return { ok: false, reasons: p.list };
  return {
    ok: true,
    value: {
      kind: 'listing',
      record: {
        listing_key: common.listing_key,
        beds: common.beds,
        baths_full: common.baths_full,
        baths_half: common.baths_half,
        baths_three_quarter: common.baths_three_quarter,
        area: common.area,
        address_full: common.address_full,
        city: common.city,
        state: common.state,
        zip: common.zip,
        latitude: common.latitude,
        longitude: common.longitude,
        list_price: listPrice as number,
        remarks: text(raw.PublicRemarks),
        monthly_rent: monthlyRent,
        rehab_estimate: rehab,
        arv_estimate: arv,
        nightly_rate: nightly,
        on_market_date: onMarketDate,
        days_on_market: onMarketDate === null ? (cumulativeDays ?? listingDays) : null,
        original_list_price: originalPrice,
        price_changed_at: priceChangedAt,
      },
    },
  };
}
