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
}

export interface SoldRecord extends FeedFacts {
  close_price: number;
  list_price: number | null;
  /** YYYY-MM-DD */
  close_date: string;
}

export type FeedRecord = { kind: 'listing'; record: ListingRecord } | { kind: 'sold'; record: SoldRecord };

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

export const SOLD_COLUMNS = [
  'listing_key',
  'close_price',
  'list_price',
  'close_date',
  ...FACT_COLUMNS,
] as const satisfies ReadonlyArray<keyof SoldRecord>;

export const COLUMN_TYPES: Record<string, string> = {
  listing_key: 'text',
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
};

/**
 * RESO name → our field. `BathroomsTotalInteger` is ignored: the total is always
 * full + half + three-quarter. The estimate columns are not RESO; a feed may carry
 * them under these names (or the demo generator writes them).
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
} as const;

export type RawRecord = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function text(v: unknown): string {
  return isBlank(v) ? '' : String(v).trim();
}

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
    p.add(`${field} is not a number: ${JSON.stringify(String(v)).slice(0, 40)}`);
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

/**
 * One feed record (RESO names) → a listing or a sold comp, or the reasons it is rejected.
 * StandardStatus Active → listing; Closed → sold comp; anything else is rejected.
 */
export function fromReso(raw: RawRecord): { ok: true; value: FeedRecord } | { ok: false; reasons: string[] } {
  const p = new Problems();
  const key = text(raw.ListingKey);
  if (!key) p.add('ListingKey is required');
  else if (key.length > 255) p.add('ListingKey is longer than 255 characters');
  const status = text(raw.StandardStatus);
  const kind = /^active$/i.test(status) ? 'listing' : /^closed$/i.test(status) ? 'sold' : null;
  if (!status) p.add('StandardStatus is required');
  else if (!kind) p.add(`StandardStatus "${status.slice(0, 40)}" is not imported (only Active and Closed)`);

  const latitude = number(raw, 'Latitude', p, { required: true, min: -90, max: 90 });
  const longitude = number(raw, 'Longitude', p, { required: true, min: -180, max: 180 });
  const beds = number(raw, 'BedroomsTotal', p, { min: 0, max: 100, integer: true });
  const bathsFull = number(raw, 'BathroomsFull', p, { min: 0, max: 100, integer: true });
  const bathsHalf = number(raw, 'BathroomsHalf', p, { min: 0, max: 100, integer: true });
  const bathsTq = number(raw, 'BathroomsThreeQuarter', p, { min: 0, max: 100, integer: true });
  const areaRaw = number(raw, 'LivingArea', p, { min: 1, max: 1_000_000 });
  const area = areaRaw === null ? null : Math.round(areaRaw);
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

  if (kind === 'sold') {
    const closePrice = number(raw, 'ClosePrice', p, { required: true, min: 1, max: MAX_PRICE });
    const listPrice = number(raw, 'ListPrice', p, { min: 1, max: MAX_PRICE });
    let closeDate: string | null = null;
    if (isBlank(raw.CloseDate)) p.add('CloseDate is required');
    else if (!(closeDate = parseDate(String(raw.CloseDate))))
      p.add(`CloseDate is not a date: ${JSON.stringify(String(raw.CloseDate)).slice(0, 40)}`);
    if (p.list.length) return { ok: false, reasons: p.list };
    return {
      ok: true,
      value: {
        kind: 'sold',
        record: { ...common, close_price: closePrice as number, list_price: listPrice, close_date: closeDate as string },
      },
    };
  }
  const listPrice = number(raw, 'ListPrice', p, { required: true, min: 1, max: MAX_PRICE });
  const monthlyRent = number(raw, 'EstimatedMonthlyRent', p, { min: 0, max: 10_000_000 });
  const rehab = number(raw, 'RehabEstimate', p, { min: 0, max: MAX_PRICE });
  const arv = number(raw, 'ArvEstimate', p, { min: 1, max: MAX_PRICE });
  const nightly = number(raw, 'NightlyRateEstimate', p, { min: 0, max: 1_000_000 });
  if (p.list.length || !kind) return { ok: false, reasons: p.list };
  return {
    ok: true,
    value: {
      kind: 'listing',
      record: {
        ...common,
        list_price: listPrice as number,
        remarks: text(raw.PublicRemarks),
        monthly_rent: monthlyRent,
        rehab_estimate: rehab,
        arv_estimate: arv,
        nightly_rate: nightly,
      },
    },
  };
}
