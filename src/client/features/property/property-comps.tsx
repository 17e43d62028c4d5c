import { Card, type TableColumnsType } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import { formatAddress, formatBaths, formatCurrency, formatDate, formatInteger, formatRoi } from '../../../shared/format';
import type { Comp } from '../../../shared/schemas/property';
import { CompsTab } from '../deal';

/** This listing's price against a comp's sold price, in percent (positive: the listing asks more). */
const priceGap = (price: number, sold: number) => (sold > 0 ? ((price - sold) / sold) * 100 : null);

/** A table of comps, sold or leased: every one (no paging), scrolling sideways on a phone. */
export function CompsTable<T extends { _id: string }>({
  label,
  testId,
  rows,
  columns,
}: {
  label: string;
  testId: string;
  rows: T[];
  columns: TableColumnsType<T>;
}) {
  return (
    <AccessibleTable<T>
      aria-label={label}
      size="small"
      rowKey="_id"
      className="dm-comps-table"
      data-testid={testId}
      pagination={false}
      dataSource={rows}
      scroll={{ x: 640 }}
      columns={columns}
    />
  );
}

/**
 * The comparable sales: the popup's summary, price-position bar and top 5 (CompsTab), then every
 * comp in a table.
 */
export function PropertyComps({ price, comps, loading }: { price: number; comps: Comp[] | undefined; loading: boolean }) {
  const list = comps ?? [];
  return (
    <Card title="Comparable sales" className="dm-property-comps" data-testid="property-comps">
      <CompsTab price={price} comps={comps} loading={loading} />
      {list.length ? (
        <CompsTable
          label="Comparable sales"
          testId="comps-table"
          rows={list}
          columns={[
            { title: 'Address', key: 'address', render: (_: unknown, c: Comp) => formatAddress(c) },
            {
              title: 'Sold',
              key: 'sold',
              render: (_: unknown, c: Comp) => formatCurrency(c.MLSSoldPrice),
              sorter: (a: Comp, b: Comp) => a.MLSSoldPrice - b.MLSSoldPrice,
            },
            { title: 'Closed', dataIndex: 'closeDate', key: 'closed', render: (d: string | null | undefined) => formatDate(d) },
            { title: 'Beds', key: 'beds', render: (_: unknown, c: Comp) => formatInteger(c.BedroomsTotal) },
            { title: 'Baths', key: 'baths', render: (_: unknown, c: Comp) => formatBaths(c.BathroomsTotal) },
            { title: 'Sq ft', key: 'sqft', render: (_: unknown, c: Comp) => formatInteger(c.BuildingAreaTotal) },
            {
              title: '$ / sq ft',
              key: 'ppsf',
              render: (_: unknown, c: Comp) => formatCurrency(c.BuildingAreaTotal ? c.MLSSoldPrice / c.BuildingAreaTotal : null),
            },
            {
              title: 'This price vs sold',
              key: 'gap',
              render: (_: unknown, c: Comp) => {
                const gap = priceGap(price, c.MLSSoldPrice);
                return gap === null ? '—' : `${gap > 0 ? '+' : ''}${formatRoi(gap)}`;
              },
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
