import { Empty, Space, Tag, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { formatCashOnCash } from '../../../shared/format';
import type { SavedCalculation, StrategyKey } from '../../../shared/investor-types';
import { savedChanges } from '../../../shared/saved-changes';
import { RESULTS_FIELD } from '../../../shared/search-summary';
import { CalculatorIcon } from '../../components/icons';
import { STRATEGY_TABS } from '../deal';
import { SavedCalculationActions, useSavedCalculationsQuery } from '../saved-calculations';
import { DashboardCard } from './dashboard-card';

export const calculationUrl = (c: Pick<SavedCalculation, '_id' | 'propertyId'>) =>
  `/app/property/${encodeURIComponent(c.propertyId)}?calc=${encodeURIComponent(c._id)}`;

const strategyOf = (key: StrategyKey) => STRATEGY_TABS.find((tab) => tab.key === key);

/** The saved strategy's cash-on-cash ROI, as the strategy tabs show it. */
function cashOnCash(c: SavedCalculation): string {
  const results = c.results?.[RESULTS_FIELD[c.strategy]];
  const roi = results?.cashOnCashRoi;
  return formatCashOnCash(typeof roi === 'number' ? roi : null, results?.cashOnCashInfinite === true);
}

/** What moved since the calculation was saved: the list price, the 30-year rate, the comp set. */
export function changesSince(c: Pick<SavedCalculation, 'saved' | 'current'>): string[] {
  if (!c.saved || !c.current) return [];
  const changes = savedChanges(c.saved, c.current);
  return [
    ...(changes.price.changed ? ['Price changed'] : []),
    ...(changes.rate.changed ? ['Rate changed'] : []),
    ...(changes.compsAdded.length || changes.compsDropped.length ? ['Comps changed'] : []),
  ];
}

const COLUMNS = [
  {
    title: 'Name',
    key: 'name',
    render: (_: unknown, c: SavedCalculation) => (
      <Space orientation="vertical" size={0}>
        <Link to={calculationUrl(c)} aria-label={`Open ${c.name}`}>
          {c.name}
        </Link>
        <Typography.Text type="secondary">{c.propertyAddress}</Typography.Text>
      </Space>
    ),
  },
  {
    title: 'Strategy',
    key: 'strategy',
    render: (_: unknown, c: SavedCalculation) => strategyOf(c.strategy)?.strategyName ?? c.strategy,
  },
  { title: 'Cash-on-cash ROI', key: 'roi', render: (_: unknown, c: SavedCalculation) => cashOnCash(c) },
  {
    title: 'Saved',
    key: 'saved',
    render: (_: unknown, c: SavedCalculation) => (
      <Space orientation="vertical" size={4}>
        <span>{dayjs(c.createdAt).format('MMM D, YYYY')}</span>
        {changesSince(c).map((change) => (
          <Tag key={change} color="orange">
            {change}
          </Tag>
        ))}
      </Space>
    ),
  },
  {
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, c: SavedCalculation) => <SavedCalculationActions calculation={c} />,
  },
];

/** GET /saved-calculations/all: open, rename or delete each one. */
export function SavedCalculationsCard() {
  const query = useSavedCalculationsQuery();
  const { data = [] } = query;
  return (
    <DashboardCard
      title="Saved calculations"
      icon={<CalculatorIcon />}
      query={query}
      isEmpty={!data.length}
      empty={
        <Empty
          description={
            <>
              No saved calculations yet. On the map, open a property&apos;s popup and follow <strong>Explore Property</strong>;
              change the what-if figures on the property page and choose <strong>Save calculation</strong> to keep them under a
              name. They are listed here to reopen later, with what has changed since.
            </>
          }
        >
          <Link to="/app/search">Find a property</Link>
        </Empty>
      }
    >
      <AccessibleTable<SavedCalculation>
        size="small"
        rowKey="_id"
        columns={COLUMNS}
        dataSource={data}
        pagination={data.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 720 }}
        aria-label="Saved calculations"
      />
    </DashboardCard>
  );
}
