import { useCallback, useEffect, useRef } from 'react';
import { dealApi } from '../../deal';
import { PREFETCH_HOVER_MS } from '../map-constants';

/**
 * Hovering (or focusing) a list row or a marker for PREFETCH_HOVER_MS prefetches its whole property
 * (GET /property/:id) into RTK Query's cache, so a click then opens a complete popup at once. Call
 * with the id under the pointer, or null when it leaves; a property already cached is not asked again.
 */
export function useHoverPrefetch(): (id: string | null) => void {
  const prefetch = dealApi.usePrefetch('property');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (id: string | null) => {
      clearTimeout(timer.current);
      if (id) timer.current = setTimeout(() => prefetch(id), PREFETCH_HOVER_MS);
    },
    [prefetch],
  );
}
