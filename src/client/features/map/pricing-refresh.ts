import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { PricingStatus } from '../../../shared/schemas/rates';
import { api } from '../../api/base-api';
import { useAppDispatch } from '../../app/hooks';
import { usePricingQuery } from './map-api';

/** How often the search page asks whether the listings were re-priced (a small in-memory answer). */
export const PRICING_POLL_MS = 30_000;

export const PRICING_TEXT = {
  repriced: (rate: number | null) =>
    rate === null
      ? 'Listings re-priced: the map shows the new results'
      : `Listings re-priced at ${rate}%: the map shows the new results`,
} as const;

/** What the page has seen of the pricing: the rate its results were settled at, and whether a re-price ran since. */
export interface PricingWatch {
  /** undefined until the first answer; then the rate of the last settled pricing. */
  settledRate: number | null | undefined;
  /** A re-price was seen running since the results on screen were fetched. */
  sawRepricing: boolean;
}

export const INITIAL_PRICING_WATCH: PricingWatch = { settledRate: undefined, sawRepricing: false };

/**
 * The next watch state for a pricing answer, and whether the map must fetch its view again: when a
 * re-price it saw running has finished, or when the settled rate changed between two polls (a
 * re-price that started and ended in between). The first answer only sets the baseline, unless a
 * re-price is running then (the results on screen may be from before it).
 */
export function watchPricing(watch: PricingWatch, status: PricingStatus): { watch: PricingWatch; refresh: boolean } {
  if (status.repricing) return { watch: { ...watch, sawRepricing: true }, refresh: false };
  const changed = watch.settledRate !== undefined && watch.settledRate !== status.rate;
  return { watch: { settledRate: status.rate, sawRepricing: false }, refresh: watch.sawRepricing || changed };
}

/**
 * Polls GET /rates/pricing while the search page is open; when a re-price finishes, the cached
 * cluster and top answers are dropped (tag 'Pricing') and the returned key changes, so the view's
 * bounds search runs again and the map and the list show the new results.
 */
export function usePricingRefresh(): number {
  const dispatch = useAppDispatch();
  const { data } = usePricingQuery(undefined, { pollingInterval: PRICING_POLL_MS });
  const watch = useRef(INITIAL_PRICING_WATCH);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (!data) return;
    const next = watchPricing(watch.current, data);
    watch.current = next.watch;
    if (!next.refresh) return;
    dispatch(api.util.invalidateTags(['Pricing']));
    setKey((k) => k + 1);
    toast.success(PRICING_TEXT.repriced(data.rate));
  }, [data, dispatch]);
  return key;
}
