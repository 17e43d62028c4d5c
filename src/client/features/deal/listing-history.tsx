import { Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { AccessibleTable } from '../../components/accessible-table';
import {
  formatCutPercent,
  formatPriceChange,
  onMarketText,
  originalPriceText,
  priceChangeText,
} from '../../../shared/listing-history';
import type { PriceChange } from '../../../shared/schemas/property';
import './deal.css';

export const LISTING_TEXT = {
  onMarket: 'On the market',
  onMarketUnknown: 'Not in the listing',
  originalPrice: 'Original price',
  history: 'Price history',
  noHistory: 'No price changes recorded since it was listed.',
  date: 'Date',
  price: 'Price',
  change: 'Change',
} as const;

/** What the listing's facts read: the search summary's at once, the whole property's when it is in. */
export interface ListingFacts {
  LatestListingPrice: number;
  DaysOnMarket: number | null;
  PriceCutPercent: number;
  /** The whole property's (undefined while only the summary is known). */
  OnMarketDate?: string | null;
  OriginalListPrice?: number | null;
}

type DescriptionItem = NonNullable<DescriptionsProps['items']>[number];

/**
 * Days on market with the on-market date, and the original price with the cut when the price is
 * not the original: rows of an Ant Design Descriptions (the popup's Property tab, the property page).
 */
export function listingFactItems(p: ListingFacts): DescriptionItem[] {
  const items: DescriptionItem[] = [
    {
      key: 'onMarket',
      label: LISTING_TEXT.onMarket,
      children: onMarketText(p.DaysOnMarket, p.OnMarketDate ?? null) ?? LISTING_TEXT.onMarketUnknown,
    },
  ];
  const original =
    p.OriginalListPrice === undefined
      ? p.PriceCutPercent > 0
        ? `cut ${formatCutPercent(p.PriceCutPercent)}`
        : null
      : originalPriceText(p.OriginalListPrice, p.LatestListingPrice, p.PriceCutPercent);
  if (original) items.push({ key: 'originalPrice', label: LISTING_TEXT.originalPrice, children: original });
  return items;
}

interface HistoryRow extends PriceChange {
  key: string;
}

const COLUMNS: TableColumnsType<HistoryRow> = [
  {
    title: LISTING_TEXT.date,
    dataIndex: 'changedAt',
    render: (at: string) => <span className="dm-history-date">{dayjs(at).format('MMM D, YYYY')}</span>,
  },
  {
    title: LISTING_TEXT.price,
    key: 'price',
    render: (_: unknown, r: HistoryRow) => priceChangeText(r.oldPrice, r.newPrice),
  },
  {
    title: LISTING_TEXT.change,
    key: 'change',
    align: 'right',
    render: (_: unknown, r: HistoryRow) => <span className="dm-history-change">{formatPriceChange(r.oldPrice, r.newPrice)}</span>,
  },
];

/**
 * The list price changes an import saw, newest first: date, old → new price, change in percent.
 * `emptyText`: what to say when there are none (nothing at all without it).
 */
export function PriceHistory({ history, emptyText }: { history: PriceChange[]; emptyText?: string }) {
  if (history.length === 0) {
    return emptyText ? (
      <section className="dm-price-history" aria-label={LISTING_TEXT.history} data-testid="price-history">
        <Typography.Title level={5} className="dm-price-history-title">
          {LISTING_TEXT.history}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{emptyText}</Typography.Paragraph>
      </section>
    ) : null;
  }
  const rows = history.map((change, i) => ({ ...change, key: `${i}` })).reverse();
  return (
    <section className="dm-price-history" aria-label={LISTING_TEXT.history} data-testid="price-history">
      <Typography.Title level={5} className="dm-price-history-title">
        {LISTING_TEXT.history}
      </Typography.Title>
      <AccessibleTable<HistoryRow>
        aria-label={LISTING_TEXT.history}
        size="small"
        rowKey="key"
        columns={COLUMNS}
        dataSource={rows}
        pagination={false}
      />
    </section>
  );
}
