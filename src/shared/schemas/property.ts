import { Type, type Static } from '@sinclair/typebox';
import { AssumptionOverrides } from './assumptions';
import { DateOnly, DateTime, Id, Nullable } from './common';
import { EmbeddedResults } from './results';

/** A listed property and its sold comps, with the spec's field names (from the listing feed). */

export const MarkerColor = Type.Object({ background: Type.String(), borderColor: Type.String(), glyphColor: Type.String() });
export type MarkerColor = Static<typeof MarkerColor>;

/** How much to trust the deal status: how many comps, how far apart their prices, how recent the newest sale. */
export const DealConfidence = Type.Object({
  compCount: Type.Integer(),
  spreadPercent: Nullable(
    Type.Number({ description: "(max − min) / median of the comps' sold prices, in percent; null without comps." }),
  ),
  newestSaleDays: Nullable(
    Type.Integer({ description: 'Days from the newest comp sale to the reference date; null without comps.' }),
  ),
});
export type DealConfidence = Static<typeof DealConfidence>;

/** A GeoJSON point: [lng, lat]. */
export const GeoPoint = Type.Object({
  type: Type.Literal('Point'),
  coordinates: Type.Tuple([Type.Number(), Type.Number()]),
});

const NullableInt = () => Nullable(Type.Integer());
const NullableText = () => Nullable(Type.String());

/** The address and room fields a listing and a comp share. */
const ListingFacts = {
  BedroomsTotal: NullableInt(),
  BathroomsTotal: NullableInt(),
  BathroomsFull: NullableInt(),
  BathroomsHalf: NullableInt(),
  BathroomsThreeQuarter: NullableInt(),
  BuildingAreaTotal: NullableInt(),
  PropertyAddressFull: NullableText(),
  PropertyAddressCity: NullableText(),
  PropertyAddressState: NullableText(),
  PropertyAddressZIP: NullableText(),
  location: GeoPoint,
};

/** A listed property as GET /property/:id and GET /searchProperties send it. */
export const Property = Type.Composite([
  Type.Object({
    _id: Id,
    LatestListingPrice: Type.Number(),
    PublicListingRemarks: NullableText(),
    ...ListingFacts,
    markerColor: MarkerColor,
    /** Good Deal, Overpriced or Market Price. */
    dealStatus: Type.String(),
    compIDs: Type.Array(Id),
    confidence: Nullable(DealConfidence),
    monthlyRent: Nullable(Type.Number({ description: "The engine's input: the feed's estimate or the documented fallback." })),
    rehabEstimate: Nullable(Type.Number()),
    arvEstimate: Nullable(Type.Number()),
    nightlyRate: Nullable(Type.Number({ description: 'Peak-season nightly rate.' })),
    updatedAt: DateTime,
    /** The search's order: the property's position in the whole answer (spec: "a zIndex is assigned by order"). */
    zIndex: Type.Optional(Type.Integer()),
    /** GET /property/:id only: its market's overrides of the default assumptions, or null. */
    marketAssumptions: Type.Optional(Nullable(AssumptionOverrides)),
  }),
  EmbeddedResults,
]);
export type Property = Static<typeof Property>;

/** A sold comparable (GET /property/comps). */
export const Comp = Type.Object({
  _id: Id,
  MLSSoldPrice: Type.Number(),
  LatestListingPrice: Nullable(Type.Number()),
  closeDate: DateOnly,
  ...ListingFacts,
});
export type Comp = Static<typeof Comp>;

/** GET /property/comps?ids=a,b,c (the property's compIDs). */
export const CompsQuery = Type.Object({ ids: Type.String({ maxLength: 50 * 40 }) });
export const PropertyParams = Type.Object({ id: Type.String() });

/**
 * GET /searchProperties: `type=bounds`, the map `zoom`, `bounds` as JSON {ne:{lat,lng}, sw:{lat,lng}}
 * and the paging token of the previous page (`next`, or `lastValue`), absent on the first page.
 */
export const SearchPropertiesQuery = Type.Object({
  type: Type.Literal('bounds'),
  bounds: Type.String({ minLength: 1, maxLength: 1000 }),
  zoom: Type.Optional(Type.Number({ minimum: 0, maximum: 30 })),
  lastValue: Type.Optional(Type.String({ maxLength: 500 })),
  next: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SearchPropertiesQuery = Static<typeof SearchPropertiesQuery>;

/** One page of the bounds search, sorted by longitude; `next` is the token of the next page, or 'done'. */
export const SearchPropertiesPage = Type.Object({
  properties: Type.Array(Property),
  next: Type.String(),
});
export type SearchPropertiesPage = Static<typeof SearchPropertiesPage>;
