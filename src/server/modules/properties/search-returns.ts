import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import { cellBounds, cellKey, cellsPerWorld } from '../../../shared/geo/cluster-grid';
import type { MapBounds } from '../../../shared/schemas/geo';
import type { ReturnFigure, ReturnsCell, SearchReturnsAnswer } from '../../../shared/schemas/property-search';
import type { SearchFilters } from '../../../shared/search-filters';
import type { StrategyKey } from '../../../shared/vocabulary';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';
import { gridCellSql } from './search-clusters';
import { cashOnCashSql, matching, type PropertyScan } from './search-scan';

/**
 * How a view's percentiles are computed. `sort`: an ordered-set aggregate per cell, which sorts the
 * cell's rows. `histogram`: one hash aggregate of the rows by (cell, figure), and the percentiles
 * read off each cell's running counts, which sorts the histogram's rows only. A cell of a few hundred
 * listings has nearly as many histogram rows as listings, so there sorting them at once is cheaper;
 * a cell of thousands has at most a few hundred figures to a tenth, so there the histogram is.
 */
export type PercentileMethod = 'sort' | 'histogram';

/**
 * From zoom 11 a grid cell is at most ~0.044° across: a few hundred listings in the densest metro
 * (docs/performance.md, "Returns heat map": a metro at zoom 12, 80 cells of ~180, took twice the
 * clusters' time by the histogram and the clusters' time by the sort; at zoom 10 the two are even,
 * and from a state out the sort of every row takes 1.0–1.6× the histogram's time).
 */
export const SORT_PERCENTILES_FROM_ZOOM = 11;

export const percentileMethodFor = (zoom: number): PercentileMethod =>
  zoom >= SORT_PERCENTILES_FROM_ZOOM ? 'sort' : 'histogram';

/** A view's rows as the heat map reads them: their grid cell and their figure in tenths of a percent. */
function figureRows(db: Db, bounds: MapBounds, filters: SearchFilters, zoom: number, strategy: StrategyKey) {
  const { x, y } = gridCellSql(zoom);
  const coc = cashOnCashSql(strategy);
  // The listings' narrow copy (migration 0031) has every column `matching` reads, under the same
  // names: its position index, then its rows, kept in map order so a view's are on few pages
  // (0033). It holds only listed listings (0032), so the off-market condition is not asked of it.
  const scan = db.selectFrom('property_returns as p') as unknown as PropertyScan<object>;
  return scan
    .$call(matching(bounds, filters, { listedOnly: false }))
    .where(coc, 'is not', null)
    .select([x.as('cell_x'), y.as('cell_y'), sql<number>`round(${coc} * 10)`.as('tenths')]);
}

type FigureRows = ReturnType<typeof figureRows>;

/**
 * A query creator with each cell's count and percentiles as `cells` (and the CTEs they are made of,
 * which the rest of the statement does not name: each method's creator is cast to this).
 */
type WithCells = QueryCreator<
  Tables & { cells: { cell_x: number; cell_y: number; count: number; median: number; low: number; high: number } }
>;

/** Each cell's count and percentiles, as `cells`: the three of a cell in one ordered-set aggregate. */
function sortedCells(db: Db, rows: FigureRows): WithCells {
  return db
    .with('percentiles', (qb) =>
      qb
        .selectFrom(rows.as('r'))
        .select([
          'cell_x',
          'cell_y',
          sql<number>`count(*)::int`.as('count'),
          sql<number[]>`percentile_disc(array[0.5, 0.1, 0.9]) within group (order by tenths)`.as('shares'),
        ])
        .groupBy(['cell_x', 'cell_y']),
    )
    .with('cells', (qb) =>
      qb
        .selectFrom('percentiles')
        .select([
          'cell_x',
          'cell_y',
          'count',
          sql<number>`shares[1] / 10`.as('median'),
          sql<number>`shares[2] / 10`.as('low'),
          sql<number>`shares[3] / 10`.as('high'),
        ]),
    ) as unknown as WithCells;
}

/** Each cell's count and percentiles, as `cells`: from a histogram of the rows by (cell, figure). */
function histogramCells(db: Db, rows: FigureRows): WithCells {
  const share = (fraction: number) => sql<number>`min(tenths) filter (where running >= ${fraction}::float8 * total) / 10`;
  return (
    db
      // Materialized: computed apart by a hash aggregate of the rows. Inlined, the window's
      // partition order made the planner sort every row for a group aggregate (3.6 s instead of
      // the clusters' 0.6 s for the whole US at 1M listings on PostgreSQL; docs/performance.md).
      .with(
        (cte) => cte('histogram').materialized(),
        (qb) =>
          qb
            .selectFrom(rows.as('r'))
            .select(['cell_x', 'cell_y', 'tenths', sql<number>`count(*)::int`.as('n')])
            .groupBy(['cell_x', 'cell_y', 'tenths']),
      )
      .with('running', (qb) =>
        qb
          .selectFrom('histogram')
          .select([
            'cell_x',
            'cell_y',
            'tenths',
            sql<number>`sum(n) over (partition by cell_x, cell_y order by tenths)`.as('running'),
            sql<number>`sum(n) over (partition by cell_x, cell_y)`.as('total'),
          ]),
      )
      .with('cells', (qb) =>
        qb
          .selectFrom('running')
          .select([
            'cell_x',
            'cell_y',
            sql<number>`max(total)::int`.as('count'),
            share(0.5).as('median'),
            share(0.1).as('low'),
            share(0.9).as('high'),
          ])
          .groupBy(['cell_x', 'cell_y']),
      ) as unknown as WithCells
  );
}

/**
 * The returns heat map of a view: the properties the clusters would count (the bounds and the
 * filters, through `matching`, on the listings' `property_returns` copy) that have a cash-on-cash figure for `strategy`, grouped on the same
 * grid; per cell the count, the median and the 10th and 90th percentiles of the figure, and a place.
 *
 * Percentiles to a tenth of a percent (what the map shows): the `percentile_disc` of the figures
 * rounded to 0.1 (the first whose cumulative share reaches the fraction), computed one of two ways
 * that give the same figures (percentileMethodFor). An infinite return (no cash in and the property
 * pays; float8 Infinity) orders above every finite one, so a cell's median can be it.
 *
 * The place is the listings' city (the `places` table, rebuilt with the listings) whose listings
 * reach into the cell and whose mean position is nearest the cell's centre: a lookup per cell
 * instead of grouping every row by city as well, which doubled the statement's time.
 */
export function returnsQuery(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  zoom: number,
  strategy: StrategyKey,
  method: PercentileMethod = percentileMethodFor(zoom),
) {
  const n = cellsPerWorld(zoom);
  const rows = figureRows(db, bounds, filters, zoom, strategy);
  // The cell's box (cellBounds in src/shared/geo/cluster-grid.ts) from its column and row.
  const lng = (column: RawBuilder<number>) => sql<number>`((${column})::float8 / ${n}::float8 * 360 - 180)`;
  const lat = (row: RawBuilder<number>) => sql<number>`degrees(atan(sinh(pi() * (1 - 2 * (${row})::float8 / ${n}::float8))))`;
  const west = lng(sql`c.cell_x`);
  const east = lng(sql`c.cell_x + 1`);
  const north = lat(sql`c.cell_y`);
  const south = lat(sql`c.cell_y + 1`);
  const centreLat = sql`((${north} + ${south}) / 2)`;
  const centreLng = sql`((${west} + ${east}) / 2)`;
  const place = sql<string | null>`(select pl.city || ', ' || pl.state from view_places pl
    where pl.south <= ${north} and pl.north >= ${south} and pl.west <= ${east} and pl.east >= ${west}
    order by (pl.latitude - ${centreLat}) ^ 2 + ((pl.longitude - ${centreLng}) * cos(radians(${centreLat}))) ^ 2, pl.listings desc, pl.key
    limit 1)`;
  const withCells = method === 'sort' ? sortedCells(db, rows) : histogramCells(db, rows);
  return (
    withCells
      // The cities that reach into the view, read once: each cell then looks among these only.
      .with('view_places', (qb) =>
        qb
          .selectFrom('places')
          .where('kind', '=', 'city')
          .where('city', '<>', '')
          .where('south', '<=', bounds.ne.lat)
          .where('north', '>=', bounds.sw.lat)
          .where('west', '<=', bounds.ne.lng)
          .where('east', '>=', bounds.sw.lng)
          .select(['key', 'city', 'state', 'latitude', 'longitude', 'south', 'west', 'north', 'east', 'listings']),
      )
      .selectFrom('cells as c')
      .select(['c.cell_x', 'c.cell_y', 'c.count', 'c.median', 'c.low', 'c.high', place.as('place')])
  );
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
  // Without JIT: at a state or the country its cost estimate passes jit_inline_above_cost, and
  // PostgreSQL's compiling took longer than the run (0.9 s of 1.6 s, the US at 1M listings).
  const rows = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return returnsQuery(trx, bounds, filters, zoom, strategy).execute();
  });
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
