import { sql } from 'kysely';
import type { MapBounds } from '../../../shared/schemas/geo';
import type { SearchTopAnswer } from '../../../shared/schemas/property-search';
import type { SearchFilters } from '../../../shared/search-filters';
import type { DealStatus, SearchSort, SortOrder, StrategyKey } from '../../../shared/vocabulary';
import type { Db } from '../../db/database';
import { cashOnCashSql, daysOnMarketSql, matching, selectSummary, toSummaryRow } from './search-scan';

/** The value `type=top` ranks by, as SQL (the rules of `sortValue` in src/shared/search-filters.ts). */
function sortSql(sort: SearchSort, strategy: StrategyKey | undefined) {
  switch (sort) {
    case 'price':
      return sql<number>`p.list_price`;
    case 'pricePerSqft':
      return sql<number | null>`(p.list_price / nullif(p.area, 0))`;
    case 'deal':
      return sql<number>`(case p.deal_status when ${'Good Deal' satisfies DealStatus} then 0 when ${'Overpriced' satisfies DealStatus} then 2 else 1 end)`;
    case 'coc':
      return strategy ? cashOnCashSql(strategy) : sql<null>`null::float8`;
    case 'daysOnMarket':
      return daysOnMarketSql;
    case 'priceCut':
      return sql<number>`p.price_cut_percent`;
    case 'valueGap':
      return sql<number | null>`p.value_gap_percent`;
  }
}

export interface TopOptions {
  sort: SearchSort;
  order: SortOrder;
  strategy: StrategyKey | undefined;
  limit: number;
}

/**
 * The first `limit` properties of the view by the sort (nulls last either way, ties by id), and how
 * many pass the filters in all: the list beside the map when it shows clusters.
 */
export async function searchTop(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  options: TopOptions,
): Promise<SearchTopAnswer> {
  const value = sortSql(options.sort, options.strategy);
  const direction = options.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('properties as p')
      .$call(selectSummary)
      .$call(matching(bounds, filters))
      .orderBy(sql`${value} ${direction}`)
      .orderBy('p.id')
      .limit(options.limit)
      .execute(),
    db
      .selectFrom('properties as p')
      .$call(matching(bounds, filters))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { properties: rows.map((row, i) => toSummaryRow(row, i)), total: count.n };
}
