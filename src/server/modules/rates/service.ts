import { sql } from 'kysely';
import type { NewRate, Rate } from '../../../shared/schemas/rates';
import { loanTermMonths } from '../../../shared/invest';
import { parseDate } from '../listings';
import { parseCsv } from '../feed-import';
import type { Db } from '../../db/database';

export type { Rate };

interface RateRow {
  id: string;
  product: string;
  rate: number;
  as_of: string;
  source: string;
}

const toRate = (r: RateRow): Rate => ({
  _id: r.id,
  product: r.product,
  rate: r.rate,
  termMonths: loanTermMonths(r.product),
  asOf: r.as_of,
  source: r.source,
});

/** The latest rate of each product, longest term first. */
export async function latestRates(db: Db): Promise<Rate[]> {
  const rows = await sql<RateRow>`
    select distinct on (lower(product)) id, product, rate, as_of::text as as_of, source
    from rates order by lower(product), as_of desc, created_at desc`.execute(db);
  return rows.rows.map(toRate).sort((a, b) => b.termMonths - a.termMonths || a.product.localeCompare(b.product));
}

/** Adds a rate, or replaces the rate of that product and week. */
export async function upsertRate(db: Db, input: NewRate): Promise<{ rate: Rate; created: boolean }> {
  const row = await sql<RateRow & { created: boolean }>`
    insert into rates (product, rate, as_of, source)
    values (${input.product}, ${input.rate}, ${input.asOf}::date, ${input.source ?? ''})
    on conflict (product, as_of) do update set rate = excluded.rate, source = excluded.source, created_at = now()
    returning id, product, rate, as_of::text as as_of, source, (xmax = 0) as created`.execute(db);
  const r = row.rows[0];
  return { rate: toRate(r), created: r.created };
}

export const PMMS_SOURCE = 'Freddie Mac PMMS';
export const PMMS_PRODUCTS = { thirty: '30-Year Fixed', fifteen: '15-Year Fixed' } as const;

export interface PmmsRow {
  asOf: string;
  thirty: number | null;
  fifteen: number | null;
}

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Reads a Freddie Mac PMMS history CSV: a date column and the 30-year and 15-year fixed rates.
 * Header names vary (`date,pmms30,pmms30p,pmms15,...` in their history file, `Week,30-Year FRM,
 * 15-Year FRM` in exports): the date column is the one named date or week; the rate columns are the
 * first whose names hold 30 / 15 and are not points or fees. Dates may be YYYY-MM-DD or M/D/YYYY.
 */
export function parsePmmsCsv(text: string): { rows: PmmsRow[]; skipped: Array<{ line: number; reason: string }> } {
  const records = parseCsv(text);
  if (!records.length) throw new Error('The file is empty');
  const header = records[0].fields.map(norm);
  const dateCol = header.findIndex((h) => h === 'date' || h.includes('date') || h.includes('week'));
  const rateCol = (years: string) =>
    header.findIndex((h, i) => i !== dateCol && h.includes(years) && !/p$|points|fees|spread|margin/.test(h));
  const c30 = rateCol('30');
  const c15 = rateCol('15');
  if (dateCol < 0) throw new Error('No date column (expected a header named date or week)');
  if (c30 < 0 && c15 < 0) throw new Error('No 30-year or 15-year rate column (expected headers like pmms30 / 30-Year FRM)');
  const rows: PmmsRow[] = [];
  const skipped: Array<{ line: number; reason: string }> = [];
  const rate = (v: string | undefined) => {
    if (v === undefined || v.trim() === '' || /^n\/?a$/i.test(v.trim())) return null;
    const n = Number(v.trim().replace('%', ''));
    return Number.isFinite(n) && n > 0 && n < 30 ? n : NaN;
  };
  for (const r of records.slice(1)) {
    const asOf = parseDate(r.fields[dateCol] ?? '');
    if (!asOf) {
      skipped.push({ line: r.line, reason: `Not a date: ${JSON.stringify(r.fields[dateCol] ?? '')}` });
      continue;
    }
    const thirty = c30 >= 0 ? rate(r.fields[c30]) : null;
    const fifteen = c15 >= 0 ? rate(r.fields[c15]) : null;
    if (Number.isNaN(thirty) || Number.isNaN(fifteen)) {
      skipped.push({ line: r.line, reason: 'A rate is not a number between 0 and 30' });
      continue;
    }
    if (thirty === null && fifteen === null) continue;
    rows.push({ asOf, thirty, fifteen });
  }
  return { rows, skipped };
}

/** Writes PMMS rows (one statement); returns how many rates were added or changed. */
export async function importPmms(db: Db, rows: PmmsRow[], source = PMMS_SOURCE): Promise<number> {
  const values = rows.flatMap((r) => [
    ...(r.thirty !== null ? [{ product: PMMS_PRODUCTS.thirty, rate: r.thirty, as_of: r.asOf }] : []),
    ...(r.fifteen !== null ? [{ product: PMMS_PRODUCTS.fifteen, rate: r.fifteen, as_of: r.asOf }] : []),
  ]);
  if (!values.length) return 0;
  const result = await sql`
    insert into rates (product, rate, as_of, source)
    select product, rate, as_of, ${source} from json_to_recordset(${JSON.stringify(values)}::json) as v(product text, rate float8, as_of date)
    on conflict (product, as_of) do update set rate = excluded.rate, source = excluded.source
    where (rates.rate, rates.source) is distinct from (excluded.rate, excluded.source)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
