import { Button, Space, type TableColumnsType } from 'antd';
import { formatCurrency, formatInteger } from '../../../shared/format';
import type { PortfolioHistoryMonth, PortfolioMonth } from '../../../shared/schemas/portfolio';
import { AccessibleTable } from '../../components/accessible-table';
import { monthText } from './figure-text';
import { PORTFOLIO_TEXT } from './portfolio-text';

interface MonthsTableProps {
  months: readonly PortfolioMonth[];
  history: readonly PortfolioHistoryMonth[];
  onEdit: (month: PortfolioMonth) => void;
  onDelete: (month: PortfolioMonth) => void;
}

/** The months entered, newest first, each with the cash flow it made (after the loan's payment). */
export function MonthsTable({ months, history, onEdit, onDelete }: MonthsTableProps) {
  const cashFlow = new Map(history.map((h) => [h.month, h.actualCashFlow]));
  const rows = [...months].sort((a, b) => b.month.localeCompare(a.month));
  const columns: TableColumnsType<PortfolioMonth> = [
    { title: 'Month', key: 'month', className: 'dm-portfolio-nowrap', render: (_v, m) => monthText(m.month) },
    { title: 'Rent', key: 'rent', align: 'right', className: 'dm-portfolio-nowrap', render: (_v, m) => formatCurrency(m.rent) },
    { title: 'Vacant days', key: 'vacantDays', align: 'right', render: (_v, m) => formatInteger(m.vacantDays) },
    {
      title: 'Expenses',
      key: 'expenses',
      align: 'right',
      className: 'dm-portfolio-nowrap',
      render: (_v, m) => formatCurrency(m.expenses),
    },
    {
      title: 'Cash flow',
      key: 'cashFlow',
      align: 'right',
      className: 'dm-portfolio-nowrap',
      render: (_v, m) => formatCurrency(cashFlow.get(m.month) ?? null),
    },
    { title: 'Note', key: 'note', className: 'dm-portfolio-note', render: (_v, m) => m.note ?? '' },
    {
      title: 'Actions',
      key: 'actions',
      render: (_v, m) => (
        <Space size={4}>
          <Button size="small" aria-label={PORTFOLIO_TEXT.editMonth(monthText(m.month))} onClick={() => onEdit(m)}>
            Edit
          </Button>
          <Button size="small" danger aria-label={PORTFOLIO_TEXT.deleteMonth(monthText(m.month))} onClick={() => onDelete(m)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="months-table">
      <AccessibleTable<PortfolioMonth>
        aria-label={PORTFOLIO_TEXT.months}
        rowKey="month"
        size="small"
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: PORTFOLIO_TEXT.noMonths }}
        pagination={rows.length > 24 ? { pageSize: 24, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
