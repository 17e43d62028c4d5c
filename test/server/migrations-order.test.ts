import { Migrator, type MigrationProvider } from 'kysely/migration';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../../src/server/db/database';
import { migrationProvider } from '../../src/server/db/migrations';

describe('migrations that land out of order', () => {
  it('runs 0016-rates-feed on a database where 0019 already ran', async () => {
    const database = await createDatabase({ dataDir: null });
    try {
      const all = await migrationProvider.getMigrations();
      const without: MigrationProvider = {
        getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name !== '0016-rates-feed')),
      };
      const first = await new Migrator({ db: database.db, provider: without }).migrateToLatest();
      expect(first.error).toBeUndefined();
      expect(first.results?.map((r) => r.migrationName)).toContain('0019-properties-bulk-writes');

      expect(await migrateToLatest(database)).toEqual(['0016-rates-feed']);
      const table = await sql<{ n: number }>`select count(*)::int as n from rates_feed`.execute(database.db);
      expect(table.rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
