/**
 * Listings and sold comps: the feed's records (RESO names), their storage, comps selection, deal
 * status and the four strategies' results, kept up to date by recomputation.
 */
export { FINANCING_PRODUCT, roundResults, type EngineInputs } from './analysis';
export { fromReso, parseDate, type ListingRecord, type RawRecord, type SoldRecord } from './records';
export {
  countDirty,
  countStaleForRate,
  dropMaintainedIndexes,
  holdFewerRowsThan,
  latestRate,
  markMarketStale,
  recomputeDirty,
  recomputeForRate,
  restoreIndexes,
  upsertListings,
  upsertSold,
  type DroppedIndex,
  type RecomputeProgress,
} from './repository';
