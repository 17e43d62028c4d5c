import { Empty, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import dayjs from 'dayjs';
import type { Rate } from '../../../shared/api-types';
import { DEFAULT_ASSUMPTIONS } from '../../../shared/invest';
import { useLatestRatesQuery } from '../../api/lookups-api';
import { StarIcon } from '../../components/icons';
import { StaleRatesNote } from '../../components/stale-rates-note';
import { latestFinancingRate } from '../../../shared/invest/starting-what-if';
import { DashboardCard } from './dashboard-card';

/** 360 → '360 months (30 years)'; 0 (a product the loan-term helper does not know) → '—'. */
export function formatTerm(months: number): string {
  if (!months) return '—';
  const years = months / 12;
  return `${months} months (${Number.isInteger(years) ? years : years.toFixed(1)} years)`;
}

export const formatRate = (rate: number) => `${rate.toFixed(2)}%`;
export const formatAsOf = (asOf: string) => dayjs(asOf).format('MMM D, YYYY');

const COLUMNS = [
  { title: 'Product', dataIndex: 'product', key: 'product' },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', render: (rate: number) => <strong>{formatRate(rate)}</strong> },
  { title: 'Term', dataIndex: 'termMonths', key: 'term', render: formatTerm },
  { title: 'As of', dataIndex: 'asOf', key: 'asOf', render: formatAsOf },
];

/** GET /rates/latest: the latest rate of each mortgage product. */
export function RatesCard() {
  const query = useLatestRatesQuery();
  const { data } = query;
  const sources = [...new Set((data ?? []).map((r) => r.source).filter(Boolean))];
  const defaultRate = formatRate(DEFAULT_ASSUMPTIONS.financing.interestRatePercent);
  return (
    <DashboardCard
      title="Latest rates"
      icon={<StarIcon />}
      query={query}
      isEmpty={!data?.length}
      empty={
        <Empty
          description={`No mortgage rates have been published yet. Until then the projections use a ${defaultRate} 30-year rate.`}
        />
      }
    >
      <StaleRatesNote asOf={latestFinancingRate(data)?.asOf} className="dm-stale-rates" />
      <AccessibleTable<Rate>
        size="small"
        rowKey="_id"
        columns={COLUMNS}
        dataSource={data}
        pagination={false}
        aria-label="Latest rates"
      />
      {sources.length ? (
        <Typography.Paragraph type="secondary" className="dm-rates-source">
          Source: {sources.join(', ')}. New rates recompute every property&apos;s projections.
        </Typography.Paragraph>
      ) : null}
    </DashboardCard>
  );
}
