/**
 * A small RFC 4180 CSV reader and writer: quoted fields with commas, line breaks and doubled
 * quotes, CRLF or LF line ends, an optional UTF-8 BOM.
 */

export class CsvError extends Error {}

const BOM = '\uFEFF';

/** Rows of fields. Lines with nothing on them are skipped; a quote left open is an error. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false; // the current field started with a quote
  let inQuotes = false;
  let line = 1;
  let quoteLine = 0;

  const endField = () => {
    row.push(field);
    field = '';
    quoted = false;
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '' && !quoted) {
      inQuotes = true;
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
    } else {
      // A stray quote inside an unquoted field, or text after a closing quote, is kept as text.
      field += c;
    }
  }
  if (inQuotes) throw new CsvError(`A quoted field that starts on line ${quoteLine} is never closed`);
  if (field !== '' || quoted || row.length > 0) endRow();
  return rows;
}

/** Cells a spreadsheet would run as a formula; exported with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The file: a BOM (so spreadsheets read UTF-8), CRLF line ends, a final line end. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Undoes the export's formula guard, so an exported file imports back unchanged. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
