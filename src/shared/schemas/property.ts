import { Type, type Static } from '@sinclair/typebox';
import { AssumptionOverrides } from './assumptions';
import { DateOnly, DateTime, Id, Nullable } from './common';
import { RentEstimate, ValueEstimate } from './property-estimates';
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

/** A list price change an import saw. */
export const PriceChange = Type.Object({
  oldPrice: Type.Number(),
  newPrice: Type.Number(),
  changedAt: DateTime,
});
export type PriceChange = Static<typeof PriceChange>;

/** A listing gone off the market (issue 30; docs/listings.md, "Off market"). */
export const OffMarket = Type.Object({
  since: DateTime,
  status: Type.String(),
});
export type OffMarket = Static<typeof OffMarket>;

/** A listed property as GET /property/:id sends it: the spec's property fields and what the property page adds. */
export const Property = Type.Composite([
  Type.Object({
    _id: Id,
    LatestListingPrice: Type.Number(),
    PublicListingRemarks: NullableText(),
    ...ListingFacts,
    markerColor: MarkerColor,
    compIDs: Type.Array(Id),
  }),
  EmbeddedResults,
  Type.Object({
    /** Good Deal, Overpriced or Market Price. */
    dealStatus: Type.String(),
    confidence: Nullable(DealConfidence),
    monthlyRent: Nullable(
      Type.Number({
        description:
          "The engine's input: the feed's estimate, the lease comps' or the documented fallback (rentEstimate.source).",
      }),
    ),
    /** The lease comps' estimate and the rent's source; null until the listing is first computed. */
    rentEstimate: Nullable(RentEstimate),
    /** The value estimate from the sold comps; null until the listing is first computed. */
    valueEstimate: Nullable(ValueEstimate),
    /** The leases the estimate used, nearest first (GET /property/lease-comps). */
    leaseCompIds: Type.Array(Id),
    rehabEstimate: Nullable(Type.Number()),
    arvEstimate: Nullable(Type.Number()),
    nightlyRate: Nullable(Type.Number({ description: 'Peak-season nightly rate.' })),
    updatedAt: DateTime,
    /** When it came on the market (RESO OnMarketDate); null when the feed gave no date. */
    OnMarketDate: Nullable(DateOnly),
    DaysOnMarket: Nullable(Type.Integer({ description: 'Days since OnMarketDate.' })),
    /** RESO OriginalListPrice; null when the feed gave none (the list price is then the original). */
    OriginalListPrice: Nullable(Type.Number()),
    PriceCutPercent: Type.Number({ description: 'The cut from OriginalListPrice, percent to one decimal; 0 for none.' }),
    PriceChangedAt: Nullable(DateTime),
    PriceChangeDays: Nullable(Type.Integer({ description: 'Days since the last list price change; null for none.' })),
    /** Each list price change an import saw, oldest first (GET /property/:id only; [] elsewhere). */
    priceHistory: Type.Array(PriceChange),
    /** GET /property/:id only: its market's overrides of the default assumptions, or null. */
    marketAssumptions: Type.Optional(Nullable(AssumptionOverrides)),
    /**
     * GET /property/:id only: null while listed; when the listing left the MLS feed, since when and
     * why (the feed's StandardStatus, e.g. "Withdrawn", or "Not in feed"): it is then on no map,
     * search or alert, and its page says "Off market (Withdrawn) since Nov 27, 2026".
     */
    offMarket: Type.Optional(Nullable(OffMarket)),
  }),
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

/** A closed lease (GET /property/lease-comps): RESO ClosePrice of a ResidentialLease is its monthly rent. */
export const LeaseComp = Type.Object({
  _id: Id,
  monthlyRent: Type.Number(),
  closeDate: DateOnly,
  ...ListingFacts,
});
export type LeaseComp = Static<typeof LeaseComp>;

/** GET /property/comps?ids=a,b,c (the property's compIDs); GET /property/lease-comps?ids= (its leaseCompIds). */
export const CompsQuery = Type.Object({ ids: Type.String({ maxLength: 50 * 40 }) });
export const PropertyParams = Type.Object({ id: Type.String() });
