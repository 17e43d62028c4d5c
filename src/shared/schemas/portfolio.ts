import { Type, type Static } from '@sinclair/typebox';
import { MONTH_PATTERN, PORTFOLIO_LIMITS as L } from '../portfolio/limits';
import { DateOnly, DateTime, Id, Nullable } from './common';

/** The investor's portfolio (issue 40, docs/portfolio.md and docs/investor-api.md "Portfolio"). */

const Dollars = (description: string, maximum: number = L.maxPrice) => Type.Integer({ minimum: 0, maximum, description });
const Percent = (description: string, minimum: number, maximum: number) => Type.Number({ minimum, maximum, description });

/** A month: YYYY-MM. */
export const Month = Type.String({ pattern: MONTH_PATTERN, description: 'A month, YYYY-MM.' });

/** The purchase loan: a fixed-rate, fully amortising mortgage paid monthly from the month after it starts. */
export const PortfolioLoan = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: L.maxPrice, description: 'Dollars borrowed.' }),
    ratePercent: Percent('Yearly interest rate.', 0, L.maxRatePercent),
    termYears: Type.Integer({ minimum: 1, maximum: L.maxTermYears }),
    startDate: DateOnly,
  },
  { additionalProperties: false },
);
export type PortfolioLoan = Static<typeof PortfolioLoan>;

/**
 * The projection made when the property was bought, which its actuals are measured against: year 1's
 * rent and operating expenses (not the loan's payments, which come from the loan), the vacancy it
 * allowed, the yearly growth, and the cash put in (down payment, closing costs, repairs).
 */
export const PortfolioPlan = Type.Object(
  {
    monthlyRent: Dollars('Rent a month in year 1, before vacancy.', L.maxMonthly),
    vacancyPercent: Percent('The share of the rent the projection expected to lose to vacancy.', 0, L.maxVacancyPercent),
    monthlyExpenses: Dollars(
      'Operating expenses a month in year 1 (tax, insurance, repairs, management…), not the loan.',
      L.maxMonthly,
    ),
    appreciationPercent: Percent('Yearly change of the value.', L.minGrowthPercent, L.maxGrowthPercent),
    rentGrowthPercent: Percent('Yearly change of the rent.', L.minGrowthPercent, L.maxGrowthPercent),
    expenseGrowthPercent: Percent('Yearly change of the expenses.', L.minGrowthPercent, L.maxGrowthPercent),
    cashInvested: Dollars('Cash put in at purchase: down payment, closing costs, repairs.'),
  },
  { additionalProperties: false },
);
export type PortfolioPlan = Static<typeof PortfolioPlan>;

/** A month's actuals, as entered or imported. */
export const PortfolioActuals = Type.Object(
  {
    rent: Dollars('Rent collected.', L.maxMonthly),
    vacantDays: Type.Integer({ minimum: 0, maximum: 31, description: 'Days the property stood empty.' }),
    expenses: Dollars('Operating expenses paid (repairs, management, tax, insurance…), not the loan.', L.maxMonthly),
    note: Type.Optional(Type.String({ maxLength: L.maxNoteLength })),
  },
  { additionalProperties: false },
);
export type PortfolioActuals = Static<typeof PortfolioActuals>;

export const PortfolioMonth = Type.Composite([Type.Object({ month: Month }), PortfolioActuals]);
export type PortfolioMonth = Static<typeof PortfolioMonth>;

/** An estimate with its range (docs/accuracy.md). */
export const RangedEstimate = Type.Object({ value: Type.Number(), low: Type.Number(), high: Type.Number() });
export type RangedEstimate = Static<typeof RangedEstimate>;

/** One month of a property's (or the portfolio's) history: actual against projected. */
export const PortfolioHistoryMonth = Type.Object({
  month: Month,
  /** Null where no actuals were entered for the month. */
  actualCashFlow: Nullable(Type.Number()),
  projectedCashFlow: Type.Number(),
  actualRent: Nullable(Type.Number()),
  projectedRent: Type.Number(),
  /** The month's snapshot of the value estimate; null where none was kept. */
  value: Nullable(Type.Number()),
  projectedValue: Type.Number(),
  loanBalance: Type.Number(),
  /** value − loanBalance, null without a value. */
  equity: Nullable(Type.Number()),
});
export type PortfolioHistoryMonth = Static<typeof PortfolioHistoryMonth>;

/** What a property (or the portfolio) did, actual against the projection made at purchase. */
export const PortfolioFigures = Type.Object({
  /** Today's value estimate (null: too few comps), and the one the projection expected now. */
  value: Nullable(RangedEstimate),
  projectedValue: Type.Number(),
  rent: Nullable(RangedEstimate),
  loanBalance: Type.Number(),
  /** value − loanBalance (null without a value estimate). */
  equity: Nullable(Type.Number()),
  monthlyPayment: Type.Number(),
  cashInvested: Type.Number(),
  /** The months with actuals. */
  monthsWithActuals: Type.Integer(),
  cashFlowToDate: Type.Number(),
  projectedCashFlowToDate: Type.Number(),
  /** Yearly cash flow over the months with actuals ÷ cash invested, percent (null without cash in or months). */
  cashOnCash: Nullable(Type.Number()),
  projectedCashOnCash: Nullable(Type.Number()),
  /** Yearly IRR from the purchase to the last month with actuals, as if sold at today's value (percent). */
  irr: Nullable(Type.Number()),
  projectedIrr: Nullable(Type.Number()),
  /** What changed, in words ("Rent $150/mo below the projection since March 2026"). */
  changes: Type.Array(Type.String()),
});
export type PortfolioFigures = Static<typeof PortfolioFigures>;

/** A property the investor owns. */
export const PortfolioProperty = Type.Object({
  _id: Id,
  /** The pipeline deal it came from (null: added by address or CSV). */
  dealId: Nullable(Id),
  /** The listing while Dealmap lists it. */
  propertyId: Nullable(Type.String()),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  beds: Nullable(Type.Integer()),
  baths: Nullable(Type.Number()),
  area: Nullable(Type.Integer()),
  purchasePrice: Type.Integer(),
  purchaseDate: DateOnly,
  loan: Nullable(PortfolioLoan),
  plan: PortfolioPlan,
  figures: PortfolioFigures,
  addedAt: DateTime,
});
export type PortfolioProperty = Static<typeof PortfolioProperty>;

/** One property with its months: GET /portfolio/properties/:id. */
export const PortfolioPropertyDetail = Type.Composite([
  PortfolioProperty,
  Type.Object({ months: Type.Array(PortfolioMonth), history: Type.Array(PortfolioHistoryMonth) }),
]);
export type PortfolioPropertyDetail = Static<typeof PortfolioPropertyDetail>;

/** A pipeline deal in the Owned stage that is not in the portfolio yet. */
export const OwnedDeal = Type.Object({
  dealId: Id,
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  offerPrice: Nullable(Type.Integer()),
  listPrice: Nullable(Type.Integer()),
  ownedSince: DateTime,
});
export type OwnedDeal = Static<typeof OwnedDeal>;

/** GET /portfolio: every property, the whole portfolio's figures and history, and the owned deals to add. */
export const Portfolio = Type.Object({
  /** The month the figures run to (this month). */
  asOf: Month,
  properties: Type.Array(PortfolioProperty),
  totals: PortfolioFigures,
  history: Type.Array(PortfolioHistoryMonth),
  ownedDeals: Type.Array(OwnedDeal),
});
export type Portfolio = Static<typeof Portfolio>;

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** What the add and edit forms send about the property itself. */
const Facts = {
  beds: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 50 }))),
  baths: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 50 }))),
  area: Type.Optional(Nullable(Type.Integer({ minimum: 100, maximum: 100_000, description: 'Square feet.' }))),
};
const Purchase = {
  purchasePrice: Type.Integer({ minimum: 1, maximum: L.maxPrice }),
  purchaseDate: DateOnly,
  loan: Type.Optional(Nullable(PortfolioLoan)),
  /** Absent: the projection Dealmap makes from the estimates and the default assumptions. */
  plan: Type.Optional(Type.Partial(PortfolioPlan, { additionalProperties: false })),
};

/** POST /portfolio/properties: from an Owned deal (dealId), or by address. */
export const AddPortfolioProperty = Type.Object(
  {
    dealId: Type.Optional(Type.String({ maxLength: 200 })),
    address: Type.Optional(Text(200)),
    city: Type.Optional(Text(100)),
    state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'Two letters.' })),
    zip: Type.Optional(Type.String({ pattern: '^\\d{5}$', description: 'Five digits.' })),
    ...Facts,
    ...Purchase,
  },
  { additionalProperties: false },
);
export type AddPortfolioProperty = Static<typeof AddPortfolioProperty>;

/** PATCH /portfolio/properties/:id. */
export const UpdatePortfolioProperty = Type.Object(
  {
    ...Facts,
    purchasePrice: Type.Optional(Purchase.purchasePrice),
    purchaseDate: Type.Optional(DateOnly),
    loan: Purchase.loan,
    plan: Purchase.plan,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePortfolioProperty = Static<typeof UpdatePortfolioProperty>;

export const MonthParams = Type.Object({ id: Type.String({ maxLength: 200 }), month: Type.String({ maxLength: 20 }) });

/** POST /portfolio/import.csv and /portfolio/properties/:id/actuals.csv: the file's text. */
export const PortfolioCsv = Type.Object({ csv: Type.String() }, { additionalProperties: false });

export const PortfolioImportResult = Type.Object({
  /** Properties added, or months written. */
  imported: Type.Integer(),
});
export type PortfolioImportResult = Static<typeof PortfolioImportResult>;
