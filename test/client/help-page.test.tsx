import { screen, within } from '@testing-library/react';
import { HelpPage } from '../../src/client/features/help/help-page';
import { STRATEGY_GUIDES } from '../../src/client/features/help/strategy-guide';
import type { PropertyResults } from '../../src/client/features/deal/strategy-results';
import { strategyRows } from '../../src/client/features/deal/strategy-results';
import { renderSignedIn, withFastComputedStyle } from './api-mock';

withFastComputedStyle();

/** The fields of the four result objects. */
const SPEC_FIELDS = {
  buyHold: ['totalCashNeeded', 'netMonthlyIncome', 'grossMonthlyExpenses', 'totalCosts', 'cashOnCashRoi'],
  brrrr: [
    'totalCashNeeded',
    'cashOnCashRoi',
    'netMonthlyIncome',
    'cashAtRefiClose',
    'arv',
    'loanAmount',
    'rehabCost',
    'refiLoanAmount',
    'grossMonthlyExpenses',
  ],
  fixFlip: [
    'cashNeeded',
    'cashOnCashRoi',
    'projectedProfit',
    'returnOnInvestment',
    'afterRepairValue',
    'rehabCosts',
    'purchaseCosts',
    'sellingCosts',
    'totalProjectCosts',
    'estimatedTimeMonths',
  ],
  shortTerm: [
    'grossAnnualRevenue',
    'cashOnCashRoi',
    'estimatedOccupancyRate',
    'netOperatingIncome',
    'peakSeasonRate',
    'offSeasonRate',
    'shoulderSeasonRate',
    'monthlyMortgage',
    'annualExpenses',
    'totalInvestment',
    'capRate',
    'setupCosts',
  ],
} as const;

/** A property with every result field set, so the popup lists every row. */
const everyResult = Object.fromEntries(
  Object.values(SPEC_FIELDS)
    .flat()
    .map((field) => [field, 1]),
);
const property = {
  _id: 'p',
  BuyHoldResults: everyResult,
  BRRRRResults: everyResult,
  FixFlipResults: everyResult,
  ShortTermResults: everyResult,
} as unknown as PropertyResults;

describe('the strategy guide', () => {
  it.each(STRATEGY_GUIDES.map((g) => [g.name, g] as const))(
    '%s explains every spec field, with the popup tab’s labels',
    (_name, guide) => {
      const fields = guide.figures.map((f) => f.field).filter(Boolean);
      expect([...fields].sort()).toEqual([...SPEC_FIELDS[guide.key]].sort());
      expect(guide.figures.map((f) => f.label)).toEqual(strategyRows(guide.key, property).map((row) => row.label));
      for (const figure of guide.figures) {
        expect(figure.meaning.length).toBeGreaterThan(10);
        expect(figure.formula.length).toBeGreaterThan(5);
      }
    },
  );

  it('takes the figures in its formulas from the engine defaults', () => {
    const brrrr = STRATEGY_GUIDES.find((g) => g.key === 'brrrr')!;
    expect(brrrr.figures.find((f) => f.field === 'loanAmount')?.formula).toMatch(/^ARV × 70%/);
    expect(brrrr.figures.find((f) => f.field === 'refiLoanAmount')?.formula).toMatch(/^ARV × 80%/);
    const flip = STRATEGY_GUIDES.find((g) => g.key === 'fixFlip')!;
    expect(flip.figures.find((f) => f.field === 'sellingCosts')?.formula).toBe('After repair value × 8%.');
  });
});

describe('help page', () => {
  it('covers the map, the deal colours with the legend strings, and every strategy’s figures', () => {
    renderSignedIn(<HelpPage />, { path: '/app/help' });
    expect(screen.getByRole('heading', { name: 'Using the map' })).toBeInTheDocument();
    const colours = screen.getByRole('region', { name: 'What the deal colours mean' });
    for (const text of [
      'Good Deal',
      'priced below comps',
      'Overpriced',
      'priced above comps',
      'Market Price',
      'priced within the comp range',
    ]) {
      expect(within(colours).getAllByText(new RegExp(text)).length).toBeGreaterThan(0);
    }
    for (const name of ['Buy & Hold', 'BRRRR', "Fix'N'Flip", 'Short-term Rental']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Total cash needed − cash at refinance close.')).toBeInTheDocument();
    expect(screen.getByText(/Monthly payment = loan × r ÷ \(1 − \(1 \+ r\)\^−n\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What the strategy figures mean' })).toHaveAttribute('href', '#help-figures');
  });
});
