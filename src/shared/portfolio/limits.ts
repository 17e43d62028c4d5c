import { MAX_OFFER_PRICE } from '../pipeline';

/**
 * The bounds of what an investor enters about a property they own (issue 40, docs/portfolio.md): the
 * wire schemas and the CSV imports check against them, and the forms show them.
 */
export const PORTFOLIO_LIMITS = {
  /** Purchase price, loan amount, cash invested: dollars. */
  maxPrice: MAX_OFFER_PRICE,
  /** A month's rent or expenses: dollars. */
  maxMonthly: 1_000_000,
  maxRatePercent: 30,
  maxTermYears: 50,
  /** The growth rates of the projection made at purchase (percent a year). */
  minGrowthPercent: -20,
  maxGrowthPercent: 30,
  maxVacancyPercent: 100,
  /** The earliest purchase or loan start one may enter. */
  earliestDate: '1950-01-01',
  maxProperties: 500,
  maxNoteLength: 500,
} as const;

/**
 * The IRR to date needs a year of ownership: over a few months it annualises one month's swing (after
 * one month, the closing costs alone read as −26 % a year).
 */
export const IRR_MIN_MONTHS = 12;

/** A month as the wire and the CSVs write it. */
export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/**
 * The columns of a property manager's monthly statement Dealmap imports (one row a month), matched
 * without regard to case; Note may be left out.
 */
export const ACTUALS_CSV_COLUMNS = ['Month', 'Rent', 'Vacant days', 'Expenses', 'Note'] as const;
export const ACTUALS_CSV_REQUIRED = ['Month', 'Rent', 'Vacant days', 'Expenses'] as const;

/** The columns of a portfolio import (one row a property); the loan's columns may be left empty for a cash purchase. */
export const PROPERTIES_CSV_COLUMNS = [
  'Address',
  'City',
  'State',
  'ZIP',
  'Purchase price',
  'Purchase date',
  'Loan amount',
  'Loan rate',
  'Loan term years',
  'Loan start',
  'Monthly rent',
] as const;
export const PROPERTIES_CSV_REQUIRED = ['Address', 'City', 'State', 'ZIP', 'Purchase price', 'Purchase date'] as const;
