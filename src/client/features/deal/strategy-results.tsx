import { Descriptions, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatCashOnCash, formatCurrency, formatMonths, formatOccupancy, formatRoi } from '../../../shared/format';
import type { Property } from '../../../shared/schemas/property';
import { DEAL_TEXT } from './deal-constants';
import { PopupRentEstimate } from './lease-comps';
import { PopupMaxOffer } from './max-offer';
import type { StrategyTabKey } from './popup-rules';
import './deal.css';

interface Row {
  label: string;
  value: string;
}

/** The four results of a property (a whole property, or one with live what-if results in their place). */
export type PropertyResults = Pick<Property, 'BuyHoldResults' | 'BRRRRResults' | 'FixFlipResults' | 'ShortTermResults'>;

type Figure<R> = readonly [label: string, value: (r: R) => string];
type BuyHoldResults = NonNullable<PropertyResults['BuyHoldResults']>;
type BRRRRResults = NonNullable<PropertyResults['BRRRRResults']>;
type FixFlipResults = NonNullable<PropertyResults['FixFlipResults']>;
type ShortTermResults = NonNullable<PropertyResults['ShortTermResults']>;

const coc = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }) =>
  formatCashOnCash(r.cashOnCashRoi, r.cashOnCashInfinite);

// Every result field of each strategy, in the display formats, plus the figures the tabs derive.
const BUY_HOLD: ReadonlyArray<Figure<BuyHoldResults>> = [
  ['Total cash needed', (r) => formatCurrency(r.totalCashNeeded)],
  ['Net monthly income', (r) => formatCurrency(r.netMonthlyIncome)],
  ['Gross monthly expenses', (r) => formatCurrency(r.grossMonthlyExpenses)],
  ['Total costs', (r) => formatCurrency(r.totalCosts)],
  ['Cash-on-cash ROI', coc],
];

const BRRRR: ReadonlyArray<Figure<BRRRRResults>> = [
  ['Total cash needed', (r) => formatCurrency(r.totalCashNeeded)],
  ['Cash at refinance close', (r) => formatCurrency(r.cashAtRefiClose)],
  [
    'Total cash into property',
    (r) =>
      formatCurrency(
        Number.isFinite(r.totalCashNeeded) && Number.isFinite(r.cashAtRefiClose) ? r.totalCashNeeded - r.cashAtRefiClose : null,
      ),
  ],
  ['Cash-on-cash ROI', coc],
  ['Net monthly income', (r) => formatCurrency(r.netMonthlyIncome)],
  ['After repair value (ARV)', (r) => formatCurrency(r.arv)],
  ['Loan amount (70% of ARV)', (r) => formatCurrency(r.loanAmount)],
  ['Rehab cost', (r) => formatCurrency(r.rehabCost)],
  ['Refinance loan (80% of ARV)', (r) => formatCurrency(r.refiLoanAmount)],
  ['Gross monthly expenses', (r) => formatCurrency(r.grossMonthlyExpenses)],
];

const FIX_FLIP: ReadonlyArray<Figure<FixFlipResults>> = [
  ['Cash needed', (r) => formatCurrency(r.cashNeeded)],
  ['Cash-on-cash ROI', coc],
  ['Projected profit', (r) => formatCurrency(r.projectedProfit)],
  ['Return on investment', (r) => formatRoi(r.returnOnInvestment)],
  ['After repair value', (r) => formatCurrency(r.afterRepairValue)],
  ['Rehab costs', (r) => formatCurrency(r.rehabCosts)],
  ['Purchase costs', (r) => formatCurrency(r.purchaseCosts)],
  ['Selling costs', (r) => formatCurrency(r.sellingCosts)],
  ['Total project costs', (r) => formatCurrency(r.totalProjectCosts)],
  ['Estimated time', (r) => formatMonths(r.estimatedTimeMonths)],
];

const SHORT_TERM: ReadonlyArray<Figure<ShortTermResults>> = [
  ['Gross annual revenue', (r) => formatCurrency(r.grossAnnualRevenue)],
  ['Cash-on-cash ROI', coc],
  ['Estimated occupancy', (r) => formatOccupancy(r.estimatedOccupancyRate)],
  ['Net operating income', (r) => formatCurrency(r.netOperatingIncome)],
  ['Monthly net income', (r) => formatCurrency(Number.isFinite(r.netOperatingIncome) ? r.netOperatingIncome / 12 : null)],
  ['Peak season rate', (r) => formatCurrency(r.peakSeasonRate)],
  ['Shoulder season rate', (r) => formatCurrency(r.shoulderSeasonRate)],
  ['Off season rate', (r) => formatCurrency(r.offSeasonRate)],
  ['Monthly mortgage', (r) => formatCurrency(r.monthlyMortgage)],
  ['Annual expenses', (r) => formatCurrency(r.annualExpenses)],
  ['Total investment', (r) => formatCurrency(r.totalInvestment)],
  ['Cap rate', (r) => formatRoi(r.capRate)],
  ['Setup costs', (r) => formatCurrency(r.setupCosts)],
];

function rowsOf<R>(figures: ReadonlyArray<Figure<R>>, results: R | null): Row[] {
  return results ? figures.map(([label, value]) => ({ label, value: value(results) })) : [];
}

/** Every result field of a strategy, in the display formats, plus the figures the tabs derive. */
export function strategyRows(key: StrategyTabKey, property: PropertyResults): Row[] {
  switch (key) {
    case 'buyHold':
      return rowsOf(BUY_HOLD, property.BuyHoldResults);
    case 'brrrr':
      return rowsOf(BRRRR, property.BRRRRResults);
    case 'fixFlip':
      return rowsOf(FIX_FLIP, property.FixFlipResults);
    case 'shortTerm':
      return rowsOf(SHORT_TERM, property.ShortTermResults);
    default:
      return [];
  }
}

/** The labels of a strategy's rows, in order: the tab's shape before its figures arrive. */
export function strategyLabels(key: StrategyTabKey): string[] {
  const figures = { buyHold: BUY_HOLD, brrrr: BRRRR, fixFlip: FIX_FLIP, shortTerm: SHORT_TERM }[key] as ReadonlyArray<
    Figure<unknown>
  >;
  return figures.map(([label]) => label);
}

/**
 * A strategy tab of the popup. `property` is the whole property (GET /property/:id); while it loads
 * (undefined) the tab shows its final shape, every label with a placeholder for its figure. The
 * rentals' tabs say where their rent comes from, with its lease comps.
 */
export function StrategyResults({
  strategy,
  propertyId,
  property,
  failed,
}: {
  strategy: StrategyTabKey;
  propertyId: string;
  property: PropertyResults | undefined;
  /** The whole property could not be loaded: this message in place of the figures. */
  failed?: string;
}): ReactNode {
  const rows: Array<{ label: string; value: ReactNode }> = property
    ? strategyRows(strategy, property)
    : strategyLabels(strategy).map((label) => ({
        label,
        value: failed ? '—' : <Skeleton.Input active size="small" className="dm-figure-skeleton" />,
      }));
  return (
    <div className="dm-strategy-tab" data-testid={`strategy-${strategy}`} aria-busy={!property && !failed}>
      <PopupMaxOffer strategy={strategy} propertyId={propertyId} />
      {strategy === 'buyHold' || strategy === 'brrrr' ? <PopupRentEstimate propertyId={propertyId} /> : null}
      {failed && !property ? (
        <Typography.Paragraph type="danger" role="alert" className="dm-popup-failed">
          {failed}
        </Typography.Paragraph>
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={rows.map((row) => ({ key: row.label, label: row.label, children: row.value }))}
      />
      <Typography.Paragraph type="secondary" className="dm-disclaimer">
        {DEAL_TEXT.disclaimer}
      </Typography.Paragraph>
    </div>
  );
}
