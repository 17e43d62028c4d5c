import { skipToken } from '@reduxjs/toolkit/query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { formatCurrency } from '../../../shared/format';
import { formatTarget, maxOffer, offerTargetsOf, type MaxOffer, type OfferTargets } from '../../../shared/invest';
import { latestFinancingRate, startingWhatIf } from '../../../shared/invest/starting-what-if';
import type { StrategyKey } from '../../../shared/investor-types';
import type { ValueEstimate } from '../../../shared/schemas/property-estimates';
import { keepFiguresWhole } from '../../../shared/valuation/accuracy-text';
import { rangeText } from '../../../shared/valuation/ranges';
import { valueEstimateText } from '../../../shared/valuation/value-estimate';
import { useLatestRatesQuery } from '../../api/lookups-api';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session';
import { usePropertyQuery } from './deal-api';
import './deal.css';

/**
 * What the max offer says, e.g. "Pays 8% at $212,000 or less" (a rental's cash-on-cash target) or
 * "Makes 15% of ARV at $180,000 or less" (a flip's profit target).
 */
export function maxOfferText(strategy: StrategyKey, offer: MaxOffer, targets: OfferTargets): string {
  const flip = strategy === 'fixFlip';
  const goal = flip ? `${formatTarget(targets.flipProfitPercent)} of ARV` : formatTarget(targets.cashOnCashPercent);
  const [verb, verbs] = flip ? ['make', 'Makes'] : ['pay', 'Pays'];
  switch (offer.kind) {
    case 'none':
      return `Does not ${verb} ${goal} at any price`;
    case 'any':
      return `${verbs} ${goal} at any price`;
    default:
      return `${verbs} ${goal} at ${formatCurrency(offer.price)} or less${offer.coversAsking ? ' (the asking price qualifies)' : ''}`;
  }
}

export const MAX_OFFER_TEXT = {
  label: 'Max offer',
  loading: 'Working out the max offer…',
  failed: 'The max offer could not be worked out.',
} as const;

/** The user's targets from the signed-in profile (the defaults for a session stored before targets existed). */
export const useOfferTargets = (): OfferTargets => offerTargetsOf(useAppSelector(selectUser)?.profile);

/**
 * The max offer against the value estimate: "57 % of the estimated value $372,000 (below its 80 %
 * range $351,000–$394,000)"; without an offer price, the estimate and its range; with too few comps,
 * why there is none (valueEstimateText).
 */
export function offerValueText(offer: MaxOffer, estimate: ValueEstimate): string {
  const { value, range } = estimate;
  if (value === null) return valueEstimateText(estimate);
  if (offer.kind !== 'price' || value <= 0) {
    return [`Estimated value ${formatCurrency(value)}`, ...(range ? [rangeText(range)] : [])].join(' · ');
  }
  const share = `${Math.round((offer.price / value) * 100)} % of the estimated value ${formatCurrency(value)}`;
  if (!range) return share;
  const where = offer.price < range.low ? 'below' : offer.price > range.high ? 'above' : 'inside';
  return `${share} (${where} its ${rangeText(range)})`;
}

/** One strategy's max offer line, with the offer against the value estimate under it when there is one. */
export function MaxOfferLine({
  strategy,
  offer,
  targets,
  valueEstimate,
}: {
  strategy: StrategyKey;
  offer: MaxOffer;
  targets: OfferTargets;
  /** The property's value estimate (null before its first computation: nothing is said). */
  valueEstimate?: ValueEstimate | null;
}) {
  return (
    <>
      <Typography.Paragraph className="dm-max-offer" data-testid={`max-offer-${strategy}`}>
        <Typography.Text strong>{MAX_OFFER_TEXT.label}:</Typography.Text> {maxOfferText(strategy, offer, targets)}
      </Typography.Paragraph>
      {valueEstimate ? (
        <Typography.Paragraph type="secondary" className="dm-max-offer-value" data-testid={`offer-value-${strategy}`}>
          {keepFiguresWhole(offerValueText(offer, valueEstimate))}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/**
 * The popup's max offer of one strategy: solved in the browser from the property's engine inputs
 * (GET /property/:id, the property page's request: shared cache), its market's assumptions and the
 * latest rate, as the property page starts, with the user's targets.
 */
export function PopupMaxOffer({ strategy, propertyId }: { strategy: StrategyKey; propertyId: string }) {
  const property = usePropertyQuery(propertyId || skipToken);
  const rates = useLatestRatesQuery();
  const targets = useOfferTargets();
  const ratesDone = !rates.isLoading;
  const rate = latestFinancingRate(rates.data)?.rate ?? null;
  const offer = useMemo(
    () => (property.data && ratesDone ? maxOffer(strategy, startingWhatIf(property.data, rate), targets) : null),
    [property.data, ratesDone, rate, strategy, targets],
  );
  if (offer) {
    return <MaxOfferLine strategy={strategy} offer={offer} targets={targets} valueEstimate={property.data?.valueEstimate} />;
  }
  return (
    <Typography.Paragraph type="secondary" className="dm-max-offer" data-testid={`max-offer-${strategy}`}>
      {property.error ? MAX_OFFER_TEXT.failed : MAX_OFFER_TEXT.loading}
    </Typography.Paragraph>
  );
}
