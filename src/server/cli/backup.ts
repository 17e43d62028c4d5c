import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/app-config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createDatabase, type Database } from '../db/database';
import {
  BackupRequestError,
  connectionFor,
  pruneBackups,
  reason,
  REQUESTS_DIR_NAME,
  requestBackup,
  runBackup,
} from '../modules/backups';
import { fail, runMain } from './cli-common';

const USAGE = `Usage: npm run backup

Writes a backup of the configured database into BACKUP_DIR (default DATA_DIR/backups) with its
manifest beside it (<file>.json: what it is, its SHA-256, the migration it holds), then keeps the
BACKUP_KEEP (7) newest backups there. Prints the backup's path.

  PostgreSQL (DATABASE_URL set): pg_dump --format=custom into dealmap-<time>.pgdump, while the
  servers run. pg_dump must be on PATH, of the server's major version or newer. node-postgres's
  own options in DATABASE_URL are given to pg_dump as libpq reads them (ssl=true: sslmode=require),
  or left out, and said so.
  PGlite (DATA_DIR): the data directory as dealmap-<time>.pglite.tar.gz. A running server holds
  DATA_DIR, so the command asks that server to take the backup (into its BACKUP_DIR) and waits for
  it; with the server stopped, the command takes it itself.

Restore with npm run restore (docs/deploy.md, "Backups and restores").`;

async function backUpHere(database: Database, databaseUrl?: string): Promise<void> {
  const { backupDir, backupKeep } = loadConfig();
  const { file, backup } = await runBackup(
    { database, databaseUrl },
    { dir: backupDir, trigger: 'command', createdAt: new Date(), warn: (message) => console.error(`Warning: ${message}`) },
  );
  const removed = await pruneBackups(backupDir, backupKeep);
  console.error(
    `Backup written: ${backup.sizeBytes.toLocaleString('en-US')} bytes, SHA-256 ${backup.sha256}` +
      (removed.length ? `; deleted ${removed.length} older (BACKUP_KEEP=${backupKeep})` : ''),
  );
  console.log(file);
}

/** PGlite's DATA_DIR is held by a running server: it takes the backup. */
async function askServer(dataDir: string, pid: number): Promise<void> {
  console.error(`A Dealmap server (pid ${pid}) is running on ${dataDir}: asking it to take the backup...`);
  try {
    const answer = await requestBackup(path.join(dataDir, REQUESTS_DIR_NAME));
    if (!answer.ok) fail(answer.error);
    console.error('Backup written by the server.');
    console.log(answer.file);
  } catch (error) {
    if (error instanceof BackupRequestError && error.reason === 'not-taken') {
      fail(
        `The server (pid ${pid}) did not take the request within 30 s: it may be still starting, or a version without it.\n` +
          'Take the backup from Admin Settings -> Backups -> "Back up now" (or POST /api/v1/admin/backups as an Admin), ' +
          'set BACKUP_EVERY_HOURS for the server to take them, or stop the server and run npm run backup again.',
      );
    }
    throw error;
  }
}

runMain(async () => {
  let parsed;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    try {
      for (const note of connectionFor(config.databaseUrl).notes) console.error(`DATABASE_URL for pg_dump: ${note}`);
    } catch (error) {
      fail(`The backup failed: ${reason(error)}`);
    }
    const database = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      await backUpHere(database, config.databaseUrl).catch((error: unknown) => fail(`The backup failed: ${reason(error)}`));
    } finally {
      await database.close();
    }
    return;
  }
  const { dataDir } = config;
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    fail(`There is no database in ${path.join(dataDir, 'pglite')} to back up: set DATA_DIR to the server's data directory.`);
  }
  let database: Database;
  try {
    database = await createDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) return askServer(dataDir, error.pid);
    throw error;
  }
  try {
    await backUpHere(database).catch((error: unknown) => fail(`The backup failed: ${reason(error)}`));
  } finally {
    await database.close();
  }
});
