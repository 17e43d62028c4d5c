import { sql } from 'kysely';
import { cellBounds, cellKey } from '../../../shared/geo/cluster-grid';
import type { MapBounds } from '../../../shared/schemas/geo';
import type { ReturnFigure, ReturnsCell, SearchReturnsAnswer } from '../../../shared/schemas/property';
import type { SearchFilters } from '../../../shared/search-filters';
import type { StrategyKey } from '../../../shared/vocabulary';
import type { Db } from '../../db/database';
import { gridCellSql } from './search-clusters';
import { cashOnCashSql, matching } from './search-scan';

/**
 * The returns heat map of a view: the properties the clusters would count (the bounds and the
 * filters, through `matching`) that have a cash-on-cash figure for `strategy`, grouped on the same
 * grid; per cell the count, the median and the 10th and 90th percentiles of the figure, and the
 * city most of them are in. percentile_disc picks a listing's own figure, so an infinite return (no
 * cash in and the property pays; stored as float8 Infinity) orders above every finite one and can
 * be the median of a cell where most properties need no cash. The three percentiles share one sort
 * of each cell's rows (same ORDER BY); ordered-set aggregates rule out the clusters' hash aggregate,
 * so the rows are sorted by cell first (docs/performance.md measures the difference).
 */
export function returnsQuery(db: Db, bounds: MapBounds, filters: SearchFilters, zoom: number, strategy: StrategyKey) {
  const { x, y } = gridCellSql(zoom);
  const coc = cashOnCashSql(strategy);
  return db
    .selectFrom('properties as p')
    .$call(matching(bounds, filters))
    .where(coc, 'is not', null)
    .select([
      x.as('cell_x'),
      y.as('cell_y'),
      sql<number>`count(*)::int`.as('count'),
      sql<number>`percentile_disc(0.5) within group (order by ${coc})`.as('median'),
      sql<number>`percentile_disc(0.1) within group (order by ${coc})`.as('low'),
      sql<number>`percentile_disc(0.9) within group (order by ${coc})`.as('high'),
      sql<string | null>`mode() within group (order by p.city || ', ' || p.state)`.as('place'),
    ])
    .groupBy([sql`cell_x`, sql`cell_y`]);
}

/** A float8 of the aggregate as the answer says it: Infinity as "Infinity" (JSON has no infinity). */
const figure = (value: number): ReturnFigure => (value === Infinity ? 'Infinity' : value);

export async function searchReturns(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  zoom: number,
  strategy: StrategyKey,
): Promise<SearchReturnsAnswer> {
  const rows = await returnsQuery(db, bounds, filters, zoom, strategy).execute();
  let total = 0;
  const cells = rows.map((r): ReturnsCell => {
    total += r.count;
    return {
      key: cellKey(zoom, r.cell_x, r.cell_y),
      bounds: cellBounds(zoom, r.cell_x, r.cell_y),
      count: r.count,
      median: figure(Number(r.median)),
      low: figure(Number(r.low)),
      high: figure(Number(r.high)),
      place: r.place,
    };
  });
  return { cells, total, zoom, strategy };
}
