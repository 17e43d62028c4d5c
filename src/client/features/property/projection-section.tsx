import { Card, Col, Form, Row, Segmented, Statistic, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import { useMemo, type Dispatch } from 'react';
import { formatCurrency, formatRoi, INFINITE_ROI, MISSING } from '../../../shared/format';
import {
  GROWTH_LIMITS,
  HOLD_YEARS_LIMIT,
  projectBrrrr,
  projectBuyHold,
  yearOfSale,
  type GrowthAssumptions,
  type Projection,
  type ProjectionYear,
  type WhatIf,
} from '../../../shared/invest';
import { LimitInput } from './limit-input';
import { ProjectionChart } from './projection-chart';
import type { WhatIfAction } from './what-if-state';

export type ProjectedStrategy = 'buyHold' | 'brrrr';

const COLORS = { value: '#6366f1', balance: '#ef4444', equity: '#10b981', cashFlow: '#0ea5e9', cumulative: '#f59e0b' };

/** A return over no cash at all is infinite when the deal makes money, else there is none. */
const returnText = (value: number | null, projection: Projection, row: ProjectionYear) =>
  value !== null ? formatRoi(value) : projection.cashInvested <= 0 && row.totalProfit > 0 ? INFINITE_ROI : MISSING;

export function projectionFor(strategy: ProjectedStrategy, whatIf: WhatIf, growth: GrowthAssumptions): Projection {
  return strategy === 'brrrr' ? projectBrrrr(whatIf, growth) : projectBuyHold(whatIf, growth);
}

interface ProjectionSectionProps {
  whatIf: WhatIf;
  growth: GrowthAssumptions;
  holdYears: number;
  strategy: ProjectedStrategy;
  onStrategy: (strategy: ProjectedStrategy) => void;
  dispatch: Dispatch<WhatIfAction>;
}

/** Years 1–30 of a rental strategy: growth inputs, the return if sold after the hold period, charts and the table. */
export function ProjectionSection({ whatIf, growth, holdYears, strategy, onStrategy, dispatch }: ProjectionSectionProps) {
  const projection = useMemo(() => projectionFor(strategy, whatIf, growth), [strategy, whatIf, growth]);
  const sale = yearOfSale(projection, holdYears)!;
  const years = projection.years.map((r) => r.year);
  const label = strategy === 'brrrr' ? 'BRRRR' : 'Buy & Hold';

  const columns = [
    { title: 'Year', dataIndex: 'year', key: 'year', width: 56 },
    { title: 'Cash flow', key: 'cashFlow', render: (_: unknown, r: ProjectionYear) => formatCurrency(r.cashFlow) },
    {
      title: 'Cumulative cash flow',
      key: 'cumulative',
      render: (_: unknown, r: ProjectionYear) => formatCurrency(r.cumulativeCashFlow),
    },
    { title: 'Loan balance', key: 'balance', render: (_: unknown, r: ProjectionYear) => formatCurrency(r.loanBalance) },
    { title: 'Equity', key: 'equity', render: (_: unknown, r: ProjectionYear) => formatCurrency(r.equity) },
    {
      title: 'Return if sold',
      key: 'return',
      render: (_: unknown, r: ProjectionYear) => returnText(r.cumulativeReturnPercent, projection, r),
    },
    { title: 'IRR if sold', key: 'irr', render: (_: unknown, r: ProjectionYear) => returnText(r.irrPercent, projection, r) },
  ];

  return (
    <Card title="Projection" className="dm-projection" data-testid="projection">
      <div className="dm-comparison-controls dm-print-hide">
        <div className="dm-inline-field">
          <span id="dm-projection-label">Strategy</span>
          <Segmented
            aria-labelledby="dm-projection-label"
            value={strategy}
            onChange={(value) => onStrategy(value as ProjectedStrategy)}
            options={[
              { value: 'buyHold', label: 'Buy & Hold' },
              { value: 'brrrr', label: 'BRRRR' },
            ]}
          />
        </div>
      </div>
      <Form layout="vertical" component="div" className="dm-input-grid dm-growth-inputs dm-print-hide">
        {(Object.keys(GROWTH_LIMITS) as Array<keyof GrowthAssumptions>).map((key) => (
          <LimitInput
            key={key}
            limit={GROWTH_LIMITS[key]}
            value={growth[key]}
            testId={`input-growth-${key}`}
            onChange={(value) => dispatch({ type: 'growth', key, value })}
          />
        ))}
        <LimitInput
          limit={HOLD_YEARS_LIMIT}
          value={holdYears}
          testId="input-hold-years"
          onChange={(value) => dispatch({ type: 'holdYears', value })}
        />
      </Form>
      <Typography.Paragraph type="secondary" className="dm-note">
        {strategy === 'brrrr'
          ? 'BRRRR years count from the refinance: the cash left in the deal after it is the investment, the value starts at the ARV and the loan is the refinance loan.'
          : 'Buy & Hold years count from the purchase: the cash needed goes in at year 0 and the value starts at the purchase price.'}{' '}
        {`Growth: value ${formatRoi(growth.appreciationPercent)}, rent ${formatRoi(growth.rentGrowthPercent)}, fixed expenses ${formatRoi(growth.expenseGrowthPercent)} a year; selling costs ${formatRoi(growth.sellingCostsPercent)} of the sale price.`}
      </Typography.Paragraph>
      <Row gutter={[16, 16]} className="dm-sale-summary" data-testid="sale-summary">
        <Col xs={12} md={6}>
          <Statistic
            title={`IRR, sold after ${sale.year} year${sale.year === 1 ? '' : 's'}`}
            value={returnText(sale.irrPercent, projection, sale)}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Total profit" value={formatCurrency(sale.totalProfit)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Equity at sale" value={formatCurrency(sale.equity)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Cash invested" value={formatCurrency(projection.cashInvested)} />
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="dm-projection-body">
        <Col xs={24} xl={11} className="dm-projection-charts">
          <ProjectionChart
            title={`${label}: value, loan balance and equity, years 1–${years.length}`}
            description={`In year ${sale.year} the property is worth ${formatCurrency(sale.propertyValue)}, the loan balance is ${formatCurrency(sale.loanBalance)} and equity is ${formatCurrency(sale.equity)}.`}
            years={years}
            lines={[
              { label: 'Property value', color: COLORS.value, values: projection.years.map((r) => r.propertyValue) },
              { label: 'Loan balance', color: COLORS.balance, values: projection.years.map((r) => r.loanBalance), dashed: true },
              { label: 'Equity', color: COLORS.equity, values: projection.years.map((r) => r.equity) },
            ]}
            markYear={sale.year}
          />
          <ProjectionChart
            title={`${label}: yearly and cumulative cash flow, years 1–${years.length}`}
            description={`Year 1 cash flow is ${formatCurrency(projection.years[0].cashFlow)}; by year ${sale.year} the cash flow adds up to ${formatCurrency(sale.cumulativeCashFlow)}.`}
            years={years}
            bars={{ label: 'Cash flow (year)', color: COLORS.cashFlow, values: projection.years.map((r) => r.cashFlow) }}
            lines={[
              {
                label: 'Cumulative cash flow',
                color: COLORS.cumulative,
                values: projection.years.map((r) => r.cumulativeCashFlow),
              },
            ]}
            markYear={sale.year}
          />
        </Col>
        <Col xs={24} xl={13}>
          <AccessibleTable
            aria-label="Projection by year"
            size="small"
            className="dm-projection-table"
            data-testid="projection-table"
            rowKey="year"
            columns={columns}
            dataSource={projection.years}
            pagination={false}
            scroll={{ x: 640, y: 560 }}
            rowClassName={(r) => (r.year === sale.year ? 'dm-sale-row' : '')}
          />
        </Col>
      </Row>
    </Card>
  );
}
