import { Typography } from 'antd';
import type { TrendMonth } from '../../../shared/schemas/market-trends';
import { monthLabel } from '../../../shared/trends';

export const listingsFromText = (month: string) =>
  `Active listings, list prices, days on market, price cuts and new listings start in ${month}, the first month Dealmap holds all the listings of: before it, only the listings still held today could be counted. Sales and leases go back further.`;

/** Says where the listings' figures start, when that is inside the months shown (docs/markets.md). */
export function ListingsFromNote({
  listingsFrom,
  months,
}: {
  listingsFrom: string | null | undefined;
  months: readonly TrendMonth[];
}) {
  if (!listingsFrom || !months.length || listingsFrom <= months[0].month) return null;
  return (
    <Typography.Paragraph type="secondary" className="dm-markets-asof" data-testid="listings-from">
      {listingsFromText(monthLabel(listingsFrom))}
    </Typography.Paragraph>
  );
}
