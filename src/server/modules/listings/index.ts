/**
 * Listings, sold comps, leases and past listings (those that left before the database held them): the
 * feed's records (RESO names), their storage, comps selection, deal status and the four strategies'
 * results, kept up to date by recomputation (and re-priced in the background after a new rate or a
 * market's new assumptions).
 */
export { FINANCING_PRODUCT, roundResults, type EngineInputs } from './analysis';
export type { FeedRecord, LeaseRecord, ListingRecord, OffMarketRecord, ResoRecord, SoldRecord } from './feed-records';
export { fromReso, RESO_FIELDS } from './from-reso';
export type { RawRecord } from './reso-values';
export { countListed, listedKeysNotIn, markOffMarket, NOT_IN_FEED } from './off-market';
export { upsertLeases } from './leases-repository';
export { insertPastListings, type PastListingRecord } from './past-listings-repository';
export { createListingsRepository, type ListingsRepository } from './repository';
export type { ListingPriceChange, ListingUpsertCounts } from './feed-upserts';
export type { UpsertCounts } from './upsert-sql';
export {
  dropMaintainedIndexes,
  holdFewerRowsThan,
  rebuildReturnsCopy,
  restoreIndexes,
  suspendReturnsCopy,
  type DroppedIndex,
} from './bulk-indexes';
export { recomputeDirty, type RecomputeProgress } from './recompute-dirty';
export { countStaleForRate, recomputeForRate } from './recompute-for-rate';
export { rateRecomputerFor, type RateRecomputer } from './recomputer';
export { LISTINGS_CHANNEL, listingChangesVersion, noteListingsChanged } from './changes';
export { closedRecordsFingerprint, marketModels, newestClose, type MarketModels, type ModelKind } from './market-models';
export { readClosedPage, readClosedPageText, type ClosedPageText } from './closed-reads';
export {
  createSubjectEstimator,
  findHome,
  type EstimateSubject,
  type SubjectEstimate,
  type SubjectEstimator,
} from './subject-estimates';
