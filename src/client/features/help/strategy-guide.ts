import { DEFAULT_ASSUMPTIONS as D } from '../../../shared/invest';
import type { StrategyTabKey } from '../deal';

/**
 * What each strategy figure means and how it is worked out, in words (docs/investment-math.md).
 * Labels are the ones the strategy tabs show; `field` is the result's name, or
 * null for the figures the tabs derive.
 */
export interface FigureGuide {
  label: string;
  field: string | null;
  meaning: string;
  formula: string;
}

export interface StrategyGuide {
  key: StrategyTabKey;
  name: string;
  /** The popup tab's label. */
  tab: string;
  summary: string;
  figures: FigureGuide[];
}

const pct = (n: number) => `${n}%`;
const f = D.financing;
const o = D.operating;
const b = D.brrrr;
const x = D.flip;
const s = D.shortTerm;

const rentExpenses = `${pct(o.vacancyPercent)} vacancy + ${pct(o.managementPercent)} management + ${pct(
  o.maintenancePercent,
)} maintenance + ${pct(o.capexPercent)} capital expenditures`;

/** The monthly payment of a fixed-rate loan, shared by every strategy. */
export const MORTGAGE_PAYMENT =
  'Monthly payment = loan × r ÷ (1 − (1 + r)^−n), where r is the yearly interest rate ÷ 12 and n is the term in months. ' +
  `The rate is the latest published 30-year rate (${pct(f.interestRatePercent)} when none is known) over ${f.termMonths} months.`;

export const OPERATING_EXPENSES =
  `Operating expenses a month = rent × (${rentExpenses}) + the value × (${pct(o.propertyTaxPercent)} property tax + ` +
  `${pct(o.insurancePercent)} insurance) ÷ 12 + HOA + owner-paid utilities. They leave out the mortgage.`;

export const STRATEGY_GUIDES: StrategyGuide[] = [
  {
    key: 'buyHold',
    name: 'Buy & Hold',
    tab: 'Buy/Hold',
    summary: `Buy with a mortgage (${pct(f.downPaymentPercent)} down, ${pct(f.closingCostsPercent)} closing costs) and rent the property out long term.`,
    figures: [
      {
        label: 'Total cash needed',
        field: 'totalCashNeeded',
        meaning: 'The cash you bring to buy the property and make it rentable.',
        formula: `Down payment (${pct(f.downPaymentPercent)} of the price) + closing costs (${pct(f.closingCostsPercent)} of the price) + rehab.`,
      },
      {
        label: 'Net monthly income',
        field: 'netMonthlyIncome',
        meaning: 'The monthly cash flow: what is left of the rent after every bill and the mortgage.',
        formula: 'Rent + other income − gross monthly expenses.',
      },
      {
        label: 'Gross monthly expenses',
        field: 'grossMonthlyExpenses',
        meaning: 'Everything that leaves your account each month.',
        formula: 'Operating expenses + the mortgage payment.',
      },
      {
        label: 'Total costs',
        field: 'totalCosts',
        meaning: 'What the property costs you in all, borrowed money included.',
        formula: 'Price + closing costs + rehab.',
      },
      {
        label: 'Cash-on-cash ROI',
        field: 'cashOnCashRoi',
        meaning: 'The yearly return on the cash you put in.',
        formula: 'Net monthly income × 12 ÷ total cash needed.',
      },
    ],
  },
  {
    key: 'brrrr',
    name: 'BRRRR',
    tab: 'BRRRR',
    summary:
      `Buy, rehab, rent, refinance, repeat: buy and rehab with a short-term loan (${pct(b.hardMoneyRatePercent)} interest only, ` +
      `${pct(b.hardMoneyPointsPercent)} points), rent it out, then refinance after ${b.monthsToRefinance} months on the after-repair value to take your cash back out.`,
    figures: [
      {
        label: 'Total cash needed',
        field: 'totalCashNeeded',
        meaning: 'The cash you put in before the refinance.',
        formula: `Price + rehab + closing costs + lender points + holding costs for ${b.monthsToRefinance} months (interest, tax, insurance, HOA, utilities) − the loan drawn.`,
      },
      {
        label: 'Cash at refinance close',
        field: 'cashAtRefiClose',
        meaning: 'The cash the refinance hands back to you.',
        formula: `Refinance loan − payoff of the first loan − refinance closing costs (${pct(b.refiClosingCostsPercent)} of the new loan).`,
      },
      {
        label: 'Total cash into property',
        field: null,
        meaning: 'The cash that stays in the deal once the refinance has paid you back.',
        formula: 'Total cash needed − cash at refinance close.',
      },
      {
        label: 'Cash-on-cash ROI',
        field: 'cashOnCashRoi',
        meaning: 'The yearly return on the cash left in the deal. ∞ when none is left and the property still cash-flows.',
        formula: 'Net monthly income × 12 ÷ total cash into property.',
      },
      {
        label: 'Net monthly income',
        field: 'netMonthlyIncome',
        meaning: 'The monthly cash flow after the refinance.',
        formula: 'Rent − gross monthly expenses.',
      },
      {
        label: 'After repair value (ARV)',
        field: 'arv',
        meaning: 'What the property should be worth once the rehab is done.',
        formula: 'The listing’s after-repair estimate.',
      },
      {
        label: `Loan amount (${pct(b.loanToArvPercent)} of ARV)`,
        field: 'loanAmount',
        meaning: 'The purchase-and-rehab loan the lender offers.',
        formula: `ARV × ${pct(b.loanToArvPercent)}. Only what the purchase and rehab need (at most price + rehab) is drawn.`,
      },
      {
        label: 'Rehab cost',
        field: 'rehabCost',
        meaning: 'The repairs and renovation.',
        formula: 'The listing’s rehab estimate.',
      },
      {
        label: `Refinance loan (${pct(b.refiLoanToArvPercent)} of ARV)`,
        field: 'refiLoanAmount',
        meaning: 'The long-term loan that replaces the first one.',
        formula: `ARV × ${pct(b.refiLoanToArvPercent)}, at the 30-year rate.`,
      },
      {
        label: 'Gross monthly expenses',
        field: 'grossMonthlyExpenses',
        meaning: 'Everything that leaves your account each month after the refinance.',
        formula: 'Operating expenses (tax and insurance on the ARV) + the payment on the refinance loan.',
      },
    ],
  },
  {
    key: 'fixFlip',
    name: "Fix'N'Flip",
    tab: 'Fix/Flip',
    summary:
      `Buy with a short-term loan (${pct(x.loanToPurchasePercent)} of the price at ${pct(x.hardMoneyRatePercent)}, ${pct(x.hardMoneyPointsPercent)} points), ` +
      `pay the rehab in cash, and sell at the after-repair value after about ${x.holdMonths} months.`,
    figures: [
      {
        label: 'Cash needed',
        field: 'cashNeeded',
        meaning: 'The cash you put in before the sale.',
        formula: 'Purchase costs − the loan + rehab + holding costs.',
      },
      {
        label: 'Cash-on-cash ROI',
        field: 'cashOnCashRoi',
        meaning: 'The profit on the cash you put in, over the whole project (not a year).',
        formula: 'Projected profit ÷ cash needed.',
      },
      {
        label: 'Projected profit',
        field: 'projectedProfit',
        meaning: 'What you keep after the sale.',
        formula: 'After repair value − total project costs.',
      },
      {
        label: 'Return on investment',
        field: 'returnOnInvestment',
        meaning: 'The profit on everything the project costs, borrowed money included.',
        formula: 'Projected profit ÷ total project costs.',
      },
      {
        label: 'After repair value',
        field: 'afterRepairValue',
        meaning: 'The price you expect to sell for.',
        formula: 'The listing’s after-repair estimate.',
      },
      {
        label: 'Rehab costs',
        field: 'rehabCosts',
        meaning: 'The repairs and renovation, paid in cash.',
        formula: 'The listing’s rehab estimate.',
      },
      {
        label: 'Purchase costs',
        field: 'purchaseCosts',
        meaning: 'What buying costs.',
        formula: `Price + closing costs (${pct(x.purchaseClosingPercent)} of the price) + lender points (${pct(x.hardMoneyPointsPercent)} of the loan).`,
      },
      {
        label: 'Selling costs',
        field: 'sellingCosts',
        meaning: 'Agent commissions and the seller’s closing costs.',
        formula: `After repair value × ${pct(x.sellingCostsPercent)}.`,
      },
      {
        label: 'Total project costs',
        field: 'totalProjectCosts',
        meaning: 'Everything the flip costs from purchase to sale.',
        formula: `Purchase costs + rehab + holding costs (interest, tax, insurance, HOA and $${x.monthlyHoldingUtilities} a month of utilities while you hold) + selling costs.`,
      },
      {
        label: 'Estimated time',
        field: 'estimatedTimeMonths',
        meaning: 'Months from purchase to sale.',
        formula: `${x.holdMonths} months unless the market sets another hold.`,
      },
    ],
  },
  {
    key: 'shortTerm',
    name: 'Short-term Rental',
    tab: 'ST Rental',
    summary:
      `Buy with a mortgage, furnish the property and rent it by the night. The year has ${s.peakMonths} peak, ${s.shoulderMonths} shoulder ` +
      `and ${s.offMonths} off-season months, booked ${pct(s.peakOccupancyPercent)}, ${pct(s.shoulderOccupancyPercent)} and ${pct(s.offOccupancyPercent)} of nights.`,
    figures: [
      {
        label: 'Gross annual revenue',
        field: 'grossAnnualRevenue',
        meaning: 'The year’s bookings before any expense.',
        formula: 'For each season: its nights (months × 365 ÷ 12) × its occupancy × its nightly rate, added up.',
      },
      {
        label: 'Cash-on-cash ROI',
        field: 'cashOnCashRoi',
        meaning: 'The yearly return on the cash you put in, after the mortgage.',
        formula: '(Net operating income − 12 × the monthly mortgage) ÷ total investment.',
      },
      {
        label: 'Estimated occupancy',
        field: 'estimatedOccupancyRate',
        meaning: 'The share of the year’s nights that are booked.',
        formula: 'Booked nights ÷ 365.',
      },
      {
        label: 'Net operating income',
        field: 'netOperatingIncome',
        meaning: 'The year’s income after running costs, before the mortgage.',
        formula: 'Gross annual revenue − annual expenses.',
      },
      {
        label: 'Monthly net income',
        field: null,
        meaning: 'Net operating income spread over the months.',
        formula: 'Net operating income ÷ 12.',
      },
      {
        label: 'Peak season rate',
        field: 'peakSeasonRate',
        meaning: 'The nightly rate in the busiest months.',
        formula: 'The listing’s nightly-rate estimate.',
      },
      {
        label: 'Shoulder season rate',
        field: 'shoulderSeasonRate',
        meaning: 'The nightly rate between the busy and quiet months.',
        formula: `Peak season rate × ${s.shoulderRateFactor}.`,
      },
      {
        label: 'Off season rate',
        field: 'offSeasonRate',
        meaning: 'The nightly rate in the quiet months.',
        formula: `Peak season rate × ${s.offRateFactor}.`,
      },
      {
        label: 'Monthly mortgage',
        field: 'monthlyMortgage',
        meaning: 'The loan payment each month.',
        formula: `The payment on the price less the ${pct(f.downPaymentPercent)} down payment.`,
      },
      {
        label: 'Annual expenses',
        field: 'annualExpenses',
        meaning: 'The year’s running costs, without the mortgage.',
        formula:
          `Revenue × (${pct(s.platformFeePercent)} platform fee + ${pct(s.managementPercent)} management + ${pct(s.maintenancePercent)} maintenance and supplies) ` +
          `+ $${s.monthlyUtilities} a month of utilities + the value × (${pct(o.propertyTaxPercent)} tax + ${pct(s.insurancePercent)} insurance) + HOA.`,
      },
      {
        label: 'Total investment',
        field: 'totalInvestment',
        meaning: 'The cash you put in to buy and furnish the property.',
        formula: 'Down payment + closing costs + setup costs.',
      },
      {
        label: 'Cap rate',
        field: 'capRate',
        meaning: 'The yearly return the property makes on its price, however it is financed.',
        formula: 'Net operating income ÷ price.',
      },
      {
        label: 'Setup costs',
        field: 'setupCosts',
        meaning: 'Furniture, linens and everything a guest needs.',
        formula: `$${s.setupCostPerSqft} per square foot.`,
      },
    ],
  },
];
