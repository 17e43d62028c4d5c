import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { compareBy, hasFilters, matchesFilters, searchFilterParams } from '../../../../shared/search-filters';
import { useSearchClustersQuery, useSearchTopQuery } from '../map-api';
import { selectClusterMatching } from '../map-selectors';
import { selectClusterView, selectPropertyEntities, selectViewport } from '../map-slice';
import type { MapBounds, MapProperty, SearchTopArgs } from '../map-types';
import type { SearchSettings } from '../toolbar/search-settings';

export interface ViewList {
  /** 'view': every known property in view; 'top': the server's best of a wide view by the sort. */
  mode: 'view' | 'top';
  /** The rows, filtered and sorted. */
  rows: MapProperty[];
  /** How many properties of the view pass the filters, and how many there are (null while unknown). */
  matching: number | null;
  total: number | null;
  loading: boolean;
}

/** The strategy whose cash-on-cash the list shows and sorts by when none is chosen. */
export const DEFAULT_STRATEGY = 'buyHold' as const;

const inBounds = (p: MapProperty, b: MapBounds): boolean => {
  const [lng, lat] = p.location?.coordinates ?? [NaN, NaN];
  if (!(lat >= b.sw.lat && lat <= b.ne.lat)) return false;
  // Across the antimeridian the view's west is east of its east.
  return b.sw.lng <= b.ne.lng ? lng >= b.sw.lng && lng <= b.ne.lng : lng >= b.sw.lng || lng <= b.ne.lng;
};

/**
 * The list beside the map: the known properties inside the view, filtered and sorted in the
 * browser; or, when the view shows server clusters, the view's best by the sort from the server
 * (`type=top`, filtered there), with the counts of the filtered and the unfiltered cluster answers.
 * `zip`: a ZIP searched without a map lists that ZIP's properties only (its box holds neighbours').
 * What the view holds comes from the store, as the map's markers and clusters do (map-selectors.ts).
 */
export function useViewList(settings: SearchSettings, zip: string | null = null): ViewList {
  const { bounds } = useAppSelector(selectViewport);
  const entities = useAppSelector(selectPropertyEntities);
  const ids = useAppSelector((s) => s.map.properties.ids);
  const { filters, sort, order } = settings;

  const inView = useMemo(() => {
    if (!bounds) return [];
    const list: MapProperty[] = [];
    for (const id of ids) {
      const p = entities[id];
      if (p && inBounds(p, bounds) && (zip === null || p.PropertyAddressZIP === zip)) list.push(p);
    }
    return list;
  }, [ids, entities, bounds, zip]);

  const viewRows = useMemo(
    () => inView.filter((p) => matchesFilters(p, filters)).sort(compareBy(sort, order, filters.strategy ?? DEFAULT_STRATEGY)),
    [inView, filters, sort, order],
  );

  const area = useAppSelector(selectClusterView).requested;
  const clusterMatching = useAppSelector(selectClusterMatching);
  const topArgs = useMemo<SearchTopArgs | null>(
    () =>
      area
        ? {
            type: 'top',
            bounds: area.bounds,
            sort,
            order,
            ...searchFilterParams(sort === 'coc' && !filters.strategy ? { ...filters, strategy: DEFAULT_STRATEGY } : filters),
          }
        : null,
    [area, sort, order, filters],
  );
  const top = useSearchTopQuery(topArgs ?? skipToken);
  // With filters, the cells count what matches; the view's total comes from the same cells unfiltered.
  const unfiltered = useSearchClustersQuery(
    area && hasFilters(filters) ? { type: 'clusters', zoom: area.zoom, bounds: area.bounds } : skipToken,
  );

  if (area) {
    return {
      mode: 'top',
      rows: top.data?.properties ?? [],
      matching: top.data?.total ?? clusterMatching,
      total: hasFilters(filters) ? (unfiltered.data?.total ?? null) : (top.data?.total ?? clusterMatching),
      loading: top.isFetching && !top.data,
    };
  }
  return { mode: 'view', rows: viewRows, matching: viewRows.length, total: inView.length, loading: false };
}
