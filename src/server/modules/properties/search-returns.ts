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
 * city most of them are in.
 *
 * Percentiles to a tenth of a percent (what the map shows), from a histogram: one pass hashes the
 * rows by (cell, figure rounded to 0.1) and by (cell, city) at once (grouping sets), and the
 * percentiles are read off the running counts of each cell's few hundred histogram rows: the
 * `percentile_disc` of the rounded figures (the first whose cumulative share reaches the fraction),
 * without sorting every row, which an ordered-set aggregate would (4–6× the clusters' time at 1M
 * listings; docs/performance.md). An infinite return (no cash in and the property pays; float8
 * Infinity) orders above every finite one, so a cell's median can be it.
 */
export function returnsQuery(db: Db, bounds: MapBounds, filters: SearchFilters, zoom: number, strategy: StrategyKey) {
  const { x, y } = gridCellSql(zoom);
  const coc = cashOnCashSql(strategy);
  const rows = db
    .selectFrom('properties as p')
    .$call(matching(bounds, filters))
    .where(coc, 'is not', null)
    .select([
      x.as('cell_x'),
      y.as('cell_y'),
      sql<number>`round(${coc} * 10)`.as('tenths'),
      sql<string | null>`nullif(p.city, '') || ', ' || p.state`.as('place'),
    ]);
  const share = (fraction: number) => sql<number>`min(tenths) filter (where running >= ${fraction}::float8 * total) / 10`;
  return db
    .with('histogram', (qb) =>
      qb
        .selectFrom(rows.as('r'))
        .select([
          'cell_x',
          'cell_y',
          'tenths',
          'place',
          sql<number>`count(*)::int`.as('n'),
          sql<number>`grouping(tenths)`.as('by_place'),
        ])
        .groupBy(sql`grouping sets ((cell_x, cell_y, tenths), (cell_x, cell_y, place))`),
    )
    .with('running', (qb) =>
      qb
        .selectFrom('histogram')
        .where('by_place', '=', 0)
        .select([
          'cell_x',
          'cell_y',
          'tenths',
          sql<number>`sum(n) over (partition by cell_x, cell_y order by tenths)`.as('running'),
          sql<number>`sum(n) over (partition by cell_x, cell_y)`.as('total'),
        ]),
    )
    .with('places', (qb) =>
      qb
        .selectFrom('histogram')
        .where('by_place', '=', 1)
        .where('place', 'is not', null)
        .distinctOn(['cell_x', 'cell_y'])
        .select(['cell_x', 'cell_y', 'place'])
        .orderBy('cell_x')
        .orderBy('cell_y')
        .orderBy('n', 'desc')
        .orderBy('place'),
    )
    .selectFrom('running as c')
    .leftJoin('places as pl', (join) => join.onRef('pl.cell_x', '=', 'c.cell_x').onRef('pl.cell_y', '=', 'c.cell_y'))
    .select([
      'c.cell_x',
      'c.cell_y',
      sql<number>`max(total)::int`.as('count'),
      share(0.5).as('median'),
      share(0.1).as('low'),
      share(0.9).as('high'),
      sql<string | null>`min(pl.place)`.as('place'),
    ])
    .groupBy(['c.cell_x', 'c.cell_y']);
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
