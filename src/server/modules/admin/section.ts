import { ERROR_CODES } from '../../../shared/api-types';
import { AppError, badRequest } from '../../http/errors';
import type { EntityType } from './audit';
import type { Actor, BulkAction, ListQuery, Page } from './common';
import { CsvError, parseCsv, unguardCell } from './csv';

/** What the routes need from one admin section; users and the four catalogues implement it. */
export interface AdminSection {
  /** List path segment: users, markets, interests, strategies, accounts. */
  section: string;
  /** Item path segment and audit entity type: user, market, interest, strategy, account. */
  thing: EntityType;
  sortFields: readonly string[];
  list(query: ListQuery | null): Promise<unknown[] | Page<unknown>>;
  get(id: string): Promise<unknown>;
  create(actor: Actor, body: Record<string, unknown>): Promise<unknown>;
  update(actor: Actor, id: string, body: Record<string, unknown>): Promise<unknown>;
  remove(actor: Actor, id: string): Promise<void>;
  bulk(actor: Actor, request: BulkRequest): Promise<BulkResult>;
  exportCsv(q: string | undefined): Promise<string>;
  importCsv(actor: Actor, csv: string, dryRun: boolean): Promise<ImportReport>;
}

export interface BulkRequest {
  action: BulkAction;
  ids?: string[];
  q?: string;
}

export interface BulkResult {
  action: BulkAction;
  matched: number;
  changed: number;
}

export interface ImportRow {
  /** 1-based data row number; the header is row 0. */
  row: number;
  values: Record<string, string>;
  /** Column → message; `csv` for a problem with the row as a whole. */
  errors: Record<string, string>;
}

export interface ImportReport {
  rows: ImportRow[];
  valid: number;
  invalid: number;
  created: number;
}

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface ImportColumns {
  /** Every column the import reads, in the order a report lists them. */
  columns: readonly string[];
  required: readonly string[];
  /** Columns of the export that an import accepts and ignores (users: lastLogin). */
  ignored?: readonly string[];
  maxRows?: number;
}

const fileError = (message: string) => badRequest(message, { csv: message });

/**
 * Reads an import file into records of trimmed values keyed by column. File-level problems (size,
 * an unclosed quote, unknown or missing columns, too many rows) answer 400 with `fields.csv`.
 */
export function readImportFile(csv: string, spec: ImportColumns): ImportRow[] {
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES) throw fileError('The file is larger than 5 MB');
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
  const maxRows = spec.maxRows ?? IMPORT_MAX_ROWS;
  if (table.length - 1 > maxRows)
    throw fileError(`The file has ${table.length - 1} rows; at most ${maxRows.toLocaleString('en-US')} are allowed`);
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

/** Counts, then: dry run → the report; errors → 400 with the report; else writes and reports `created`. */
export async function finishImport(
  rows: ImportRow[],
  dryRun: boolean,
  write: () => Promise<number>,
  mask: (values: Record<string, string>) => Record<string, string> = (v) => v,
): Promise<ImportReport> {
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  const report: ImportReport = {
    rows: rows.map((r) => ({ ...r, values: mask(r.values) })),
    valid: rows.length - invalid,
    invalid,
    created: 0,
  };
  if (dryRun) return report;
  if (invalid > 0) {
    const message = `${invalid} of ${rows.length} rows ha${invalid === 1 ? 's' : 've'} errors; nothing was imported`;
    throw new AppError(400, ERROR_CODES.validation, message, { csv: message }, { report });
  }
  report.created = await write();
  return report;
}
