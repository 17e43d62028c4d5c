/**
 * A streaming CSV parser (RFC 4180): quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF or LF line ends; a leading BOM is dropped. Each record comes with its original text (for the
 * rejected-rows report) and the line it starts on.
 */
export interface CsvRecord {
  fields: string[];
  /** The record as it was in the file, without its line end. */
  raw: string;
  /** 1-based line number where the record starts. */
  line: number;
}

export class CsvParser {
  private field = '';
  private fields: string[] = [];
  private raw = '';
  private inQuotes = false;
  private afterQuote = false;
  private skipLf = false;
  private line = 1;
  private recordLine = 1;
  private started = false;
  private first = true;

  /** Parses a chunk; complete records go to `out`. */
  push(chunk: string, out: (record: CsvRecord) => void): void {
    let i = 0;
    if (this.first) {
      this.first = false;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    let segmentStart = i;
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === 10) {
          segmentStart = i + 1;
          continue;
        }
      }
      if (this.inQuotes) {
        if (this.afterQuote) {
          this.afterQuote = false;
          if (c === 34) {
            this.field += '"';
            continue;
          }
          this.inQuotes = false; // the quote closed the field; handle c as unquoted below
        } else {
          if (c === 34) this.afterQuote = true;
          else {
            if (c === 10) this.line++;
            else if (c === 13 && chunk.charCodeAt(i + 1) !== 10) this.line++;
            this.field += chunk[i];
          }
          continue;
        }
      }
      if (c === 44) {
        this.fields.push(this.field);
        this.field = '';
        this.started = true;
      } else if (c === 10 || c === 13) {
        this.raw += chunk.slice(segmentStart, i);
        this.endRecord(out);
        this.line++;
        if (c === 13) this.skipLf = true;
        segmentStart = i + 1;
      } else if (c === 34 && this.field === '') {
        this.inQuotes = true;
        this.started = true;
      } else {
        this.field += chunk[i];
        this.started = true;
      }
    }
    this.raw += chunk.slice(segmentStart);
  }

  /** Flushes the last record when the file does not end with a line break. */
  end(out: (record: CsvRecord) => void): void {
    // An unterminated quote hands the rest over as one record; the caller rejects it by field count.
    this.inQuotes = false;
    this.afterQuote = false;
    if (this.started || this.field !== '' || this.fields.length) this.endRecord(out);
  }

  private endRecord(out: (record: CsvRecord) => void): void {
    if (!this.started && this.field === '' && this.fields.length === 0) {
      // blank line
      this.raw = '';
      this.recordLine = this.line + 1;
      return;
    }
    this.fields.push(this.field);
    out({ fields: this.fields, raw: this.raw, line: this.recordLine });
    this.fields = [];
    this.field = '';
    this.raw = '';
    this.started = false;
    this.recordLine = this.line + 1;
  }
}

/** Parses a whole string (tests, small files). */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const parser = new CsvParser();
  const push = (r: CsvRecord) => records.push(r);
  parser.push(text, push);
  parser.end(push);
  return records;
}

/** One CSV field, quoted when needed. */
export function csvField(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
