import type {
  OwnedDeal,
  Portfolio,
  PortfolioFigures,
  PortfolioHistoryMonth,
  PortfolioProperty,
  PortfolioPropertyDetail,
} from '../../src/shared/schemas/portfolio';

/** The portfolio's answers as the server shapes them (src/shared/schemas/portfolio.ts). */

export const ELM_ID = '11111111-1111-4111-8111-111111111111';
export const OAK_ID = '22222222-2222-4222-8222-222222222222';
export const DEAL_ID = '33333333-3333-4333-8333-333333333333';

export function figures(overrides: Partial<PortfolioFigures> = {}): PortfolioFigures {
  return {
    value: { value: 372000, low: 351000, high: 394000 },
    projectedValue: 365000,
    rent: { value: 2100, low: 1950, high: 2250 },
    loanBalance: 236000,
    equity: 136000,
    monthlyPayment: 1573,
    cashInvested: 72000,
    monthsWithActuals: 3,
    cashFlowToDate: 1200,
    projectedCashFlowToDate: 1650,
    cashOnCash: 6.67,
    projectedCashOnCash: 9.17,
    irr: 11.2,
    projectedIrr: 12.5,
    changes: ['Rent $150/mo below the projection since March 2026'],
    ...overrides,
  };
}

export function historyMonth(month: string, overrides: Partial<PortfolioHistoryMonth> = {}): PortfolioHistoryMonth {
  return {
    month,
    actualCashFlow: 400,
    projectedCashFlow: 550,
    actualRent: 1950,
    projectedRent: 2100,
    value: 370000,
    projectedValue: 362000,
    loanBalance: 237000,
    equity: 133000,
    ...overrides,
  };
}

export const HISTORY = [
  historyMonth('2026-01'),
  historyMonth('2026-02', { actualCashFlow: 500 }),
  historyMonth('2026-03', { actualCashFlow: 300, value: 372000, equity: 136000 }),
];

export function property(overrides: Partial<PortfolioProperty> = {}): PortfolioProperty {
  return {
    _id: ELM_ID,
    dealId: null,
    propertyId: null,
    address: '1 Elm St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    latitude: 30.27,
    longitude: -97.74,
    beds: 3,
    baths: 2,
    area: 1450,
    purchasePrice: 300000,
    purchaseDate: '2025-12-15',
    loan: { amount: 240000, ratePercent: 6.5, termYears: 30, startDate: '2025-12-15' },
    plan: {
      monthlyRent: 2100,
      vacancyPercent: 5,
      monthlyExpenses: 600,
      appreciationPercent: 3,
      rentGrowthPercent: 2.5,
      expenseGrowthPercent: 2,
      cashInvested: 72000,
    },
    figures: figures(),
    addedAt: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}

export const ELM = property();
export const OAK = property({
  _id: OAK_ID,
  address: '9 Oak Ave',
  zip: '78702',
  purchasePrice: 210000,
  loan: null,
  figures: figures({ value: null, equity: null, cashFlowToDate: -300, cashOnCash: null, irr: null, changes: [] }),
});

export const OWNED: OwnedDeal = {
  dealId: DEAL_ID,
  address: '5 Pine Rd',
  city: 'Austin',
  state: 'TX',
  zip: '78703',
  offerPrice: 245000,
  listPrice: 259000,
  ownedSince: '2026-02-20T15:00:00Z',
};

export function portfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    asOf: '2026-03',
    properties: [ELM, OAK],
    totals: figures({
      value: { value: 582000, low: 551000, high: 614000 },
      equity: 346000,
      loanBalance: 236000,
      cashFlowToDate: 900,
      changes: ['1 Elm St: rent $150/mo below the projection since March 2026', '9 Oak Ave has no value estimate'],
    }),
    history: HISTORY,
    ownedDeals: [OWNED],
    ...overrides,
  };
}

export function detail(overrides: Partial<PortfolioPropertyDetail> = {}): PortfolioPropertyDetail {
  return {
    ...ELM,
    months: [
      { month: '2026-01', rent: 1950, vacantDays: 0, expenses: 400, note: 'New tenant' },
      { month: '2026-02', rent: 2000, vacantDays: 0, expenses: 350 },
      { month: '2026-03', rent: 1950, vacantDays: 2, expenses: 500, note: 'Water heater' },
    ],
    history: HISTORY,
    ...overrides,
  };
}
