import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../../db/database';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../../db/data-dir-lock';
import { migrationProvider } from '../../db/migrations';
import { BackupRefused, checkBackup, KIND_NAMES, reason, type BackupManifest } from './backup-files';
import { addressWithDatabase, archiveTables, databaseNameOf, pgRestore } from './postgres-tools';
import { createBackupsRepository } from './repository';

/** Where a backup goes: a PGlite data directory (its `pglite/`), or a PostgreSQL database. */
export type RestoreTarget = { dataDir: string } | { databaseUrl: string };

export interface RestoreOptions {
  /** Restore over a database that is there: PGlite's is moved aside, PostgreSQL's objects of the backup dropped first. */
  replace?: boolean;
}

/**
 * The restore was done (a PostgreSQL pg_restore committed), but what was restored is not what it
 * should be: the message says what to do. Unlike BackupRefused and a failed restore, the target was changed.
 */
export class RestoredWithProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoredWithProblem';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** PGlite with `replace`: where the database that was there went. */
  movedAside?: string;
}

/** The newest migration this Dealmap knows: a backup newer than it needs a newer Dealmap. */
async function newestKnownMigration(): Promise<string> {
  return (
    Object.keys(await migrationProvider.getMigrations())
      .sort()
      .at(-1) ?? ''
  );
}

/** Checks a backup (backup-files.ts, checkBackup) and that it fits this target and this Dealmap. */
export async function checkRestore(file: string, target?: RestoreTarget): Promise<{ file: string; manifest: BackupManifest }> {
  const checked = await checkBackup(file);
  const { manifest } = checked;
  const nothing = 'Nothing was restored.';
  if (target && 'dataDir' in target && manifest.kind !== 'pglite') {
    throw new BackupRefused(
      `${checked.file} is ${KIND_NAMES[manifest.kind]}: restore it into a PostgreSQL database with --to-database URL, not into a data directory. ${nothing}`,
    );
  }
  if (target && 'databaseUrl' in target && manifest.kind !== 'postgres') {
    throw new BackupRefused(
      `${checked.file} is ${KIND_NAMES[manifest.kind]}: restore it into a data directory with --to-data-dir DIR, not into PostgreSQL. ${nothing}`,
    );
  }
  const known = await newestKnownMigration();
  if (manifest.migration && manifest.migration > known) {
    throw new BackupRefused(
      `${checked.file} was taken by a newer Dealmap (its database is at migration ${manifest.migration}; this one knows up to ${known}): ` +
        `restore it with that version or a newer one. ${nothing}`,
    );
  }
  return checked;
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * A PGlite backup into `dataDir`: checked first; then, holding the directory's lock (no server may run
 * on it), the database is created from the tarball in a staging directory beside it, opened and read,
 * and only then renamed to `dataDir/pglite`. Without `replace` a directory that holds a database is
 * refused; with it, that database is moved aside to `pglite.replaced-<time>`, never deleted.
 */
async function restorePglite(file: string, dataDir: string, manifest: BackupManifest, replace: boolean): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  const live = path.join(target, 'pglite');
  const holdsFiles = () => fs.existsSync(live) && fs.readdirSync(live).length > 0;
  if (holdsFiles() && !replace) {
    throw new BackupRefused(
      `${target} already holds a database (${live}). Restore into a new directory, or add --replace to move that one aside ` +
        `(to ${live}.replaced-<time>) and put the backup in its place. Nothing was restored.`,
    );
  }
  let lock: DataDirLock;
  try {
    lock = lockDataDir(target);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupRefused(`A Dealmap process (pid ${error.pid}) is using ${target}: stop it first. Nothing was restored.`);
    }
    throw error;
  }
  const staging = fs.mkdtempSync(path.join(target, '.restore-'));
  try {
    const database = await createDatabase({ dataDir: staging, loadFrom: file });
    try {
      const migration = await createBackupsRepository(database.db).latestMigration();
      if (migration !== manifest.migration) {
        throw new Error(
          `the restored database is at migration ${migration ?? 'none'}, the manifest says ${manifest.migration ?? 'none'}`,
        );
      }
    } finally {
      await database.close();
    }
    let movedAside: string | undefined;
    if (holdsFiles()) {
      movedAside = `${live}.replaced-${stamp()}`;
      fs.renameSync(live, movedAside);
    } else {
      fs.rmSync(live, { recursive: true, force: true });
    }
    try {
      fs.renameSync(path.join(staging, 'pglite'), live);
    } catch (error) {
      // The database that was there goes back: the target is left as it was.
      if (movedAside) fs.renameSync(movedAside, live);
      throw error;
    }
    return { manifest, movedAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** At most this many of the target's extra tables are named in a refusal. */
const NAMED_TABLES = 5;

/**
 * A PostgreSQL backup into the database at `databaseUrl` (it must exist): checked first; an empty
 * database gets it with pg_restore in one transaction; one that holds tables is refused unless
 * `replace` (then pg_restore --clean drops the backup's objects and recreates them, in one transaction).
 * `--clean` drops only what the archive holds, so a target at a newer migration than the backup, or
 * with tables the backup does not have, is refused before it is touched: the restore would fail on
 * them (foreign keys) or leave them beside an older kysely_migration (the next start's migrations
 * then fail with "already exists"). Such a backup goes into a new, empty database.
 */
async function restorePostgres(
  file: string,
  databaseUrl: string,
  manifest: BackupManifest,
  replace: boolean,
): Promise<RestoreResult> {
  const name = databaseNameOf(databaseUrl);
  const nothing = 'Nothing was restored.';
  const newDatabase = `${name}_restored`;
  const intoNew =
    `Restore into a new, empty database instead: createdb ${newDatabase}, then npm run restore -- ${file} ` +
    `--to-database ${addressWithDatabase(databaseUrl, newDatabase)}, and point the servers at it.`;
  const database = await createDatabase({ databaseUrl, poolSize: 1 }).catch((error: unknown) => {
    throw new BackupRefused(`The database ${name} cannot be reached: ${(error as Error).message}. ${nothing}`);
  });
  try {
    const repository = createBackupsRepository(database.db);
    const relations = await repository.relationCount().catch((error: unknown) => {
      throw new BackupRefused(
        `The database ${name} cannot be read (${(error as Error).message}): create it first (createdb ${name}). ${nothing}`,
      );
    });
    if (relations > 0 && !replace) {
      throw new BackupRefused(
        `The database ${name} is not empty (${relations} tables, views or sequences). Restore into a new database ` +
          `(createdb ${newDatabase}), or add --replace to drop the backup's tables there and recreate them. ${nothing}`,
      );
    }
    if (relations > 0) {
      const migration = await repository.latestMigration();
      if (migration && (!manifest.migration || migration > manifest.migration)) {
        throw new BackupRefused(
          `The database ${name} is at a newer migration (${migration}) than the backup (${manifest.migration ?? 'none'}): ` +
            `--replace drops only the backup's tables, so the newer ones would stay beside the older data and the ` +
            `next start would fail. ${intoNew} ${nothing}`,
        );
      }
      const inArchive = await archiveTables(file);
      // A backup of one schema (the tests') is compared with that schema only.
      const extra = (await repository.tables()).filter(
        (table) => !inArchive.has(table) && (!manifest.schema || table.startsWith(`${manifest.schema}.`)),
      );
      if (extra.length) {
        const named = extra.slice(0, NAMED_TABLES).join(', ') + (extra.length > NAMED_TABLES ? ', …' : '');
        throw new BackupRefused(
          `The database ${name} holds ${extra.length} table${extra.length === 1 ? '' : 's'} the backup does not (${named}): ` +
            `--replace drops only the backup's tables, so those would stay (or block the drop). ${intoNew} ${nothing}`,
        );
      }
    }
    await pgRestore(databaseUrl, file, relations > 0);
    // pg_restore has committed: from here on the database is changed.
    const migration = await repository.latestMigration().catch((error: unknown) => {
      throw new RestoredWithProblem(
        `The backup was restored into ${name}, but it could not be read back afterwards (${reason(error)}): ` +
          `make sure the servers' role can read it before starting servers on it. If in doubt, ${intoNew.charAt(0).toLowerCase()}${intoNew.slice(1)}`,
      );
    });
    if (!manifest.schema && migration !== manifest.migration) {
      throw new RestoredWithProblem(
        `The backup was restored into ${name}, but the database is at migration ${migration ?? 'none'} and the ` +
          `manifest says ${manifest.migration ?? 'none'}: do not start servers on it. ${intoNew}`,
      );
    }
    return { manifest };
  } finally {
    await database.close();
  }
}

/** Checks `file` and restores it into `target` (BackupRefused, with the target untouched, when it does not fit). */
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const checked = await checkRestore(file, target);
  return 'dataDir' in target
    ? restorePglite(checked.file, target.dataDir, checked.manifest, options.replace ?? false)
    : restorePostgres(checked.file, target.databaseUrl, checked.manifest, options.replace ?? false);
}
