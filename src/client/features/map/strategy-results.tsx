import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatCashOnCash, formatCurrency, formatMonths, formatOccupancy, formatRoi } from '../../../shared/format';
import { MAP_TEXT } from './map-constants';
import { PopupMaxOffer } from './max-offer';
import type { MapProperty } from './map-types';
import type { StrategyTabKey } from './popup-rules';

interface Row {
  label: string;
  value: string;
}

/** Every result field of a strategy, in the display formats, plus the figures the tabs derive. */
export function strategyRows(key: StrategyTabKey, property: MapProperty): Row[] {
  switch (key) {
    case 'buyHold': {
      const r = property.BuyHoldResults;
      if (!r) return [];
      return [
        { label: 'Total cash needed', value: formatCurrency(r.totalCashNeeded) },
        { label: 'Net monthly income', value: formatCurrency(r.netMonthlyIncome) },
        { label: 'Gross monthly expenses', value: formatCurrency(r.grossMonthlyExpenses) },
        { label: 'Total costs', value: formatCurrency(r.totalCosts) },
        { label: 'Cash-on-cash ROI', value: formatCashOnCash(r.cashOnCashRoi, r.cashOnCashInfinite) },
      ];
    }
    case 'brrrr': {
      const r = property.BRRRRResults;
      if (!r) return [];
      const cashInto =
        Number.isFinite(r.totalCashNeeded) && Number.isFinite(r.cashAtRefiClose) ? r.totalCashNeeded - r.cashAtRefiClose : null;
      return [
        { label: 'Total cash needed', value: formatCurrency(r.totalCashNeeded) },
        { label: 'Cash at refinance close', value: formatCurrency(r.cashAtRefiClose) },
        { label: 'Total cash into property', value: formatCurrency(cashInto) },
        { label: 'Cash-on-cash ROI', value: formatCashOnCash(r.cashOnCashRoi, r.cashOnCashInfinite) },
        { label: 'Net monthly income', value: formatCurrency(r.netMonthlyIncome) },
        { label: 'After repair value (ARV)', value: formatCurrency(r.arv) },
        { label: 'Loan amount (70% of ARV)', value: formatCurrency(r.loanAmount) },
        { label: 'Rehab cost', value: formatCurrency(r.rehabCost) },
        { label: 'Refinance loan (80% of ARV)', value: formatCurrency(r.refiLoanAmount) },
        { label: 'Gross monthly expenses', value: formatCurrency(r.grossMonthlyExpenses) },
      ];
    }
    case 'fixFlip': {
      const r = property.FixFlipResults;
      if (!r) return [];
      return [
        { label: 'Cash needed', value: formatCurrency(r.cashNeeded) },
        { label: 'Cash-on-cash ROI', value: formatCashOnCash(r.cashOnCashRoi, r.cashOnCashInfinite) },
        { label: 'Projected profit', value: formatCurrency(r.projectedProfit) },
        { label: 'Return on investment', value: formatRoi(r.returnOnInvestment) },
        { label: 'After repair value', value: formatCurrency(r.afterRepairValue) },
        { label: 'Rehab costs', value: formatCurrency(r.rehabCosts) },
        { label: 'Purchase costs', value: formatCurrency(r.purchaseCosts) },
        { label: 'Selling costs', value: formatCurrency(r.sellingCosts) },
        { label: 'Total project costs', value: formatCurrency(r.totalProjectCosts) },
        { label: 'Estimated time', value: formatMonths(r.estimatedTimeMonths) },
      ];
    }
    case 'shortTerm': {
      const r = property.ShortTermResults;
      if (!r) return [];
      const monthlyNet = Number.isFinite(r.netOperatingIncome) ? r.netOperatingIncome / 12 : null;
      return [
        { label: 'Gross annual revenue', value: formatCurrency(r.grossAnnualRevenue) },
        { label: 'Cash-on-cash ROI', value: formatCashOnCash(r.cashOnCashRoi, r.cashOnCashInfinite) },
        { label: 'Estimated occupancy', value: formatOccupancy(r.estimatedOccupancyRate) },
        { label: 'Net operating income', value: formatCurrency(r.netOperatingIncome) },
        { label: 'Monthly net income', value: formatCurrency(monthlyNet) },
        { label: 'Peak season rate', value: formatCurrency(r.peakSeasonRate) },
        { label: 'Shoulder season rate', value: formatCurrency(r.shoulderSeasonRate) },
        { label: 'Off season rate', value: formatCurrency(r.offSeasonRate) },
        { label: 'Monthly mortgage', value: formatCurrency(r.monthlyMortgage) },
        { label: 'Annual expenses', value: formatCurrency(r.annualExpenses) },
        { label: 'Total investment', value: formatCurrency(r.totalInvestment) },
        { label: 'Cap rate', value: formatRoi(r.capRate) },
        { label: 'Setup costs', value: formatCurrency(r.setupCosts) },
      ];
    }
    default:
      return [];
  }
}

export function StrategyResults({ strategy, property }: { strategy: StrategyTabKey; property: MapProperty }): ReactNode {
  const rows = strategyRows(strategy, property);
  return (
    <div className="dm-strategy-tab" data-testid={`strategy-${strategy}`}>
      <PopupMaxOffer strategy={strategy} propertyId={property._id} />
      <Descriptions
        size="small"
        bordered
        column={2}
        items={rows.map((row) => ({ key: row.label, label: row.label, children: row.value }))}
      />
      <Typography.Paragraph type="secondary" className="dm-disclaimer">
        {MAP_TEXT.disclaimer}
      </Typography.Paragraph>
    </div>
  );
}
