import { createClusterLocks } from './cluster-lock';
import { migrateToLatest, type Database } from './database';
import { seed, type SeedOptions, type SeedResult } from './seed';

/**
 * Migrations and the seed at start, done once however many servers start at once on one database:
 * the first to take the startup lock does them, the others wait for it and then find nothing to do.
 */
export function migrateAndSeed(database: Database, options: SeedOptions): Promise<SeedResult> {
  return createClusterLocks(database).run('startup', async () => {
    await migrateToLatest(database);
    return seed(database.db, options);
  });
}
