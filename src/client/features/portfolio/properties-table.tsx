import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import type { PortfolioProperty } from '../../../shared/schemas/portfolio';
import { AccessibleTable } from '../../components/accessible-table';
import { useWindowWidth } from '../../components/use-window-width';
import { BREAKPOINTS } from '../../constants';
import { estimateText, percentText } from './figure-text';
import { PORTFOLIO_TEXT } from './portfolio-text';

const propertyPath = (id: string) => `/app/portfolio/${encodeURIComponent(id)}`;

/** A figure over the projection's, on two lines that each keep together. */
function Versus({ actual, projected }: { actual: string; projected: string }) {
  return (
    <span className="dm-portfolio-versus">
      <span className="dm-portfolio-nowrap">{actual}</span>
      <span className="dm-portfolio-muted dm-portfolio-nowrap">{PORTFOLIO_TEXT.projected(projected)}</span>
    </span>
  );
}

interface Column {
  key: string;
  title: string;
  render: (p: PortfolioProperty) => ReactNode;
  sorter?: (a: PortfolioProperty, b: PortfolioProperty) => number;
}

const byNumber = (pick: (p: PortfolioProperty) => number | null) => (a: PortfolioProperty, b: PortfolioProperty) =>
  (pick(a) ?? -Infinity) - (pick(b) ?? -Infinity);

const FIGURES: Column[] = [
  {
    key: 'purchasePrice',
    title: 'Purchase price',
    render: (p) => formatCurrency(p.purchasePrice),
    sorter: byNumber((p) => p.purchasePrice),
  },
  {
    key: 'value',
    title: 'Value',
    render: (p) => estimateText(p.figures.value).value,
    sorter: byNumber((p) => p.figures.value?.value ?? null),
  },
  { key: 'equity', title: 'Equity', render: (p) => formatCurrency(p.figures.equity), sorter: byNumber((p) => p.figures.equity) },
  {
    key: 'cashFlow',
    title: 'Cash flow to date',
    render: (p) => (
      <Versus actual={formatCurrency(p.figures.cashFlowToDate)} projected={formatCurrency(p.figures.projectedCashFlowToDate)} />
    ),
    sorter: byNumber((p) => p.figures.cashFlowToDate),
  },
  {
    key: 'cashOnCash',
    title: 'Cash-on-cash',
    render: (p) => <Versus actual={percentText(p.figures.cashOnCash)} projected={percentText(p.figures.projectedCashOnCash)} />,
    sorter: byNumber((p) => p.figures.cashOnCash),
  },
  {
    key: 'irr',
    title: 'IRR',
    render: (p) => <Versus actual={percentText(p.figures.irr)} projected={percentText(p.figures.projectedIrr)} />,
    sorter: byNumber((p) => p.figures.irr),
  },
];

function AddressLink({ property }: { property: PortfolioProperty }) {
  return (
    <span className="dm-portfolio-address">
      <Link to={propertyPath(property._id)}>{property.address}</Link>
      <span className="dm-portfolio-muted">
        {property.city}, {property.state} {property.zip}
      </span>
    </span>
  );
}

/**
 * The owned properties with their figures: a table, or on a phone (where seven columns would scroll
 * sideways) a list of cards with the same figures.
 */
export function PropertiesTable({ properties }: { properties: readonly PortfolioProperty[] }) {
  const phone = useWindowWidth() < BREAKPOINTS.md;
  if (phone) {
    return (
      <ul className="dm-portfolio-cards" data-testid="portfolio-table">
        {properties.map((p) => (
          <li key={p._id} className="dm-portfolio-card">
            <AddressLink property={p} />
            <dl className="dm-portfolio-card-figures">
              {FIGURES.map((c) => (
                <div key={c.key}>
                  <dt>{c.title}</dt>
                  <dd>{c.render(p)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  const columns: TableColumnsType<PortfolioProperty> = [
    {
      title: 'Address',
      key: 'address',
      render: (_v, p) => <AddressLink property={p} />,
      sorter: (a, b) => a.address.localeCompare(b.address),
    },
    ...FIGURES.map((c) => ({
      title: c.title,
      key: c.key,
      align: 'right' as const,
      className: 'dm-portfolio-nowrap',
      render: (_v: unknown, p: PortfolioProperty) => c.render(p),
      sorter: c.sorter,
    })),
  ];
  return (
    <div data-testid="portfolio-table">
      <AccessibleTable<PortfolioProperty>
        aria-label={PORTFOLIO_TEXT.properties}
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={[...properties]}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
