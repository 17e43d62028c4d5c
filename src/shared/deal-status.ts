/**
 * Deal status of a listed property from its sold comps (docs/listings.md).
 *
 * - Priced below every comp's sold price: Good Deal, green #10b981.
 * - Priced above every comp's sold price: Overpriced, red #ef4444.
 * - Anything else, or no comps: Market Price, cyan #06b6d4.
 *
 * The client derives the status back from the marker background: green is a Good
 * Deal, red is Overpriced, anything else or missing is Market Price.
 */
import type { MarkerColor } from './schemas/property';
import type { DealStatus } from './vocabulary';

export { DEAL_STATUSES, type DealStatus } from './vocabulary';

export type { MarkerColor, DealConfidence } from './schemas/property';

export const DEAL_COLORS = {
  goodDeal: '#10b981',
  overpriced: '#ef4444',
  marketPrice: '#06b6d4',
} as const;

const MARKER_COLORS: Readonly<Record<DealStatus, MarkerColor>> = {
  'Good Deal': { background: DEAL_COLORS.goodDeal, borderColor: '#047857', glyphColor: '#ffffff' },
  Overpriced: { background: DEAL_COLORS.overpriced, borderColor: '#b91c1c', glyphColor: '#ffffff' },
  'Market Price': { background: DEAL_COLORS.marketPrice, borderColor: '#0e7490', glyphColor: '#ffffff' },
};

/** Status from the listing price and the comps' sold prices (non-finite prices are ignored). */
export function dealStatusFromComps(
  price: number | null | undefined,
  soldPrices: ReadonlyArray<number | null | undefined>,
): DealStatus {
  if (typeof price !== 'number' || !Number.isFinite(price)) return 'Market Price';
  const sold = soldPrices.filter((p): p is number => typeof p === 'number' && Number.isFinite(p));
  if (sold.length === 0) return 'Market Price';
  if (sold.every((p) => price < p)) return 'Good Deal';
  if (sold.every((p) => price > p)) return 'Overpriced';
  return 'Market Price';
}

/** A fresh copy of the marker colours of a status. */
export function markerColorFor(status: DealStatus): MarkerColor {
  return { ...(MARKER_COLORS[status] ?? MARKER_COLORS['Market Price']) };
}

/** The status read back from a marker background; anything else or missing is Market Price. */
export function dealStatusFromMarker(background: string | null | undefined): DealStatus {
  const value = typeof background === 'string' ? background.trim().toLowerCase() : '';
  if (value === DEAL_COLORS.goodDeal) return 'Good Deal';
  if (value === DEAL_COLORS.overpriced) return 'Overpriced';
  return 'Market Price';
}
