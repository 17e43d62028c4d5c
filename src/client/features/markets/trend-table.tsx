import type { TableColumnsType } from 'antd';
import type { TrendMonth } from '../../../shared/schemas/market-trends';
import { formatInteger } from '../../../shared/format';
import { METRICS, metricCell, metricCount, monthLabel, type ChartMetric } from '../../../shared/trends';
import { AccessibleTable } from '../../components/accessible-table';
import type { ChartSeries } from './trend-chart';

interface Row {
  key: string;
  month: string;
  cells: Array<{ value: string; count: string }>;
}

/** A chart's figures as a table, newest month first: each market's value and the count behind it. */
export function TrendTable({ metric, series }: { metric: ChartMetric; series: readonly ChartSeries[] }) {
  const spec = METRICS[metric];
  const plainCount = metric === 'activeListings' || metric === 'newListings';
  const months = series[0]?.months ?? [];
  const rows: Row[] = months
    .map((m, i) => ({
      key: m.month,
      month: monthLabel(m.month),
      cells: series.map((s) => {
        const month: TrendMonth | undefined = s.months[i];
        return month
          ? { value: metricCell(month, metric), count: formatInteger(metricCount(month, metric)) }
          : { value: '—', count: '—' };
      }),
    }))
    .reverse();
  const countTitle = spec.counted.charAt(0).toUpperCase() + spec.counted.slice(1);
  const columns: TableColumnsType<Row> = [
    { title: 'Month', dataIndex: 'month', key: 'month', fixed: 'left', className: 'dm-nowrap' },
    ...series.map((s, k) => ({
      title: s.label,
      key: s.id,
      children: plainCount
        ? [
            {
              title: spec.title,
              key: `${s.id}-v`,
              align: 'right' as const,
              className: 'dm-nowrap',
              render: (_: unknown, r: Row) => r.cells[k].value,
            },
          ]
        : [
            {
              title: spec.title,
              key: `${s.id}-v`,
              align: 'right' as const,
              className: 'dm-nowrap',
              render: (_: unknown, r: Row) => r.cells[k].value,
            },
            { title: countTitle, key: `${s.id}-n`, align: 'right' as const, render: (_: unknown, r: Row) => r.cells[k].count },
          ],
    })),
  ];
  return (
    <AccessibleTable<Row>
      aria-label={`${spec.title}, month by month`}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
