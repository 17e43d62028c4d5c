import { useEffect, useRef } from 'react';
import { authApi } from '../../api/auth-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { boundsSearchArgs, runBoundsSearch } from './bounds-search';
import { BOUNDS_DEBOUNCE_MS } from './map-constants';
import { propertiesMerged, selectViewport } from './map-slice';

/**
 * BOUNDS_DEBOUNCE_MS after the viewport's bounds change (and only when the shared bounds rules
 * hold), pages through GET /searchProperties into the map slice. A newer change cancels the running
 * sequence (its request is aborted and its later pages ignored). Failures are logged only.
 */
export function useBoundsSearch(): void {
  const dispatch = useAppDispatch();
  const { bounds, zoom } = useAppSelector(selectViewport);
  const generation = useRef(0);
  const inflight = useRef<{ abort: () => void } | null>(null);

  useEffect(() => {
    const mine = ++generation.current;
    inflight.current?.abort();
    inflight.current = null;
    const args = boundsSearchArgs(bounds, zoom);
    if (!args) return undefined;
    const isCancelled = () => generation.current !== mine;
    const timer = setTimeout(() => {
      runBoundsSearch(
        args,
        async (pageArgs) => {
          const request = dispatch(authApi.endpoints.searchProperties.initiate(pageArgs, { subscribe: false, forceRefetch: true }));
          inflight.current = request;
          try {
            return await request.unwrap();
          } finally {
            if (inflight.current === request) inflight.current = null;
          }
        },
        (properties) => dispatch(propertiesMerged(properties)),
        isCancelled,
      ).catch((error: unknown) => {
        if (!isCancelled()) console.error('Bounds search failed', error);
      });
    }, BOUNDS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [bounds, zoom, dispatch]);

  useEffect(
    () => () => {
      generation.current += 1;
      inflight.current?.abort();
    },
    [],
  );
}
