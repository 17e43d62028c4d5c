import type { Readable } from 'node:stream';
import { parse as parseStream, CsvError, type Info, type InfoRecord, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV through csv-parse (RFC 4180): quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF, LF or CR line ends; a leading BOM is dropped; blank lines are skipped; a stray quote inside
 * a field is kept as text. Each record comes with the line it starts on and its text (for the
 * rejected-rows report).
 */
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

const OPTIONS: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  max_record_size: MAX_RECORD_BYTES,
};

/** One record as CSV text: its fields quoted where needed, joined by commas. */
export function csvLine(fields: readonly unknown[]): string {
  return stringify([fields], { eof: false, quoted_match: /^\s|\s$/ });
}

/** One CSV field, quoted when needed. */
export const csvField = (value: unknown): string => csvLine([value]);

const LINE_BREAK = /\r\n|\r|\n/g;

/** `info.lines` counts to the record's end; quoted line breaks inside it moved that end down. */
function startLine(fields: string[], endLine: number): number {
  let inside = 0;
  for (const field of fields) if (field.includes('\n') || field.includes('\r')) inside += field.match(LINE_BREAK)?.length ?? 0;
  return endLine - inside;
}

/** What is left when the parser stops on an error: one record saying why, on the line after the last good one. */
function failure(error: unknown, lastLine: number): CsvRecord {
  if (!(error instanceof CsvError)) throw error;
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
  const parser = source.pipe(parseStream({ ...OPTIONS, info: true }));
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

/** Parses a whole string (tests, small files such as the PMMS history). */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let lastLine = 0;
  try {
    parseSync(text, {
      ...OPTIONS,
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
