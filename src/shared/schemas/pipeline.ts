import { Type, type Static } from '@sinclair/typebox';
import { MAX_OFFER_PRICE, PIPELINE_STAGES } from '../pipeline';
import { DateTime, Id, Nullable, StringEnum } from './common';

export const PipelineStage = StringEnum(PIPELINE_STAGES, { description: 'Where the deal stands.' });

const OfferPrice = Type.Integer({ minimum: 1, maximum: MAX_OFFER_PRICE, description: 'The offer made or to make, in dollars.' });

/** A move of a deal into a stage. */
export const PipelineMove = Type.Object({ stage: PipelineStage, movedAt: DateTime });
export type PipelineMove = Static<typeof PipelineMove>;

/** A property in the caller's pipeline. */
export const PipelineDeal = Type.Object({
  _id: Id,
  /** Null once the listing left the listings (sold or withdrawn and removed): the deal keeps its address. */
  propertyId: Nullable(Type.String()),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  /** The listing's price now, or the last one known once it left. */
  listPrice: Nullable(Type.Integer()),
  /** The listing's status now (Active, Pending, Sold, Withdrawn…), or "Removed" once it left the listings. */
  listingStatus: Type.String(),
  stage: PipelineStage,
  offerPrice: Nullable(Type.Integer()),
  /** When it entered its stage. */
  stageSince: DateTime,
  addedAt: DateTime,
  /** Every move, oldest first (the first is its entry into the pipeline). */
  moves: Type.Array(PipelineMove),
});
export type PipelineDeal = Static<typeof PipelineDeal>;

/** PUT /pipeline/properties/:propertyId: puts the property in the pipeline, or moves it. */
export const SavePipelineDeal = Type.Object(
  {
    stage: PipelineStage,
    /** Absent: kept as it is; null: cleared. */
    offerPrice: Type.Optional(Nullable(OfferPrice)),
  },
  { additionalProperties: false },
);
export type SavePipelineDeal = Static<typeof SavePipelineDeal>;

/** PATCH /pipeline/:id: a deal's stage or offer price. */
export const UpdatePipelineDeal = Type.Object(
  {
    stage: Type.Optional(PipelineStage),
    offerPrice: Type.Optional(Nullable(OfferPrice)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePipelineDeal = Static<typeof UpdatePipelineDeal>;

/** GET /pipeline/export.csv: the deals in these stages (comma-separated), or all. */
export const PipelineExportQuery = Type.Object(
  { stages: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. "watching,offer-made"' })) },
  { additionalProperties: false },
);

export const PropertyIdParams = Type.Object({ propertyId: Type.String({ maxLength: 200 }) });
