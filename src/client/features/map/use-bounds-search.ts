import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { searchFilterParams, type SearchFilters } from '../../../shared/search-filters';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { boundsSearchArgs, clusterSearchArgs, runBoundsSearch } from './bounds-search';
import { mapApi, useSearchClustersQuery } from './map-api';
import { BOUNDS_DEBOUNCE_MS, MAX_PROPERTIES_PER_VIEW, SERVER_CLUSTER_MAX_ZOOM } from './map-constants';
import { clusterViewChanged, clusterViewCleared, propertiesMerged, selectViewport } from './map-slice';
import type { MapProperty, SearchClustersArgs, SearchPropertiesArgs } from './map-types';

/** A performance mark at each merge of search pages into the slice (the data in hand). */
export const MERGE_MARK = 'dealmap:properties-merged';

/** Properties merged into the slice at a time after the first page. */
const MERGE_BATCH = 10_000;

/**
 * The map's search, BOUNDS_DEBOUNCE_MS after the viewport changes:
 * - zoomed out (zoom ≤ SERVER_CLUSTER_MAX_ZOOM): one `type=clusters` request; its cells are drawn;
 * - closer in, when the shared bounds rules hold: first the view's cluster answer, whose total says
 *   how many properties it holds; more than MAX_PROPERTIES_PER_VIEW and those clusters are drawn,
 *   else pages of `type=bounds` are merged into the map slice (at most MAX_PAGES_PER_VIEW of them: a
 *   view that grew meanwhile is shown as server clusters too).
 * A newer change cancels the running sequence (its request is aborted, its later pages ignored).
 * Bounds pages are not filtered (the list counts what matches among all of them, and the map
 * filters its markers); the cluster request carries the filters, so the cells count what matches.
 * Failures are logged only. A new `pricingKey` (a re-price finished) runs the view's search again.
 * What it finds goes to the store only (the pages into the slice, the cluster request into the slice
 * and its answer into RTK Query's cache); the map and the list read it through map-selectors.ts.
 */
export function useBoundsSearch(filters: SearchFilters, pricingKey = 0): void {
  const dispatch = useAppDispatch();
  const { bounds, zoom } = useAppSelector(selectViewport);
  const [area, setArea] = useState<SearchClustersArgs | null>(null);
  const filterParams = useMemo(() => searchFilterParams(filters), [filters]);
  const generation = useRef(0);
  const inflight = useRef<{ abort: () => void } | null>(null);

  useEffect(() => {
    const mine = ++generation.current;
    inflight.current?.abort();
    inflight.current = null;
    const isCancelled = () => generation.current !== mine;
    const timer = setTimeout(() => {
      if (zoom <= SERVER_CLUSTER_MAX_ZOOM) {
        setArea(clusterSearchArgs(bounds, zoom));
        return;
      }
      const args = boundsSearchArgs(bounds, zoom);
      if (!args) return;
      const wide = clusterSearchArgs(bounds, zoom);
      void countInView(wide).then((count) => {
        if (isCancelled()) return;
        // More in view than a view may download: show it as server clusters, without paging first.
        if (count !== null && count > MAX_PROPERTIES_PER_VIEW) {
          setArea(wide);
          return;
        }
        pageThrough(args);
      });
    }, BOUNDS_DEBOUNCE_MS);

    /**
     * How many properties the view holds (unfiltered: bounds pages are), from its cluster answer, which
     * is cached, so a dense view without filters draws the same answer at once. Null when it failed.
     */
    async function countInView(wide: SearchClustersArgs | null): Promise<number | null> {
      if (!wide) return null;
      const request = dispatch(mapApi.endpoints.searchClusters.initiate(wide, { subscribe: false }));
      inflight.current = request;
      try {
        return (await request.unwrap()).total;
      } catch (error) {
        if (!isCancelled()) console.error('Cluster count failed', error);
        return null;
      } finally {
        if (inflight.current === request) inflight.current = null;
      }
    }

    function pageThrough(args: SearchPropertiesArgs) {
      setArea(null);
      let buffer: MapProperty[] = [];
      let merged = false;
      const flush = () => {
        if (buffer.length === 0) return;
        if (typeof performance.mark === 'function') performance.mark(MERGE_MARK);
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
        .then((outcome) => {
          if (isCancelled()) return;
          flush();
          // More in view than a view may download: show it as server clusters.
          if (outcome === 'capped') setArea(clusterSearchArgs(bounds, zoom));
        })
        .catch((error: unknown) => {
          if (!isCancelled()) {
            flush();
            console.error('Bounds search failed', error);
          }
        });
    }
    return () => clearTimeout(timer);
    // pricingKey: a re-price finished (pricing-refresh.ts); the same view is searched again.
  }, [bounds, zoom, dispatch, pricingKey]);

  useEffect(
    () => () => {
      generation.current += 1;
      inflight.current?.abort();
      dispatch(clusterViewCleared());
    },
    [dispatch],
  );

  const clusterArgs = useMemo(() => (area ? { ...area, ...filterParams } : null), [area, filterParams]);
  const { currentData, error } = useSearchClustersQuery(clusterArgs ?? skipToken);
  // An answer in hand becomes the one drawn while a later request loads (map-selectors.ts).
  const answered = currentData !== undefined;
  useEffect(() => {
    dispatch(clusterViewChanged({ requested: clusterArgs, answered }));
  }, [dispatch, clusterArgs, answered]);
  useEffect(() => {
    if (error) console.error('Cluster search failed', error);
  }, [error]);
}
