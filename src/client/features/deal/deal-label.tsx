import { Tag } from 'antd';
import { DEAL_COLORS, type DealStatus } from '../../../shared/deal-status';
import './deal.css';

export const DEAL_LABEL_COLORS: Record<DealStatus, string> = {
  'Good Deal': DEAL_COLORS.goodDeal,
  Overpriced: DEAL_COLORS.overpriced,
  'Market Price': DEAL_COLORS.marketPrice,
};

/** The label's class: its text is a darker shade of the marker colour, readable in both themes. */
const DEAL_LABEL_CLASS: Record<DealStatus, string> = {
  'Good Deal': 'dm-deal-good',
  Overpriced: 'dm-deal-over',
  'Market Price': 'dm-deal-market',
};

export function DealLabel({ status }: { status: DealStatus }) {
  return (
    <Tag className={`dm-deal-label ${DEAL_LABEL_CLASS[status]}`} data-testid="deal-label">
      {status}
    </Tag>
  );
}

/** The map legend's entries (features/map/map-legend.tsx), which the help page quotes too. */
export const LEGEND_ENTRIES = [
  { label: 'Good Deal', color: DEAL_COLORS.goodDeal, meaning: 'priced below comps' },
  { label: 'Overpriced', color: DEAL_COLORS.overpriced, meaning: 'priced above comps' },
  { label: 'Market Price', color: DEAL_COLORS.marketPrice, meaning: 'priced within the comp range' },
] as const;
