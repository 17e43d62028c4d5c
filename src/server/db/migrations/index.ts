import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-initial';

/** Every migration, in order. Add new ones here; names sort by their numeric prefix. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
