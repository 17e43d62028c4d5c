import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTime, Id, Nullable, Paged, StringEnum } from './common';
import { NOT_BLANK } from './formats';

/** One published mortgage rate (GET /rates/latest). */
export const Rate = Type.Object({
  _id: Id,
  product: Type.String(),
  /** Percent, e.g. 6.26. */
  rate: Type.Number(),
  /** From the product name through the loan-term helper. */
  termMonths: Type.Integer(),
  /** The survey week. */
  asOf: DateOnly,
  source: Type.String(),
});
export type Rate = Static<typeof Rate>;

/** POST /admin/rates (Admin): a week's rate of a product; the same product and week is replaced. */
export const NewRate = Type.Object(
  {
    product: Type.String({ minLength: 1, maxLength: 60, pattern: NOT_BLANK }),
    rate: Type.Number({ exclusiveMinimum: 0, maximum: 30 }),
    asOf: Type.String({ minLength: 1, maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    source: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type NewRate = Static<typeof NewRate>;

/** PUT /admin/rate/{id} (Admin): the same fields; another rate of that product and week is a 409. */
export const RateForm = NewRate;
export type RateForm = NewRate;

/** The admin list's sort fields (`field` or `-field`); the default is the newest survey week first. */
export const RATE_SORT_FIELDS = ['asOf', 'product', 'rate'] as const;

/** GET /admin/rates?q=&product=&page=&pageSize=&sort= */
export const RatesListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 60, description: 'Part of a product name' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    sort: Type.Optional(
      StringEnum(
        RATE_SORT_FIELDS.flatMap((f) => [f, `-${f}`]),
        { description: 'asOf, product or rate; a leading - sorts descending' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RatesListQuery = Static<typeof RatesListQuery>;

export const RatesPage = Paged(Rate);
export type RatesPage = Static<typeof RatesPage>;

/** POST /admin/rates/import: a PMMS history CSV; `dryRun` (the preview) writes nothing. */
export const RatesImportRequest = Type.Object(
  {
    csv: Type.String({ minLength: 1 }),
    dryRun: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type RatesImportRequest = Static<typeof RatesImportRequest>;

export const RATE_IMPORT_CHANGES = ['new', 'changed', 'unchanged'] as const;

/** One week of the file as the preview shows it: its rates and what importing it would do. */
export const RatesImportRow = Type.Object({
  line: Type.Integer({ description: 'Line of the file (the header is line 1)' }),
  asOf: DateOnly,
  thirty: Nullable(Type.Number()),
  fifteen: Nullable(Type.Number()),
  change: StringEnum(RATE_IMPORT_CHANGES),
});
export type RatesImportRow = Static<typeof RatesImportRow>;

export const RatesImportError = Type.Object({ line: Type.Integer(), message: Type.String() });
export type RatesImportError = Static<typeof RatesImportError>;

/** The preview (and the result) of an import: every week read, the lines with errors, the counts. */
export const RatesImportReport = Type.Object({
  rows: Type.Array(RatesImportRow),
  errors: Type.Array(RatesImportError),
  /** Rates (a product's week) the import adds or changes; 0 when nothing would change. */
  newRates: Type.Integer(),
  changedRates: Type.Integer(),
  /** Written by a real import (0 in a preview). */
  written: Type.Integer(),
});
export type RatesImportReport = Static<typeof RatesImportReport>;

/** Re-pricing after a new latest 30-year rate: listings rewritten so far of those to do. */
export const RepriceStatus = Type.Object({
  running: Type.Boolean(),
  done: Type.Integer(),
  total: Type.Integer(),
});
export type RepriceStatus = Static<typeof RepriceStatus>;

/** The weekly PMMS feed (RATES_FEED_URL): its address and how its last fetch went. */
export const RatesFeedStatus = Type.Object({
  configured: Type.Boolean(),
  url: Nullable(Type.String()),
  /** When the last fetch ended (ok or not). */
  lastFetchAt: Nullable(DateTime),
  lastSuccessAt: Nullable(DateTime),
  /** Why the last fetch failed; null when it worked. */
  lastError: Nullable(Type.String()),
  /** Rates the last successful fetch added or changed. */
  lastWritten: Nullable(Type.Integer()),
  nextFetchAt: Nullable(DateTime),
  fetching: Type.Boolean(),
});
export type RatesFeedStatus = Static<typeof RatesFeedStatus>;

/**
 * GET /rates/pricing: the rate the listings' results are being priced at, and whether a re-price is
 * running. The search page polls it and shows the new results once a re-price is done.
 */
export const PricingStatus = Type.Object({
  /** The latest 30-year rate, percent; null when no rate is on file. */
  rate: Nullable(Type.Number()),
  repricing: Type.Boolean(),
  /**
   * Re-pricing passes finished on this database (the same from every server): a page whose results
   * were fetched at another version fetches them again once no re-price is running.
   */
  version: Type.Integer(),
});
export type PricingStatus = Static<typeof PricingStatus>;

/** GET /admin/rates/status: what the Rates screen polls. */
export const RatesStatus = Type.Object({ reprice: RepriceStatus, feed: RatesFeedStatus });
export type RatesStatus = Static<typeof RatesStatus>;
