/** Where an asking price sits among its comps' sold prices: the price-position bar's rules. */

export type PricePosition = 'above' | 'below' | 'within';

/** Above every comp's sold price, below every one, or within the range; null without comps. */
export function pricePosition(price: number | null | undefined, soldPrices: readonly number[]): PricePosition | null {
  const sold = soldPrices.filter((p) => Number.isFinite(p));
  if (!sold.length || typeof price !== 'number' || !Number.isFinite(price)) return null;
  if (sold.every((p) => price > p)) return 'above';
  if (sold.every((p) => price < p)) return 'below';
  return 'within';
}

export const PRICE_POSITION_COLORS: Record<PricePosition, string> = {
  above: '#ef4444',
  below: '#10b981',
  within: '#8b5cf6',
};

/** The same colours as text: darker shades that meet 4.5:1 (CSS variables of the theme). */
export const PRICE_POSITION_TEXT_COLORS: Record<PricePosition, string> = {
  above: 'var(--dm-over-text)',
  below: 'var(--dm-good-text)',
  within: 'var(--dm-within-text)',
};

/** Where the marker sits along the min..max bar, in percent (clamped; 50 when all comps sold at one price). */
export function pricePercent(price: number, min: number, max: number): number {
  if (!(max > min)) return price > max ? 100 : price < min ? 0 : 50;
  return Math.min(100, Math.max(0, ((price - min) / (max - min)) * 100));
}
