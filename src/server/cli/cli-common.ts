import { loadConfig } from '../lib/app-config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createDatabase, migrateToLatest, type Database } from '../db/database';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The configured database (DATABASE_URL, else PGlite in DATA_DIR under the DATA_DIR lock, so a CLI
 * refuses to run while a server uses the directory), migrated.
 */
export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
