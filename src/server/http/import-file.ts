import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportReport, type ImportRow } from '../../shared/schemas/admin';
import { badRequest, importRefused } from './errors';
import { CsvError, parseCsv, unguardCell } from '../lib/csv';

/** The columns of one section's import file. */
export interface ImportColumns {
  /** Every column the import reads, in the order a report lists them. */
  columns: readonly string[];
  required: readonly string[];
  /** Columns of the export that an import accepts and ignores (users: lastLogin). */
  ignored?: readonly string[];
}

const fileError = (message: string) => badRequest(message, { csv: message });
const MEGABYTES = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Reads an import file into rows of trimmed values keyed by column (the export's formula guard
 * undone). File-level problems (size, an unclosed quote, unknown or missing columns, too many or no
 * rows) answer 400 with `fields.csv`; a row with more cells than the header gets an error on `csv`.
 */
export function readImportFile(csv: string, spec: ImportColumns): ImportRow[] {
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES) throw fileError(`The file is larger than ${MEGABYTES} MB`);
  let table: string[][];
  try {
    table = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw fileError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (table.length === 0) throw fileError(`The file is empty; the first line must name the columns: ${spec.columns.join(', ')}`);
  const header = table[0].map((name) => name.trim());
  const byLower = new Map([...spec.columns, ...(spec.ignored ?? [])].map((c) => [c.toLowerCase(), c]));
  const keys: Array<string | null> = [];
  const seen = new Set<string>();
  for (const name of header) {
    const column = byLower.get(name.toLowerCase());
    if (!column) throw fileError(`Unknown column "${name}". The columns are: ${spec.columns.join(', ')}`);
    if (seen.has(column)) throw fileError(`The column "${column}" appears twice`);
    seen.add(column);
    keys.push(spec.ignored?.includes(column) ? null : column);
  }
  const missing = spec.required.filter((column) => !seen.has(column));
  if (missing.length) throw fileError(`Missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`);
  if (table.length - 1 > IMPORT_MAX_ROWS) {
    throw fileError(`The file has ${table.length - 1} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} are allowed`);
  }
  if (table.length === 1) throw fileError('The file has no rows below the header');

  return table.slice(1).map((cells, index) => {
    const values: Record<string, string> = {};
    for (const column of spec.columns) values[column] = '';
    keys.forEach((key, i) => {
      if (key) values[key] = unguardCell((cells[i] ?? '').trim());
    });
    const errors: Record<string, string> = {};
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
      errors.csv = `This row has ${cells.length} cells; the header has ${header.length}`;
    }
    return { row: index + 1, values, errors };
  });
}

const hasErrors = (row: ImportRow) => Object.keys(row.errors).length > 0;

/** The report of checked rows (`created` 0); `mask` hides what must not go back (passwords). */
export function importReport(
  rows: ImportRow[],
  mask: (values: Record<string, string>) => Record<string, string> = (v) => v,
): ImportReport {
  const invalid = rows.filter(hasErrors).length;
  return { rows: rows.map((r) => ({ ...r, values: mask(r.values) })), valid: rows.length - invalid, invalid, created: 0 };
}

/** A real import refused because rows have errors: 400 with the report, nothing written. */
export function throwIfRowsInvalid(report: ImportReport): void {
  if (report.invalid === 0) return;
  const total = report.valid + report.invalid;
  const message = `${report.invalid} of ${total} rows ha${report.invalid === 1 ? 's' : 've'} errors; nothing was imported`;
  throw importRefused(message, report);
}
