/** The listing feed importer, and the mapping, batch write and after-work it shares with the MLS sync. */
export {
  DEFAULT_IMPORT_BATCH,
  importFile,
  rejectedPath,
  REJECTED_HEADER,
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
} from './importer';
export {
  addFeedCounts,
  afterFeedWrite,
  emptyFeedCounts,
  FeedRows,
  writeFeedRows,
  type AfterFeedWriteOptions,
  type FeedWriteCounts,
} from './batch';
