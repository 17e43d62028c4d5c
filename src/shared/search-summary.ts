/**
 * The search's lean summary of a property (docs/decisions.md, "Lean search answers"): what a marker,
 * a list row, a sort and a filter use, under the spec's field names. The wire carries it as a row
 * (PropertySummaryRow in schemas/property-search.ts); `summaryFromRow` reads one, `summaryRow` writes one
 * (the server's Node mapping), and `summaryOf` makes one of a whole property (GET /property/:id).
 */
import { dealStatusFromMarker, markerColorFor, type MarkerColor } from './deal-status';
import type { Property } from './schemas/property';
import { RESULTS_BITS, type PropertySummaryRow, type SummaryCashOnCash } from './schemas/property-search';
import { STRATEGY_KEYS, type StrategyKey } from './vocabulary';

/** One strategy's cash-on-cash as the results say it: a percentage, or null with whether it is infinite. */
export interface CashOnCashFigure {
  cashOnCashRoi: number | null;
  cashOnCashInfinite: boolean;
}

export interface PropertySummary {
  _id: string;
  location: { type: 'Point'; coordinates: [number, number] };
  LatestListingPrice: number;
  BedroomsTotal: number | null;
  BathroomsTotal: number | null;
  BuildingAreaTotal: number | null;
  PropertyAddressFull: string | null;
  PropertyAddressCity: string | null;
  PropertyAddressState: string | null;
  PropertyAddressZIP: string | null;
  markerColor: MarkerColor;
  /** Each strategy's cash-on-cash; null when the property has no results for the strategy. */
  cashOnCash: Record<StrategyKey, CashOnCashFigure | null>;
  /** Days since it came on the market; null when unknown. */
  DaysOnMarket: number | null;
  /** The cut from the original list price, percent (0: none). */
  PriceCutPercent: number;
  /** Days since the last list price change; null for none. */
  PriceChangeDays: number | null;
  /** The list price against the estimated value, percent (below 0: below it); null without an estimate. */
  ValueGapPercent: number | null;
  /** The property's place in the search's order (spec: "a zIndex is assigned by order"). */
  zIndex: number;
}

/** Which results field of a whole property holds a strategy's figures. */
export const RESULTS_FIELD: Record<StrategyKey, 'BuyHoldResults' | 'BRRRRResults' | 'FixFlipResults' | 'ShortTermResults'> = {
  buyHold: 'BuyHoldResults',
  brrrr: 'BRRRRResults',
  fixFlip: 'FixFlipResults',
  shortTerm: 'ShortTermResults',
};

// The figures are shared, frozen objects: a known set of 50,000 summaries holds four per property.
const INFINITE: CashOnCashFigure = Object.freeze({ cashOnCashRoi: null, cashOnCashInfinite: true });
const NO_FIGURE: CashOnCashFigure = Object.freeze({ cashOnCashRoi: null, cashOnCashInfinite: false });

function figureOf(value: SummaryCashOnCash, bits: number, key: StrategyKey): CashOnCashFigure | null {
  if (!(bits & RESULTS_BITS[key])) return null;
  if (value === null) return NO_FIGURE;
  if (value === 'Infinity') return INFINITE;
  return { cashOnCashRoi: value, cashOnCashInfinite: false };
}

/** The wire's value of a figure (the reverse of figureOf); a non-finite percentage has no figure. */
export function cashOnCashValue(figure: CashOnCashFigure | null): SummaryCashOnCash {
  if (!figure) return null;
  if (figure.cashOnCashInfinite) return 'Infinity';
  return figure.cashOnCashRoi !== null && Number.isFinite(figure.cashOnCashRoi) ? figure.cashOnCashRoi : null;
}

/** The strategies-with-results bits of a summary's figures. */
export const resultsBits = (cashOnCash: Record<StrategyKey, CashOnCashFigure | null>): number =>
  STRATEGY_KEYS.reduce((bits, key) => (cashOnCash[key] ? bits | RESULTS_BITS[key] : bits), 0);

// One marker colour object per deal status, shared by every summary of that status.
const MARKER_COLORS = new Map<string, MarkerColor>();
function markerColorOf(background: string): MarkerColor {
  const status = dealStatusFromMarker(background);
  let color = MARKER_COLORS.get(status);
  if (!color) {
    color = Object.freeze(markerColorFor(status));
    MARKER_COLORS.set(status, color);
  }
  return color;
}

/** A summary row of the search answer as the spec's fields. */
export function summaryFromRow(row: PropertySummaryRow): PropertySummary {
  const [
    id,
    lng,
    lat,
    price,
    beds,
    baths,
    area,
    address,
    city,
    state,
    zip,
    background,
    bh,
    br,
    ff,
    st,
    bits,
    days,
    cut,
    changeDays,
    gap,
    zIndex,
  ] = row;
  return {
    _id: id,
    location: { type: 'Point', coordinates: [lng, lat] },
    LatestListingPrice: price,
    BedroomsTotal: beds,
    BathroomsTotal: baths,
    BuildingAreaTotal: area,
    PropertyAddressFull: address,
    PropertyAddressCity: city,
    PropertyAddressState: state,
    PropertyAddressZIP: zip,
    markerColor: markerColorOf(background),
    cashOnCash: {
      buyHold: figureOf(bh, bits, 'buyHold'),
      brrrr: figureOf(br, bits, 'brrrr'),
      fixFlip: figureOf(ff, bits, 'fixFlip'),
      shortTerm: figureOf(st, bits, 'shortTerm'),
    },
    DaysOnMarket: days,
    PriceCutPercent: cut,
    PriceChangeDays: changeDays,
    ValueGapPercent: gap,
    zIndex,
  };
}

/** The row of a summary (what the server sends). */
export function summaryRow(s: PropertySummary): PropertySummaryRow {
  const [lng, lat] = s.location.coordinates;
  return [
    s._id,
    lng,
    lat,
    s.LatestListingPrice,
    s.BedroomsTotal,
    s.BathroomsTotal,
    s.BuildingAreaTotal,
    s.PropertyAddressFull,
    s.PropertyAddressCity,
    s.PropertyAddressState,
    s.PropertyAddressZIP,
    s.markerColor.background,
    cashOnCashValue(s.cashOnCash.buyHold),
    cashOnCashValue(s.cashOnCash.brrrr),
    cashOnCashValue(s.cashOnCash.fixFlip),
    cashOnCashValue(s.cashOnCash.shortTerm),
    resultsBits(s.cashOnCash),
    s.DaysOnMarket,
    s.PriceCutPercent,
    s.PriceChangeDays,
    s.ValueGapPercent,
    s.zIndex,
  ];
}

/** The summary of a whole property (a property opened by its id, not found by a search). */
export function summaryOf(property: Property, zIndex = 0): PropertySummary {
  const cashOnCash = {} as Record<StrategyKey, CashOnCashFigure | null>;
  for (const key of STRATEGY_KEYS) {
    const results = property[RESULTS_FIELD[key]];
    cashOnCash[key] = results ? { cashOnCashRoi: results.cashOnCashRoi, cashOnCashInfinite: results.cashOnCashInfinite } : null;
  }
  return {
    _id: property._id,
    location: property.location,
    LatestListingPrice: property.LatestListingPrice,
    BedroomsTotal: property.BedroomsTotal,
    BathroomsTotal: property.BathroomsTotal,
    BuildingAreaTotal: property.BuildingAreaTotal,
    PropertyAddressFull: property.PropertyAddressFull,
    PropertyAddressCity: property.PropertyAddressCity,
    PropertyAddressState: property.PropertyAddressState,
    PropertyAddressZIP: property.PropertyAddressZIP,
    markerColor: markerColorOf(property.markerColor.background),
    cashOnCash,
    DaysOnMarket: property.DaysOnMarket,
    PriceCutPercent: property.PriceCutPercent,
    PriceChangeDays: property.PriceChangeDays,
    ValueGapPercent: property.valueEstimate?.listGapPercent ?? null,
    zIndex,
  };
}
