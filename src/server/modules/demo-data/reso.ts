import type { FeedRecord } from '../listings';
import type { DemoItem } from './generator';

/** The columns of a demo RESO CSV feed, in order (the `--out` file and the bulk-listings bench). */
export const RESO_COLUMNS = [
  'ListingKey',
  'PropertyType',
  'StandardStatus',
  'ListPrice',
  'ClosePrice',
  'CloseDate',
  'PublicRemarks',
  'BedroomsTotal',
  'BathroomsFull',
  'BathroomsHalf',
  'BathroomsThreeQuarter',
  'LivingArea',
  'UnparsedAddress',
  'City',
  'StateOrProvince',
  'PostalCode',
  'Latitude',
  'Longitude',
  'EstimatedMonthlyRent',
  'RehabEstimate',
  'ArvEstimate',
  'NightlyRateEstimate',
  'OnMarketDate',
  'OriginalListPrice',
  'PriceChangeTimestamp',
];

/** A demo item's RESO rows: the listing, then its sold comps, then its leases. */
export function demoResoRows(item: DemoItem): Array<Record<string, unknown>> {
  return [
    toReso({ kind: 'listing', record: item.listing }),
    ...item.sold.map((s) => toReso({ kind: 'sold', record: s })),
    ...item.leases.map((l) => toReso({ kind: 'lease', record: l })),
  ];
}

/** A listing, sold or lease record as a RESO feed row (for `--out` files and importer tests). */
export function toReso(item: FeedRecord): Record<string, unknown> {
  const r = item.record;
  const common = {
    ListingKey: r.listing_key,
    BedroomsTotal: r.beds,
    BathroomsFull: r.baths_full,
    BathroomsHalf: r.baths_half,
    BathroomsThreeQuarter: r.baths_three_quarter,
    LivingArea: r.area,
    UnparsedAddress: r.address_full,
    City: r.city,
    StateOrProvince: r.state,
    PostalCode: r.zip,
    Latitude: r.latitude,
    Longitude: r.longitude,
  };
  if (item.kind === 'sold') {
    const s = item.record;
    return { ...common, StandardStatus: 'Closed', ClosePrice: s.close_price, ListPrice: s.list_price, CloseDate: s.close_date };
  }
  if (item.kind === 'lease') {
    const l = item.record;
    return { ...common, PropertyType: 'ResidentialLease', StandardStatus: 'Closed', ClosePrice: l.rent, CloseDate: l.close_date };
  }
  const l = item.record;
  return {
    ...common,
    StandardStatus: 'Active',
    ListPrice: l.list_price,
    PublicRemarks: l.remarks,
    EstimatedMonthlyRent: l.monthly_rent,
    RehabEstimate: l.rehab_estimate,
    ArvEstimate: l.arv_estimate,
    NightlyRateEstimate: l.nightly_rate,
    OnMarketDate: l.on_market_date,
    OriginalListPrice: l.original_list_price,
    PriceChangeTimestamp: l.price_changed_at,
  };
}
