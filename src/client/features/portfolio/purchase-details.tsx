import { Descriptions, type DescriptionsProps } from 'antd';
import { formatBaths, formatCurrency, formatInteger, formatSquareFeet } from '../../../shared/format';
import type { PortfolioProperty } from '../../../shared/schemas/portfolio';
import { dayText } from './figure-text';
import { PLAN_LABELS } from './plan-fields';
import { PORTFOLIO_TEXT } from './portfolio-text';

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;

/** What was bought, for how much, with which loan, and the projection made then. */
export function PurchaseDetails({ property }: { property: PortfolioProperty }) {
  const { loan, plan } = property;
  const items: DescriptionsProps['items'] = [
    { key: 'price', label: 'Purchase price', children: formatCurrency(property.purchasePrice) },
    { key: 'date', label: 'Purchase date', children: dayText(property.purchaseDate) },
    {
      key: 'facts',
      label: 'Beds · baths · area',
      children: `${formatInteger(property.beds)} · ${formatBaths(property.baths)} · ${formatSquareFeet(property.area)}`,
    },
    {
      key: 'loan',
      label: 'Loan',
      children: loan
        ? `${formatCurrency(loan.amount)} at ${percent(loan.ratePercent)} over ${loan.termYears} years, from ${dayText(loan.startDate)}`
        : PORTFOLIO_TEXT.loanNone,
    },
    { key: 'rent', label: PLAN_LABELS.monthlyRent, children: formatCurrency(plan.monthlyRent) },
    { key: 'vacancy', label: PLAN_LABELS.vacancyPercent, children: percent(plan.vacancyPercent) },
    { key: 'expenses', label: PLAN_LABELS.monthlyExpenses, children: formatCurrency(plan.monthlyExpenses) },
    { key: 'cash', label: PLAN_LABELS.cashInvested, children: formatCurrency(plan.cashInvested) },
    { key: 'value-growth', label: PLAN_LABELS.appreciationPercent, children: percent(plan.appreciationPercent) },
    { key: 'rent-growth', label: PLAN_LABELS.rentGrowthPercent, children: percent(plan.rentGrowthPercent) },
    { key: 'expense-growth', label: PLAN_LABELS.expenseGrowthPercent, children: percent(plan.expenseGrowthPercent) },
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={items}
      data-testid="purchase-details"
    />
  );
}
