import type { TableColumnsType } from 'antd';
import { formatCurrency } from '../../../shared/format';
import type { PortfolioHistoryMonth } from '../../../shared/schemas/portfolio';
import { AccessibleTable } from '../../components/accessible-table';
import { monthText } from './figure-text';
import { HISTORY_CHARTS, seriesValue, type HistoryKind } from './history-series';

/** A history chart's figures as a table, newest month first. */
export function HistoryTable({ kind, months }: { kind: HistoryKind; months: readonly PortfolioHistoryMonth[] }) {
  const { title, series } = HISTORY_CHARTS[kind];
  const rows = [...months].reverse();
  const columns: TableColumnsType<PortfolioHistoryMonth> = [
    { title: 'Month', key: 'month', className: 'dm-portfolio-nowrap', render: (_v, m) => monthText(m.month) },
    ...series.map((s) => ({
      title: s.label,
      key: s.key,
      align: 'right' as const,
      className: 'dm-portfolio-nowrap',
      render: (_v: unknown, m: PortfolioHistoryMonth) => formatCurrency(seriesValue(m, s)),
    })),
  ];
  return (
    <AccessibleTable<PortfolioHistoryMonth>
      aria-label={`${title}: the figures`}
      rowKey="month"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
