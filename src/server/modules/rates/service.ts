import type { NewRate, Rate, RatesImportError, RatesImportReport, RatesImportRow } from '../../../shared/schemas/rates';
import { formatDate } from '../../../shared/format';
import { IMPORT_MAX_BYTES } from '../../../shared/admin-constants';
import { parseDate } from '../../lib/dates';
import { parseCsvRecords } from '../../lib/csv';
import type { AuditAction } from '../../../shared/admin-constants';
import type { Db } from '../../db/database';
import { changed, writeAudit, type Actor, type AuditChange, type AuditView } from '../audit';
import { badRequest, conflict, importRefused, notFound } from '../../http/errors';
import { createRatesRepository, type RateValues } from './repository';

export type { Rate };

/** The latest rate of each product, longest term first. */
export async function latestRates(db: Db): Promise<Rate[]> {
  return (await createRatesRepository(db).latestOfEachProduct()).sort(
    (a, b) => b.termMonths - a.termMonths || a.product.localeCompare(b.product),
  );
}

/** What the audit log keeps of a rate. */
const rateView = (rate: Rate): AuditView => ({ product: rate.product, rate: rate.rate, asOf: rate.asOf, source: rate.source });

const rateAudit = (action: AuditAction, id: string, before: Rate | null, after: Rate | null): AuditChange => ({
  action,
  entityType: 'rate',
  entityId: id,
  before: before && rateView(before),
  after: after && rateView(after),
});

/** Adds a rate, or replaces the rate of that product and week (POST /admin/rates), with its audit entry. */
export async function upsertRate(db: Db, input: NewRate, actor: Actor): Promise<{ rate: Rate; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const rates = createRatesRepository(trx);
    const stored = await rates.findExactWeeks([{ product: input.product, as_of: input.asOf }]);
    const before = stored.get(`${input.product}|${input.asOf}`) ?? null;
    const { rate, created } = await rates.upsertRate({ ...input, source: input.source ?? '' });
    if (created || !before || changed(rateView(before), rateView(rate))) {
      await writeAudit(trx, actor, [rateAudit(created ? 'create' : 'update', rate._id, created ? null : before, rate)]);
    }
    return { rate, created };
  });
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
export function parsePmmsCsv(text: string): {
  rows: PmmsRow[];
  /** The file line of each row. */
  lines: number[];
  skipped: Array<{ line: number; reason: string }>;
} {
  const records = parseCsvRecords(text);
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
  const lines: number[] = [];
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
    lines.push(r.line);
  }
  return { rows, lines, skipped };
}

/** The rates of PMMS rows: a 30-year and a 15-year rate a week, where the file has them. */
const pmmsRates = (rows: PmmsRow[]) =>
  rows.flatMap((r) => [
    ...(r.thirty !== null ? [{ product: PMMS_PRODUCTS.thirty, rate: r.thirty, as_of: r.asOf }] : []),
    ...(r.fifteen !== null ? [{ product: PMMS_PRODUCTS.fifteen, rate: r.fifteen, as_of: r.asOf }] : []),
  ]);

/** Writes PMMS rows (one statement); returns how many rates were added or changed. */
export async function importPmms(db: Db, rows: PmmsRow[], source = PMMS_SOURCE): Promise<number> {
  return (await writePmms(db, rows, source)).length;
}

/** Writes PMMS rows (one statement); returns the rates added or changed. */
async function writePmms(db: Db, rows: PmmsRow[], source = PMMS_SOURCE): Promise<Rate[]> {
  return createRatesRepository(db).upsertRates(pmmsRates(rows), source);
}

/** Today's calendar day on the server (UTC), YYYY-MM-DD. */
const todayIso = () => new Date().toISOString().slice(0, 10);

/** The admin form's body as stored: trimmed, the rate to 3 decimals, a real past day; else 400. */
export function rateValues(body: NewRate): RateValues {
  const asOf = parseDate(body.asOf);
  if (!asOf) throw badRequest('As of must be a real date (YYYY-MM-DD)', { asOf: 'As of must be a real date (YYYY-MM-DD)' });
  if (asOf > todayIso()) throw badRequest('As of cannot be in the future', { asOf: 'As of cannot be in the future' });
  return {
    product: body.product.trim(),
    rate: Math.round(body.rate * 1000) / 1000,
    asOf,
    source: body.source?.trim() ?? '',
  };
}

const sameWeekMessage = (values: RateValues) =>
  `A ${values.product} rate for the week of ${formatDate(values.asOf)} already exists: edit that one instead`;

/** PUT /admin/rate/{id}: 404 when it is gone, 409 when another rate has that product and week. */
export async function editRate(db: Db, id: string, values: RateValues, actor: Actor): Promise<Rate> {
  return db.transaction().execute(async (trx) => {
    const rates = createRatesRepository(trx);
    const before = await rates.findRate(id);
    if (!before) throw notFound('This rate no longer exists');
    if (await rates.findSameWeek(values.product, values.asOf, id)) {
      const message = sameWeekMessage(values);
      throw conflict(message, { asOf: message });
    }
    const rate = await rates.updateRate(id, values);
    if (!rate) throw notFound('This rate no longer exists');
    if (changed(rateView(before), rateView(rate))) await writeAudit(trx, actor, [rateAudit('update', id, before, rate)]);
    return rate;
  });
}

/** A new rate from the admin form (one per product and week; 409 when the week has one, in any case of the name). */
export async function createRate(db: Db, values: RateValues, actor: Actor): Promise<Rate> {
  return db.transaction().execute(async (trx) => {
    const rates = createRatesRepository(trx);
    if (await rates.findSameWeek(values.product, values.asOf)) {
      const message = sameWeekMessage(values);
      throw conflict(message, { asOf: message });
    }
    const rate = await rates.insertRate(values);
    await writeAudit(trx, actor, [rateAudit('create', rate._id, null, rate)]);
    return rate;
  });
}

/** DELETE /admin/rate/{id}: 404 when it is already gone. */
export async function removeRate(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rates = createRatesRepository(trx);
    const before = await rates.findRate(id);
    if (!before || !(await rates.deleteRate(id))) throw notFound('This rate no longer exists');
    await writeAudit(trx, actor, [rateAudit('delete', id, before, null)]);
  });
}

const fileProblem = (message: string) => badRequest(message, { csv: message });

/**
 * The preview of a PMMS history file: every week read, with what importing it would do to the
 * stored rates (new, changed, unchanged), and the lines that cannot be imported (not a date, a rate
 * that is not a number from 0 to 30, a week in the future). File problems (not a PMMS CSV) are 400.
 */
export async function checkPmmsFile(db: Db, csv: string): Promise<{ report: RatesImportReport; rows: PmmsRow[] }> {
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES) {
    throw fileProblem(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  }
  let parsed: ReturnType<typeof parsePmmsCsv>;
  try {
    parsed = parsePmmsCsv(csv);
  } catch (error) {
    throw fileProblem(`This is not a PMMS history file: ${(error as Error).message}`);
  }
  const today = todayIso();
  const errors: RatesImportError[] = parsed.skipped.map((s) => ({ line: s.line, message: s.reason }));
  const rows: PmmsRow[] = [];
  const lines: number[] = [];
  const seen = new Set<string>();
  parsed.rows.forEach((row, i) => {
    const line = parsed.lines[i];
    if (row.asOf > today) errors.push({ line, message: `${formatDate(row.asOf)} is in the future` });
    else if (seen.has(row.asOf)) errors.push({ line, message: `The week of ${formatDate(row.asOf)} appears twice` });
    else {
      seen.add(row.asOf);
      rows.push(row);
      lines.push(line);
    }
  });
  errors.sort((a, b) => a.line - b.line);
  if (!rows.length && !errors.length) throw fileProblem('The file has no weeks with a rate below the header');

  const stored = await createRatesRepository(db).ratesOfWeeks(
    [PMMS_PRODUCTS.thirty, PMMS_PRODUCTS.fifteen],
    rows.map((r) => r.asOf),
  );
  let newRates = 0;
  let changedRates = 0;
  const previewRows: RatesImportRow[] = rows.map((row, i) => {
    let change: RatesImportRow['change'] = 'unchanged';
    for (const [product, rate] of [
      [PMMS_PRODUCTS.thirty, row.thirty],
      [PMMS_PRODUCTS.fifteen, row.fifteen],
    ] as const) {
      if (rate === null) continue;
      const before = stored.get(`${product}|${row.asOf}`);
      if (before === undefined) {
        newRates++;
        change = 'new';
      } else if (before !== rate) {
        changedRates++;
        if (change !== 'new') change = 'changed';
      }
    }
    return { line: lines[i], asOf: row.asOf, thirty: row.thirty, fifteen: row.fifteen, change };
  });
  return { report: { rows: previewRows, errors, newRates, changedRates, written: 0 }, rows };
}

/** POST /admin/rates/import without dryRun: every week at once in one transaction, or nothing when a line has errors (400 with the report). */
export async function importPmmsFile(db: Db, csv: string, actor: Actor): Promise<RatesImportReport> {
  return db.transaction().execute(async (trx) => {
    const rates = createRatesRepository(trx);
    const { report, rows } = await checkPmmsFile(trx, csv);
    if (report.errors.length) {
      const n = report.errors.length;
      const message = `${n} line${n === 1 ? ' has' : 's have'} errors; nothing was imported. Fix them in the file and choose it again.`;
      throw importRefused(message, report);
    }
    const before = await rates.findExactWeeks(pmmsRates(rows));
    const written = await writePmms(trx, rows);
    await writeAudit(
      trx,
      actor,
      written.map((rate) => rateAudit('import', rate._id, before.get(`${rate.product}|${rate.asOf}`) ?? null, rate)),
    );
    return { ...report, written: written.length };
  });
}
