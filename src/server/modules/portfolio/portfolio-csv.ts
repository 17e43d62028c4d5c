import {
  ACTUALS_CSV_COLUMNS,
  ACTUALS_CSV_REQUIRED,
  PORTFOLIO_LIMITS as L,
  PROPERTIES_CSV_COLUMNS,
  PROPERTIES_CSV_REQUIRED,
} from '../../../shared/portfolio/limits';
import { isMonth } from '../../../shared/portfolio/months';
import type { PortfolioActuals, PortfolioLoan } from '../../../shared/schemas/portfolio';
import { badRequest } from '../../http/errors';
import { readImportFile } from '../../http/import-file';

/**
 * The portfolio's CSV files (docs/portfolio.md, "Importing"): a property manager's monthly statement and
 * a list of properties. A file is read whole and checked whole: wrong columns, or any row in error,
 * answer 400 naming what to fix, and nothing is written.
 */

/** Rows in error: the first few, by row number (the header is row 1, so a file's first row is row 2). */
export function refuse(errors: string[]): never {
  const shown = errors.slice(0, 3).join('; ');
  const more = errors.length > 3 ? `; and ${errors.length - 3} more` : '';
  const message = `${shown}${more}. Nothing was imported.`;
  throw badRequest(message, { csv: message });
}

/** "$1,850.00" → 1850 (whole dollars); null when it is not an amount. */
function dollars(text: string, max: number): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned));
  return value <= max ? value : null;
}

/** A real calendar day, YYYY-MM-DD (2026-02-30 is not: Date.parse would roll it over). */
export const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** "2026-03", "2026-03-01", "3/2026" or "03/2026" → "2026-03". */
function month(text: string): string | null {
  const slashed = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (slashed)
    return isMonth(`${slashed[2]}-${slashed[1].padStart(2, '0')}`) ? `${slashed[2]}-${slashed[1].padStart(2, '0')}` : null;
  if (text.length === 10) return isDay(text) ? text.slice(0, 7) : null;
  return isMonth(text) ? text : null;
}

export type ActualsRow = PortfolioActuals & { month: string };

/** A monthly statement: Month, Rent, Vacant days, Expenses (and Note). `check` adds a month's own problems (before the purchase…). */
export function readActualsCsv(csv: string, check: (row: ActualsRow) => string | null): ActualsRow[] {
  const rows = readImportFile(csv, { columns: ACTUALS_CSV_COLUMNS, required: ACTUALS_CSV_REQUIRED });
  const errors: string[] = [];
  const seen = new Set<string>();
  const months: ActualsRow[] = [];
  for (const { row, values, errors: fileErrors } of rows) {
    const at = `Row ${row + 1}`;
    if (fileErrors.csv) {
      errors.push(`${at}: ${fileErrors.csv}`);
      continue;
    }
    const m = month(values.Month);
    const rent = dollars(values.Rent, L.maxMonthly);
    const expenses = dollars(values.Expenses, L.maxMonthly);
    const vacantDays = /^\d{1,2}$/.test(values['Vacant days']) ? Number(values['Vacant days']) : null;
    if (!m) errors.push(`${at}: Month "${values.Month}" is not a month (write 2026-03)`);
    else if (seen.has(m)) errors.push(`${at}: ${m} appears twice`);
    if (rent === null) errors.push(`${at}: Rent "${values.Rent}" is not an amount in dollars`);
    if (expenses === null) errors.push(`${at}: Expenses "${values.Expenses}" is not an amount in dollars`);
    if (vacantDays === null) errors.push(`${at}: Vacant days "${values['Vacant days']}" is not a number of days`);
    if (values.Note.length > L.maxNoteLength) errors.push(`${at}: the note is longer than ${L.maxNoteLength} characters`);
    if (!m || rent === null || expenses === null || vacantDays === null || seen.has(m)) continue;
    seen.add(m);
    const actuals: ActualsRow = { month: m, rent, vacantDays, expenses, ...(values.Note ? { note: values.Note } : {}) };
    const problem = check(actuals);
    if (problem) errors.push(`${at}: ${problem}`);
    else months.push(actuals);
  }
  if (errors.length) refuse(errors);
  return months;
}

export interface PropertyCsvRow {
  row: number;
  address: string;
  city: string;
  state: string;
  zip: string;
  purchasePrice: number;
  purchaseDate: string;
  loan: PortfolioLoan | null;
  monthlyRent: number | null;
}

/** A list of properties: Address, City, State, ZIP, Purchase price, Purchase date (and the loan, the rent). */
export function readPropertiesCsv(csv: string): PropertyCsvRow[] {
  const rows = readImportFile(csv, { columns: PROPERTIES_CSV_COLUMNS, required: PROPERTIES_CSV_REQUIRED });
  if (rows.length > L.maxProperties)
    refuse([`The file has ${rows.length} properties; a portfolio holds at most ${L.maxProperties}`]);
  const errors: string[] = [];
  const properties: PropertyCsvRow[] = [];
  for (const { row, values: v, errors: fileErrors } of rows) {
    const at = `Row ${row + 1}`;
    const before = errors.length;
    if (fileErrors.csv) errors.push(`${at}: ${fileErrors.csv}`);
    for (const column of PROPERTIES_CSV_REQUIRED) if (!v[column]) errors.push(`${at}: ${column} is empty`);
    if (v.Address.length > 200) errors.push(`${at}: the address is longer than 200 characters`);
    if (v.City.length > 100) errors.push(`${at}: the city is longer than 100 characters`);
    if (v.State && !/^[A-Za-z]{2}$/.test(v.State)) errors.push(`${at}: State "${v.State}" must be two letters`);
    if (v.ZIP && !/^\d{5}$/.test(v.ZIP)) errors.push(`${at}: ZIP "${v.ZIP}" must be five digits`);
    const price = v['Purchase price'] ? dollars(v['Purchase price'], L.maxPrice) : null;
    if (v['Purchase price'] && !price) errors.push(`${at}: Purchase price "${v['Purchase price']}" is not an amount in dollars`);
    if (v['Purchase date'] && !isDay(v['Purchase date']))
      errors.push(`${at}: Purchase date "${v['Purchase date']}" must be YYYY-MM-DD`);
    const rent = v['Monthly rent'] ? dollars(v['Monthly rent'], L.maxMonthly) : null;
    if (v['Monthly rent'] && rent === null) errors.push(`${at}: Monthly rent "${v['Monthly rent']}" is not an amount in dollars`);
    const loanColumns = ['Loan amount', 'Loan rate', 'Loan term years'] as const;
    let loan: PortfolioLoan | null = null;
    if (loanColumns.some((c) => v[c])) {
      const amount = dollars(v['Loan amount'], L.maxPrice);
      const rate = /^\d+(\.\d+)?%?$/.test(v['Loan rate']) ? Number(v['Loan rate'].replace('%', '')) : null;
      const term = /^\d{1,2}$/.test(v['Loan term years']) ? Number(v['Loan term years']) : null;
      const start = v['Loan start'] || v['Purchase date'];
      if (!amount) errors.push(`${at}: Loan amount "${v['Loan amount']}" is not an amount in dollars`);
      if (rate === null || rate > L.maxRatePercent) errors.push(`${at}: Loan rate "${v['Loan rate']}" is not a rate (write 6.5)`);
      if (!term || term > L.maxTermYears)
        errors.push(`${at}: Loan term years "${v['Loan term years']}" is not a number of years`);
      if (!isDay(start)) errors.push(`${at}: Loan start "${start}" must be YYYY-MM-DD`);
      if (amount && rate !== null && term) loan = { amount, ratePercent: rate, termYears: term, startDate: start };
    }
    if (errors.length > before || !price) continue;
    properties.push({
      row: row + 1,
      address: v.Address,
      city: v.City,
      state: v.State.toUpperCase(),
      zip: v.ZIP,
      purchasePrice: price,
      purchaseDate: v['Purchase date'],
      loan,
      monthlyRent: rent,
    });
  }
  if (errors.length) refuse(errors);
  return properties;
}
