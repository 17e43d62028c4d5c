import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { DEFAULT_RETURNS_STRATEGY } from '../../../../shared/returns-map';
import { searchFilterParams, type SearchFilters } from '../../../../shared/search-filters';
import type { StrategyKey } from '../../../../shared/vocabulary';
import { useAppSelector } from '../../../app/hooks';
import { clusterSearchArgs } from '../bounds-search';
import { useSearchReturnsQuery } from '../map-api';
import { selectViewport } from '../map-slice';
import type { ReturnsCell, SearchReturnsArgs } from '../map-types';

export interface ReturnsMap {
  /** The strategy whose cash-on-cash the cells show: the search's, else Buy & Hold. */
  strategy: StrategyKey;
  /** The view's cells; while a new view loads, the last view's (null before the first answer). */
  cells: ReturnsCell[] | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The returns heat map of the settled view (`type=returns` on the clusters' grid at the view's
 * zoom, with the filters), while `on`: the map draws its cells, the legend names its strategy and
 * the list panel tables them. The viewport settles once per camera move, so no debounce of its own.
 */
export function useReturnsMap(filters: SearchFilters, on: boolean): ReturnsMap {
  const { bounds, zoom } = useAppSelector(selectViewport);
  const strategy = filters.strategy ?? DEFAULT_RETURNS_STRATEGY;
  const args = useMemo<SearchReturnsArgs | null>(() => {
    const grid = on ? clusterSearchArgs(bounds, zoom) : null;
    return grid ? { ...grid, type: 'returns', ...searchFilterParams({ ...filters, strategy }) } : null;
  }, [on, bounds, zoom, filters, strategy]);
  const { data, isFetching, isError } = useSearchReturnsQuery(args ?? skipToken);
  return { strategy, cells: on ? (data?.cells ?? null) : null, loading: isFetching, failed: isError && !isFetching };
}
