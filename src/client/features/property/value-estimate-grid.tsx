import { Card, Typography, type TableColumnsType } from 'antd';
import { formatAddress, formatCurrency, formatDate, titleCase } from '../../../shared/format';
import type { Comp, Property } from '../../../shared/schemas/property';
import type { ValueComp } from '../../../shared/schemas/property-estimates';
import {
  factorText,
  FIGURE_SPACE,
  marketName,
  modelText,
  weightedMedianSteps,
  weightedMedianText,
  weightText,
  type MedianStep,
} from '../../../shared/valuation/accuracy-text';
import { AccessibleTable } from '../../components/accessible-table';

export const GRID_TEXT = {
  title: 'How the value estimate is worked out',
  caption: 'Adjustment grid, by adjusted price',
  intro:
    "Each comparable sale's price is adjusted to this home, as an appraiser's sales comparison grid does it, for the months since it sold, its living area, its bedrooms and bathrooms, and its location: sold price × time × area × rooms × location = adjusted price.",
  rounding:
    'The factors are shown to four decimals, so a product worked by hand may differ from the adjusted price by a few dollars.',
  median: 'Median',
} as const;

interface GridRow extends MedianStep {
  key: string;
  /** The comp's place in the estimate (nearest first), for a comp whose address is not known. */
  index: number;
  address: string | null;
  median: boolean;
}

const factor = (title: string, key: 'time' | 'area' | 'rooms' | 'location') => ({
  title,
  key,
  align: 'right' as const,
  render: (_: unknown, r: GridRow) => factorText(r.comp[key]),
});

const COLUMNS: TableColumnsType<GridRow> = [
  {
    title: 'Comp',
    key: 'comp',
    fixed: 'left',
    width: 150,
    render: (_: unknown, r: GridRow) => (
      <span className="dm-grid-comp">
        {r.address ?? `Comp ${r.index + 1}`}
        {r.median ? <span className="dm-grid-median"> ({GRID_TEXT.median})</span> : null}
      </span>
    ),
  },
  { title: 'Sold for', key: 'sold', align: 'right', render: (_: unknown, r: GridRow) => formatCurrency(r.comp.soldPrice) },
  { title: 'Closed', key: 'closed', render: (_: unknown, r: GridRow) => formatDate(r.comp.closeDate) },
  // Two decimals, as the weight was worked out from them.
  {
    title: 'Distance',
    key: 'distance',
    align: 'right',
    render: (_: unknown, r: GridRow) => `${r.comp.distanceMiles.toFixed(2)}${FIGURE_SPACE}mi`,
  },
  factor('Time', 'time'),
  factor('Area', 'area'),
  factor('Rooms', 'rooms'),
  factor('Location', 'location'),
  {
    title: 'Adjusted price',
    key: 'adjusted',
    align: 'right',
    render: (_: unknown, r: GridRow) => <strong>{formatCurrency(r.comp.adjustedPrice)}</strong>,
  },
  { title: 'Weight', key: 'weight', align: 'right', render: (_: unknown, r: GridRow) => weightText(r.comp.weight) },
  { title: 'Running weight', key: 'running', align: 'right', render: (_: unknown, r: GridRow) => weightText(r.running) },
];

/**
 * The value estimate's adjustment grid (docs/accuracy.md), so the figure can be checked by hand: each
 * comp's sold price and its four factors, its adjusted price and weight, sorted by adjusted price
 * with the running weight that finds the median, then how the median and the market model give the
 * estimate. Nothing without an estimate (the line by the deal label says why).
 */
export function ValueEstimateGrid({
  property,
  comps,
}: {
  property: Pick<Property, 'valueEstimate' | 'PropertyAddressCity' | 'PropertyAddressState'>;
  /** The sold comps as GET /property/comps answers them, for their addresses (undefined while they load). */
  comps: Comp[] | undefined;
}) {
  const estimate = property.valueEstimate;
  if (!estimate || estimate.value === null || estimate.comps.length === 0) return null;
  const { steps, medianIds } = weightedMedianSteps(estimate.comps);
  const order = new Map(estimate.comps.map((c: ValueComp, i) => [c._id, i]));
  const addresses = new Map((comps ?? []).map((c) => [c._id, titleCase(c.PropertyAddressFull) || formatAddress(c)]));
  const rows: GridRow[] = steps.map((step) => ({
    ...step,
    key: step.comp._id,
    index: order.get(step.comp._id) ?? 0,
    address: addresses.get(step.comp._id) || null,
    median: medianIds.includes(step.comp._id),
  }));
  const market = estimate.range
    ? marketName(estimate.range)
    : marketName({ city: property.PropertyAddressCity ?? '', state: property.PropertyAddressState ?? '' });
  return (
    <Card title={GRID_TEXT.title} className="dm-value-grid" data-testid="value-grid">
      <Typography.Paragraph>{GRID_TEXT.intro}</Typography.Paragraph>
      <AccessibleTable<GridRow>
        aria-label="Adjustment grid"
        caption={GRID_TEXT.caption}
        size="small"
        rowKey="key"
        className="dm-value-grid-table"
        rowClassName={(r) => (r.median ? 'dm-grid-median-row' : '')}
        columns={COLUMNS}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="value-grid-table"
      />
      <Typography.Paragraph className="dm-value-grid-note" data-testid="value-grid-median">
        {weightedMedianText(estimate.comps, estimate.value)}
      </Typography.Paragraph>
      <Typography.Paragraph className="dm-value-grid-note" data-testid="value-grid-model">
        {modelText(estimate.model, market)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="dm-value-grid-note">
        {GRID_TEXT.rounding}
      </Typography.Paragraph>
    </Card>
  );
}
