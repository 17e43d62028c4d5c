import { Tag } from 'antd';
import { DEAL_COLORS, type DealStatus } from '../../../shared/deal-status';
// The popup's styles: the property page shows this piece too.
import './map.css';

export const DEAL_LABEL_COLORS: Record<DealStatus, string> = {
  'Good Deal': DEAL_COLORS.goodDeal,
  Overpriced: DEAL_COLORS.overpriced,
  'Market Price': DEAL_COLORS.marketPrice,
};

export function DealLabel({ status }: { status: DealStatus }) {
  return (
    <Tag color={DEAL_LABEL_COLORS[status]} className="dm-deal-label" data-testid="deal-label">
      {status}
    </Tag>
  );
}
