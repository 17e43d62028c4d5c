import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { PricingStatus } from '../../../shared/schemas/rates';
import { api } from '../../api/base-api';
import { useAppDispatch } from '../../app/hooks';
import { usePricingQuery } from './map-api';

/** How often the search page asks whether the listings were re-priced (a small in-memory answer). */
export const PRICING_POLL_MS = 30_000;

export const PRICING_TEXT = {
  repricing: (rate: number | null) =>
    `Re-pricing every listing at the new 30-year rate${rate === null ? '' : ` of ${rate}%`}: the results shown may be at the previous rate until it is done.`,
  repriced: (rate: number | null) =>
    rate === null
      ? 'Listings re-priced: the map shows the new results'
      : `Listings re-priced at ${rate}%: the map shows the new results`,
} as const;

/** What the page has seen of the pricing: the server's count of finished re-prices when its results were fetched. */
export interface PricingWatch {
  /** undefined until the first answer. */
  pricedVersion: number | undefined;
}

export const INITIAL_PRICING_WATCH: PricingWatch = { pricedVersion: undefined };

/**
 * The next watch state for a pricing answer, and whether the map must fetch its view again: when the
 * server has finished a re-price since the results on screen were fetched (its `version` moved on)
 * and none is running now. The first answer sets the baseline; while a re-price runs the baseline
 * stays, so a page opened during one refreshes when it ends.
 */
export function watchPricing(watch: PricingWatch, status: PricingStatus): { watch: PricingWatch; refresh: boolean } {
  if (watch.pricedVersion === undefined) return { watch: { pricedVersion: status.version }, refresh: false };
  if (status.repricing || status.version === watch.pricedVersion) return { watch, refresh: false };
  return { watch: { pricedVersion: status.version }, refresh: true };
}

/**
 * Polls GET /rates/pricing while the search page is open; when a re-price finishes, the cached
 * cluster and top answers are dropped (tag 'Pricing') and the returned key changes, so the view's
 * bounds search runs again and the map and the list show the new results. `repricing` is the
 * running re-price's rate (null without a rate on file), or undefined when none runs.
 */
export function usePricingRefresh(): { key: number; repricing: number | null | undefined } {
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
  return { key, repricing: data?.repricing ? data.rate : undefined };
}
