import { Typography } from 'antd';
import type { Property } from '../../../shared/schemas/property';
import { keepFiguresWhole } from '../../../shared/valuation/accuracy-text';
import { valueEstimateText } from '../../../shared/valuation/value-estimate';
import { estimateMarket, HowAccurate } from '../accuracy';
import './deal.css';

/** What the value's line needs of a property. */
export type ValueFacts = Pick<Property, 'valueEstimate' | 'PropertyAddressCity' | 'PropertyAddressState'>;

/**
 * The value estimate in one line, beside the deal label (valueEstimateText): "Estimated value $372,000
 * · 80 % range $351,000–$394,000 · from 8 sales within 0.6 mi, last 7 months · list price 6 % below",
 * then "How accurate?"; with too few comps, why there is none, in words. Nothing before the
 * listing's first computation (valueEstimate null).
 */
export function ValueEstimateLine({ property }: { property: ValueFacts }) {
  const estimate = property.valueEstimate;
  if (!estimate) return null;
  const market = estimate.value === null ? null : estimateMarket(estimate.range, property);
  return (
    <Typography.Paragraph className="dm-estimate-line">
      <span data-testid="value-estimate">{keepFiguresWhole(valueEstimateText(estimate))}</span>
      {market ? (
        <>
          {' '}
          <HowAccurate kind="value" market={market} />
        </>
      ) : null}
    </Typography.Paragraph>
  );
}
