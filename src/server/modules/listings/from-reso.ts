import type { LeaseRecord, ListingRecord, OffMarketRecord, ResoRecord, SoldRecord } from './feed-records';
import {
  closeDate,
  EARLIEST_DATE,
  isBlank,
  latestAccepted,
  numberField,
  parseTimestamp,
  pastDate,
  pastTimestamp,
  Problems,
  trimmedText,
  type RawRecord,
} from './reso-values';

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

const MAX_PRICE = 1e9;
/** A listing on the market for longer than this (100 years) is a feed error. */
const MAX_DAYS_ON_MARKET = 36_500;

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
  const key = trimmedText(raw.ListingKey);
  if (!key) p.add('ListingKey is required');
  else if (key.length > 255) p.add('ListingKey is longer than 255 characters');
  const status = trimmedText(raw.StandardStatus);
  const kind = /^active$/i.test(status) ? 'listing' : /^closed$/i.test(status) ? 'sold' : null;
  const lease = raw.PropertyType !== undefined && RESIDENTIAL_LEASE.test(trimmedText(raw.PropertyType));
  if (!status) p.add('StandardStatus is required');
  else if (lease && kind !== 'sold')
    p.add(
      `PropertyType ResidentialLease is imported only when Closed (a closed lease); StandardStatus "${status.slice(0, 40)}" is not: active rentals are not listings for sale`,
    );
  else if (!kind) {
    if (p.list.length) return { ok: false, reasons: p.list };
    return { ok: true, value: { kind: 'off-market', record: offMarket(key, status, raw.StatusChangeTimestamp) } };
  }

  const latitude = numberField(raw, 'Latitude', p, { required: true, min: -90, max: 90 });
  const longitude = numberField(raw, 'Longitude', p, { required: true, min: -180, max: 180 });
  const beds = numberField(raw, 'BedroomsTotal', p, { min: 0, max: 100, integer: true });
  const bathsFull = numberField(raw, 'BathroomsFull', p, { min: 0, max: 100, integer: true });
  const bathsHalf = numberField(raw, 'BathroomsHalf', p, { min: 0, max: 100, integer: true });
  const bathsTq = numberField(raw, 'BathroomsThreeQuarter', p, { min: 0, max: 100, integer: true });
  const areaRaw = numberField(raw, 'LivingArea', p, { min: 1, max: 1_000_000 });
  const area = areaRaw === null ? null : Math.round(areaRaw);
  // The kind's fields are added to these in place: with a spread into a new record, making it and
  // serialising it for the upsert took ~8 µs a row more (measured on the bench's feed).
  const common = {
    listing_key: key,
    beds,
    baths_full: bathsFull,
    baths_half: bathsHalf,
    baths_three_quarter: bathsTq,
    area,
    address_full: trimmedText(raw.UnparsedAddress),
    city: trimmedText(raw.City),
    state: trimmedText(raw.StateOrProvince).toUpperCase(),
    zip: trimmedText(raw.PostalCode),
    latitude: latitude as number,
    longitude: longitude as number,
  };

  if (lease) {
    if (kind !== 'sold') return { ok: false, reasons: p.list };
    const rent = numberField(raw, 'ClosePrice', p, { required: true });
    if (rent !== null && (rent < LEASE_RENT.min || rent > LEASE_RENT.max))
      p.add(
        `ClosePrice of a lease is its monthly rent: must be from ${LEASE_RENT.min} to ${LEASE_RENT.max.toLocaleString('en-US')}, not ${rent}`,
      );
    const date = closeDate(raw, p);
    if (p.list.length) return { ok: false, reasons: p.list };
    const record = common as LeaseRecord;
    record.rent = rent as number;
    record.close_date = date as string;
    return { ok: true, value: { kind: 'lease', record } };
  }
  if (kind === 'sold') {
    const closePrice = numberField(raw, 'ClosePrice', p, { required: true, min: 1, max: MAX_PRICE });
    const listPrice = numberField(raw, 'ListPrice', p, { min: 1, max: MAX_PRICE });
    const date = closeDate(raw, p);
    if (p.list.length) return { ok: false, reasons: p.list };
    const record = common as SoldRecord;
    record.close_price = closePrice as number;
    record.list_price = listPrice;
    record.close_date = date as string;
    return { ok: true, value: { kind: 'sold', record } };
  }
  const listPrice = numberField(raw, 'ListPrice', p, { required: true, min: 1, max: MAX_PRICE });
  const monthlyRent = numberField(raw, 'EstimatedMonthlyRent', p, { min: 0, max: 10_000_000 });
  const rehab = numberField(raw, 'RehabEstimate', p, { min: 0, max: MAX_PRICE });
  const arv = numberField(raw, 'ArvEstimate', p, { min: 1, max: MAX_PRICE });
  const nightly = numberField(raw, 'NightlyRateEstimate', p, { min: 0, max: 1_000_000 });
  const now = Date.now();
  const onMarket = pastDate(raw, 'OnMarketDate', p, now);
  const contract = isBlank(raw.OnMarketDate) ? pastDate(raw, 'ListingContractDate', p, now) : null;
  const days = { min: 0, max: MAX_DAYS_ON_MARKET, integer: true };
  const cumulativeDays = numberField(raw, 'CumulativeDaysOnMarket', p, days);
  const listingDays = numberField(raw, 'DaysOnMarket', p, days);
  const onMarketDate = onMarket ?? contract;
  const originalPrice = numberField(raw, 'OriginalListPrice', p, { min: 1, max: MAX_PRICE });
  const priceChangedAt = pastTimestamp(raw, 'PriceChangeTimestamp', p, now);
  if (p.list.length) return { ok: false, reasons: p.list };
  const record = common as ListingRecord;
  record.list_price = listPrice as number;
  record.remarks = trimmedText(raw.PublicRemarks);
  record.monthly_rent = monthlyRent;
  record.rehab_estimate = rehab;
  record.arv_estimate = arv;
  record.nightly_rate = nightly;
  record.on_market_date = onMarketDate;
  record.days_on_market = onMarketDate === null ? (cumulativeDays ?? listingDays) : null;
  record.original_list_price = originalPrice;
  record.price_changed_at = priceChangedAt;
  return { ok: true, value: { kind: 'listing', record } };
}
