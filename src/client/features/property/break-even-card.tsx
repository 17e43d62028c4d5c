import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { Rate } from '../../../shared/api-types';
import { formatRoi } from '../../../shared/format';
import type { WhatIfAnalysis } from '../../../shared/invest';
import { staleRatesNote } from '../../../shared/rates-staleness';

/** The engine searches 0–30 %: a deal still cash-flowing at 30 % reports 30. */
const SEARCH_CEILING = 30;

/** What a break-even rate means next to a reference rate, in words. */
export function breakEvenVerdict(breakEven: number | null, rate: number | null): string {
  if (breakEven === null) return 'Cash flow is negative even at a 0% rate.';
  if (breakEven >= SEARCH_CEILING) return 'Cash flow stays positive at any rate up to 30%.';
  if (rate === null) return `Cash flow is positive below ${formatRoi(breakEven)}.`;
  const gap = breakEven - rate;
  const points = `${Math.abs(gap).toFixed(2)} percentage points`;
  return gap >= 0
    ? `Cash flow stays positive up to ${points} above this rate.`
    : `At this rate the deal loses money each month: the rate must fall ${points} to break even.`;
}

const breakEvenText = (value: number | null) =>
  value === null ? 'None' : value >= SEARCH_CEILING ? `${SEARCH_CEILING}% or more` : formatRoi(value);

interface BreakEvenCardProps {
  analysis: WhatIfAnalysis;
  ratePercent: number;
  latestRate: Rate | null;
}

/** The interest rate at which monthly cash flow reaches zero (Buy & Hold, BRRRR's refinance) beside the latest rate. */
export function BreakEvenCard({ analysis, ratePercent, latestRate }: BreakEvenCardProps) {
  const reference = latestRate?.rate ?? ratePercent;
  const stale = latestRate ? staleRatesNote(latestRate.asOf, new Date()) : null;
  const rows = [
    { key: 'buyHold', title: 'Buy & Hold break-even rate', value: analysis.buyHold.breakEvenRatePercent },
    { key: 'brrrr', title: 'BRRRR break-even rate (refinance)', value: analysis.brrrr.breakEvenRatePercent },
  ];
  return (
    <Card title="Break-even interest rate" className="dm-break-even" data-testid="break-even">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic
            title={latestRate ? `Latest ${latestRate.product}` : 'Latest 30-Year Fixed'}
            value={latestRate ? formatRoi(latestRate.rate) : 'Not on file'}
          />
          {latestRate ? (
            <Typography.Text type="secondary" className="dm-stat-note" data-testid="latest-rate-source">
              {latestRate.source}, {latestRate.asOf}
              {stale ? `. ${stale}` : ''}
            </Typography.Text>
          ) : null}
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Rate in this analysis" value={formatRoi(ratePercent)} data-testid="rate-in-use" />
        </Col>
        {rows.map((row) => (
          <Col xs={24} md={6} key={row.key}>
            <Statistic title={row.title} value={breakEvenText(row.value)} data-testid={`break-even-${row.key}`} />
            <Typography.Text type="secondary" className="dm-stat-note">
              {breakEvenVerdict(row.value, reference)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" className="dm-note">
        Compared with {latestRate ? `the latest ${latestRate.product} rate` : 'the rate in this analysis'}. The break-even rate is
        where income less expenses less the mortgage payment is exactly zero.
      </Typography.Paragraph>
    </Card>
  );
}
