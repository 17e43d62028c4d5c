import { Button } from 'antd';
import { formatCurrency } from '../../../shared/format';
import type { OwnedDeal } from '../../../shared/schemas/portfolio';
import { dayText } from './figure-text';
import { PORTFOLIO_TEXT } from './portfolio-text';

/** The deals of the pipeline's Owned stage not in the portfolio yet, each with its way in. */
export function OwnedDeals({ deals, onAdd }: { deals: readonly OwnedDeal[]; onAdd: (deal: OwnedDeal) => void }) {
  return (
    <ul className="dm-portfolio-owned">
      {deals.map((deal) => {
        const price = deal.offerPrice ?? deal.listPrice;
        return (
          <li key={deal.dealId} data-testid={`owned-deal-${deal.dealId}`} className="dm-portfolio-owned-deal">
            <div>
              <strong>{deal.address}</strong>
              <span className="dm-portfolio-muted">
                {' '}
                {deal.city}, {deal.state} {deal.zip}
              </span>
              <div className="dm-portfolio-muted">
                Owned since {dayText(deal.ownedSince)}
                {price !== null ? ` · ${deal.offerPrice !== null ? 'Offer' : 'List price'} ${formatCurrency(price)}` : ''}
              </div>
            </div>
            <Button
              data-testid={`add-owned-${deal.dealId}`}
              aria-label={`${PORTFOLIO_TEXT.addOwned}: ${deal.address}`}
              onClick={() => onAdd(deal)}
            >
              {PORTFOLIO_TEXT.addOwned}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
