/** The listing feed importer and the CSV reading other modules share (the PMMS rate history). */
export {
  importFile,
  rejectedPath,
  REJECTED_HEADER,
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
} from './importer';
export { csvField, csvLine, csvRecords, parseCsv, type CsvRecord } from './csv';
