/** The listing feed importer. */
export {
  importFile,
  rejectedPath,
  REJECTED_HEADER,
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
} from './importer';
