import type { BackupFile, BackupKind, BackupTrigger } from '../../../shared/schemas/backups';
import type { Database } from '../../db/database';
import { listBackups, writeBackup, type BackupManifest } from './backup-files';
import { pgDump } from './postgres-tools';
import { createBackupsRepository } from './repository';

/** What a backup is taken from: the open database, and on PostgreSQL its address for pg_dump. */
export interface BackupSource {
  database: Pick<Database, 'db' | 'kind' | 'schema' | 'dumpDataDir'>;
  /** PostgreSQL: DATABASE_URL. */
  databaseUrl?: string;
}

export function backupKindOf(database: Pick<Database, 'kind'>): BackupKind {
  return database.kind === 'pglite' ? 'pglite' : 'postgres';
}

/** Writes the database to a new file: PGlite's tarball of its data directory, or pg_dump's custom format. */
function producerOf({ database, databaseUrl }: BackupSource, signal?: AbortSignal): (file: string) => Promise<void> {
  if (database.kind === 'pglite') {
    const { dumpDataDir } = database;
    if (!dumpDataDir) throw new Error('this PGlite database cannot be dumped');
    return (file) => dumpDataDir(file);
  }
  if (!databaseUrl) throw new Error('DATABASE_URL is needed to run pg_dump');
  return (file) => pgDump(databaseUrl, file, database.schema ?? null, signal);
}

export interface BackupRunOptions {
  dir: string;
  trigger: BackupTrigger;
  createdAt: Date;
  /** Stops pg_dump (the server is stopping); PGlite's dump is short and runs to its end. */
  signal?: AbortSignal;
  /** Told what is wrong but does not stop the backup (BACKUP_DIR cannot be made private). */
  warn?: (message: string) => void;
}

/** One backup of the database into `dir` (backup-files.ts); its file, as the listing shows it. */
export async function runBackup(
  source: BackupSource,
  { dir, trigger, createdAt, signal, warn }: BackupRunOptions,
): Promise<{ file: string; backup: BackupFile; manifest: BackupManifest }> {
  const produce = producerOf(source, signal);
  const migration = await createBackupsRepository(source.database.db).latestMigration();
  const { file, manifest } = await writeBackup(
    dir,
    { kind: backupKindOf(source.database), trigger, createdAt, migration, schema: source.database.schema ?? null },
    produce,
    { warn },
  );
  const { backups } = await listBackups(dir);
  const backup = backups.find((b) => b.name === manifest.file);
  if (!backup) throw new Error(`the backup ${manifest.file} is not in ${dir} after it was written`);
  return { file, backup, manifest };
}
