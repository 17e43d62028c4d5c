import type { Db } from '../../db/database';
import { findComps, findLeaseComps, findProperty } from './property-reads';
import { clustersQuery, searchClusters } from './search-clusters';
import { searchBounds, searchBoundsJson, searchPageJsonQuery, searchQuery } from './search-pages';
import { returnsQuery, searchReturns } from './search-returns';
import { searchTop } from './search-top';

export {
  decodeCursor,
  encodeCursor,
  MAX_CURSOR_COUNT,
  type SearchCursor,
  type SearchPage,
  type SearchPageJson,
} from './search-pages';
export type { TopOptions } from './search-top';

/**
 * Property and comp reads, with the spec's field names: one property and its comps
 * (property-reads.ts), and the map search's bounds pages, clusters, top of the view and returns heat map (search-*.ts,
 * which all filter through search-scan.ts). Rows are mapped to the wire objects here; the routes'
 * response schemas serialise them.
 */
export function createPropertiesRepository(db: Db) {
  /** A query function of the module with this repository's database. */
  const on =
    <A extends unknown[], R>(query: (db: Db, ...args: A) => R) =>
    (...args: A): R =>
      query(db, ...args);
  return {
    findProperty: on(findProperty),
    findComps: on(findComps),
    findLeaseComps: on(findLeaseComps),
    searchBounds: on(searchBounds),
    searchBoundsJson: on(searchBoundsJson),
    searchClusters: on(searchClusters),
    searchTop: on(searchTop),
    searchReturns: on(searchReturns),
    /** The statements alone (the search bench measures them). */
    searchQuery: on(searchQuery),
    searchPageJsonQuery: on(searchPageJsonQuery),
    clustersQuery: on(clustersQuery),
    returnsQuery: on(returnsQuery),
  };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;
