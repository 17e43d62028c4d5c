import { useEffect, useRef } from 'react';
import { mapApi } from './map-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { boundsSearchArgs, runBoundsSearch } from './bounds-search';
import { BOUNDS_DEBOUNCE_MS } from './map-constants';
import { propertiesMerged, selectViewport } from './map-slice';
import type { MapProperty } from './map-types';

/** Properties merged into the slice at a time after the first page. */
const MERGE_BATCH = 10_000;

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
      let buffer: MapProperty[] = [];
      let merged = false;
      const flush = () => {
        if (buffer.length === 0) return;
        dispatch(propertiesMerged(buffer));
        buffer = [];
        merged = true;
      };
      runBoundsSearch(
        args,
        async (pageArgs) => {
          const request = dispatch(
            mapApi.endpoints.searchProperties.initiate(pageArgs, { subscribe: false, forceRefetch: true }),
          );
          inflight.current = request;
          try {
            return await request.unwrap();
          } finally {
            if (inflight.current === request) inflight.current = null;
          }
        },
        (properties) => {
          buffer.push(...properties);
          // The first page shows at once; later pages merge in batches, since every merge copies the
          // entity table and a one-page-at-a-time merge grows quadratically with the known set.
          if (!merged || buffer.length >= MERGE_BATCH) flush();
        },
        isCancelled,
      )
        .then(() => {
          if (!isCancelled()) flush();
        })
        .catch((error: unknown) => {
          if (!isCancelled()) {
            flush();
            console.error('Bounds search failed', error);
          }
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
