import type { Db } from '../../db/database';
import { createFeedUpserts } from './feed-upserts';
import { createRecomputeRepository } from './recompute-repository';

/**
 * The listings' and sold comps' repository over `db` (the database or a transaction): the feed's
 * upserts and the recomputation's reads and writes. Every statement is plain PostgreSQL, the same on
 * PGlite and on a server.
 */
export function createListingsRepository(db: Db) {
  return { ...createFeedUpserts(db), ...createRecomputeRepository(db) };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
