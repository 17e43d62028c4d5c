import { CsvError as ParseError, parse, type Options as ParseOptions } from 'csv-parse/sync';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';

/**
 * The admin CSV files, read with csv-parse and written with csv-stringify (RFC 4180: quoted fields
 * with commas, line breaks and doubled quotes). Reading takes CRLF, LF or CR line ends (mixed too),
 * an optional UTF-8 BOM, skips blank lines and keeps a stray quote inside a field as text. Writing
 * puts a BOM first (so spreadsheets read UTF-8), ends lines with CRLF and guards formula cells.
 */

/** A file that is not CSV; the message says where. */
export class CsvError extends Error {}

const READ: ParseOptions = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
};

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
    return parse(input, READ);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(`A quoted field that starts on line ${openQuoteLine(input, Number(error.bytes))} is never closed`);
    }
    throw new CsvError(error.message);
  }
}

/**
 * The formula guard: csv-stringify's `escape_formulas` writes a cell that a spreadsheet would run
 * (starting with = + - @, their full-width forms, tab or CR) with a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const WRITE: StringifyOptions = {
  escape_formulas: true,
  record_delimiter: 'windows',
  // Quote a cell holding any line break (CR or LF alone too), not only CRLF.
  quote_record_delimiter: true,
  // Leading or trailing spaces survive a spreadsheet only when quoted.
  quoted_match: /^\s|\s$/,
  cast: { boolean: (value) => (value ? 'true' : 'false'), date: (value) => value.toISOString() },
};

/** One cell as the export writes it (quoted when needed, formula guarded). */
export function csvCell(value: unknown): string {
  return stringify([[value]], { ...WRITE, eof: false });
}

/** The file: a BOM, the header row, CRLF line ends, a final line end. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify([header, ...rows], { ...WRITE, bom: true });
}

/** Undoes the export's formula guard, so an exported file imports back unchanged. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
