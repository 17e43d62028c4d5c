import type { Readable } from 'node:stream';
import { parse as parseStream, CsvError as StreamParseError, type Info, type InfoRecord, type Options } from 'csv-parse';
import { CsvError as SyncParseError, parse as parseSync } from 'csv-parse/sync';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';

/**
 * Every CSV file the server reads or writes (admin imports and exports, the listing feed and its
 * rejected-rows report, the PMMS rate history), through csv-parse and csv-stringify (RFC 4180:
 * quoted fields may hold commas, doubled quotes and line breaks). Reading takes CRLF, LF or CR line
 * ends (mixed too), drops a leading BOM, skips blank lines and keeps a stray quote inside a field as
 * text. The admin exports put a BOM first (so spreadsheets read UTF-8), end lines with CRLF and guard
 * formula cells; the feed's lines are written as the feed had them.
 */

const READ: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
};

/** Leading or trailing spaces survive a spreadsheet (or another parser) only when quoted. */
const QUOTED_MATCH = /^\s|\s$/;

// --- Whole files as rows of cells (admin imports) ---

/** A file that is not CSV; the message says where. */
export class CsvError extends Error {}

/** Line of the quoted field left open: the first line with something on it after the last whole record. */
function openQuoteLine(input: string, bytesRead: number): number {
  const buffer = Buffer.from(input.startsWith('\uFEFF') ? input.slice(1) : input, 'utf8');
  const before = buffer.subarray(0, bytesRead).toString('utf8');
  const rest = buffer.subarray(bytesRead).toString('utf8');
  const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;
  const blank = /^[\r\n]*/.exec(rest)?.[0] ?? '';
  return lineBreaks(before) + lineBreaks(blank) + 1;
}

/** Rows of cells. Lines with nothing on them are skipped; a quote left open is an error. */
export function parseCsv(input: string): string[][] {
  try {
    return parseSync(input, READ);
  } catch (error) {
    if (!(error instanceof SyncParseError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(`A quoted field that starts on line ${openQuoteLine(input, Number(error.bytes))} is never closed`);
    }
    throw new CsvError(error.message);
  }
}

// --- Records with their lines (the listing feed, the PMMS history) ---

/** A record with the line it starts on and its text (for the rejected-rows report). */
export interface CsvRecord {
  fields: string[];
  /** The record as CSV text, without its line end (the fields quoted where needed). */
  raw: string;
  /** 1-based line number where the record starts. */
  line: number;
  /** Set on the last "record" when the rest of the file could not be read (a quote never closed). */
  error?: string;
}

/** A record longer than this is refused (an unclosed quote would otherwise read the rest of the file). */
export const MAX_RECORD_BYTES = 1024 * 1024;

const RECORDS: Options = { ...READ, max_record_size: MAX_RECORD_BYTES };

const LINE_BREAK = /\r\n|\r|\n/g;

/** `info.lines` counts to the record's end; quoted line breaks inside it moved that end down. */
function startLine(fields: string[], endLine: number): number {
  let inside = 0;
  for (const field of fields) if (field.includes('\n') || field.includes('\r')) inside += field.match(LINE_BREAK)?.length ?? 0;
  return endLine - inside;
}

/** What is left when the parser stops on an error: one record saying why, on the line after the last good one. */
function failure(error: unknown, lastLine: number): CsvRecord {
  if (!(error instanceof StreamParseError)) throw error;
  const line = lastLine + 1;
  const message =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `A quoted field that starts on line ${line} is never closed`
      : error.code === 'CSV_MAX_RECORD_SIZE'
        ? `The row starting on line ${line} is longer than ${MAX_RECORD_BYTES / 1024 / 1024} MB (a quote never closed?); the rest of the file was not read`
        : `The file is not valid CSV after line ${lastLine}: ${error.message}`;
  return { fields: [], raw: '', line, error: message };
}

interface ParsedRecord {
  record: string[];
  info: Info;
}

/**
 * Streams the records of a CSV source (a file stream, any size, in constant memory) with the
 * number of bytes read so far. `raw` is left empty (make it with csvLine when a report needs it).
 * A source that breaks off (a quote never closed) ends with a record carrying `error`.
 */
export async function* csvRecords(source: Readable): AsyncGenerator<CsvRecord & { bytes: number }> {
  const parser = source.pipe(parseStream({ ...RECORDS, info: true }));
  source.once('error', (error) => parser.destroy(error));
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      lastLine = info.lines;
      yield { fields: record, raw: '', line: startLine(record, info.lines), bytes: info.bytes };
    }
  } catch (error) {
    yield { ...failure(error, lastLine), bytes: 0 };
  } finally {
    source.destroy();
  }
}

/** The records of a whole string (tests, small files such as the PMMS history). */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let lastLine = 0;
  try {
    parseSync(text, {
      ...RECORDS,
      on_record: (record: string[], info: InfoRecord) => {
        lastLine = info.lines;
        records.push({ fields: record, raw: csvLine(record), line: startLine(record, info.lines) });
        return null;
      },
    });
  } catch (error) {
    records.push(failure(error, lastLine));
  }
  return records;
}

// --- Writing ---

/** One record as CSV text: its fields quoted where needed, joined by commas (no line end, no formula guard). */
export function csvLine(fields: readonly unknown[]): string {
  return stringify([fields], { eof: false, quoted_match: QUOTED_MATCH });
}

/** One CSV field, quoted when needed. */
export const csvField = (value: unknown): string => csvLine([value]);

/**
 * The formula guard: csv-stringify's `escape_formulas` writes a cell that a spreadsheet would run
 * (starting with = + - @, their full-width forms, tab or CR) with a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const EXPORT: StringifyOptions = {
  escape_formulas: true,
  record_delimiter: 'windows',
  // Quote a cell holding any line break (CR or LF alone too), not only CRLF.
  quote_record_delimiter: true,
  quoted_match: QUOTED_MATCH,
  cast: { boolean: (value) => (value ? 'true' : 'false'), date: (value) => value.toISOString() },
};

/** One cell as an export writes it (quoted when needed, formula guarded). */
export function csvCell(value: unknown): string {
  return stringify([[value]], { ...EXPORT, eof: false });
}

/** An export file: a BOM, the header row, CRLF line ends, a final line end, formula cells guarded. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify([header, ...rows], { ...EXPORT, bom: true });
}

/** Undoes the export's formula guard, so an exported file imports back unchanged. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
