import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/app-config';
import { createClusterLocks } from '../db/cluster-lock';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createDatabase, migrateToLatest, type Database } from '../db/database';
import { MigrationMismatchError, migrationState } from '../db/migration-state';
import { redactUrl } from '../db/read-replicas';
import { fail, runMain } from './cli-common';

const USAGE = `Usage: npm run migrate [-- --status]

Applies this release's pending database migrations and says which it applied: to DATABASE_URL, or to
the embedded database in DATA_DIR while no server uses it. Servers of the previous release keep
running on the migrated database (docs/deploy.md, "Upgrading"); start this release's servers with
MIGRATE_ON_START=0 to leave migrations to this command.

  --status   only list what is applied, pending and newer than this release`;

const list = (names: string[]) => (names.length ? names.join(', ') : 'none');

runMain(async () => {
  let parsed;
  try {
    parsed = parseArgs({ options: { status: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const where = config.databaseUrl
    ? redactUrl(config.databaseUrl, '(DATABASE_URL)')
    : `the embedded database in ${config.dataDir}`;
  let database: Database;
  try {
    database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `${error.message}.\nThe embedded database is one process's: stop the server, then migrate (or just start the new release: it migrates at start). Upgrades without stopping need PostgreSQL (DATABASE_URL; docs/deploy.md, "Upgrading").`,
      );
    }
    throw error;
  }
  try {
    // The servers' start lock: a server starting meanwhile migrates nothing twice, nor reads a half-migrated schema.
    await createClusterLocks(database).run('startup', async () => {
      let before;
      try {
        before = await migrationState(database);
      } catch (error) {
        if (error instanceof MigrationMismatchError) fail(error.message);
        throw error;
      }
      if (parsed.values.status) {
        console.log(`Migrations of ${where}:`);
        console.log(`  applied: ${before.applied.length} of this release's ${before.applied.length + before.pending.length}`);
        console.log(`  pending: ${list(before.pending)}`);
        if (before.newer.length) console.log(`  newer than this release: ${list(before.newer)}`);
        return;
      }
      const applied = await migrateToLatest(database);
      console.log(
        applied.length
          ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${where}: ${applied.join(', ')}.`
          : `Nothing to apply: ${where} has all ${before.applied.length} of this release's migrations.`,
      );
      if (before.newer.length) {
        console.log(`It also has ${before.newer.length} migrations of a newer release, left as they are: ${list(before.newer)}.`);
      }
    });
  } finally {
    await database.close();
  }
});
