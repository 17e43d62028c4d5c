import { formatCurrency } from '../../shared/format';
import { PRICE_POSITION_COLORS, PRICE_POSITION_TEXT_COLORS, pricePercent, pricePosition } from '../../shared/price-position';

export const PRICE_POSITION_MESSAGES = {
  above: 'Consider negotiating the price',
  below: 'This could be a good investment opportunity',
} as const;

/**
 * Where a price sits between the lowest and the highest comp sold price: a red
 * marker with 'Consider negotiating the price' above every comp, green with 'This could be a good
 * investment opportunity' below every comp, purple otherwise. Renders nothing without comps.
 */
export function PricePositionBar({ price, soldPrices }: { price: number; soldPrices: readonly number[] }) {
  const sold = soldPrices.filter((p) => Number.isFinite(p));
  const position = pricePosition(price, sold);
  if (!position) return null;
  const min = Math.min(...sold);
  const max = Math.max(...sold);
  const percent = pricePercent(price, min, max);
  const color = PRICE_POSITION_COLORS[position];
  const textColor = PRICE_POSITION_TEXT_COLORS[position];
  const message = position === 'within' ? null : PRICE_POSITION_MESSAGES[position];
  return (
    <div className="dm-price-bar" data-testid="price-position-bar">
      <div className="dm-price-bar-track" aria-hidden="true">
        <div
          className="dm-price-bar-marker"
          data-testid="price-position-marker"
          data-position={position}
          style={{ left: `${percent}%`, background: color }}
          title={`This property: ${formatCurrency(price)}`}
        />
      </div>
      <div className="dm-price-bar-labels">
        <span>
          Lowest comp <strong>{formatCurrency(min)}</strong>
        </span>
        <span style={{ color: textColor }}>
          This property <strong>{formatCurrency(price)}</strong>
        </span>
        <span>
          Highest comp <strong>{formatCurrency(max)}</strong>
        </span>
      </div>
      {message ? (
        <p className="dm-price-bar-message" style={{ color: textColor }} data-testid="price-position-message">
          {message}
        </p>
      ) : null}
    </div>
  );
}
