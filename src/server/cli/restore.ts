import { parseArgs } from 'node:util';
import { BackupRefused, checkRestore, reason, restoreBackup, type RestoreTarget } from '../modules/backups';
import { fail, runMain } from './cli-common';

const USAGE = `Usage: npm run restore -- <backup> --to-data-dir DIR [--replace]
       npm run restore -- <backup> --to-database URL [--replace]
       npm run restore -- <backup> --check

Checks a backup npm run backup or the server wrote (its manifest <backup>.json beside it, its size
and SHA-256, its kind, the migration it holds) and restores it; a damaged or foreign file is refused
and nothing is touched.

  --to-data-dir DIR   a PGlite backup (.pglite.tar.gz) into DIR/pglite. No server may run on DIR.
                      DIR must hold no database, unless --replace: the one there is moved aside
                      to DIR/pglite.replaced-<time> (delete it when the restore is what you want).
  --to-database URL   a PostgreSQL backup (.pgdump) into that database, with pg_restore in one
                      transaction. Create it first (createdb dealmap_restored); it must be empty,
                      unless --replace: the backup's tables there are dropped and recreated.
  --check             only check the backup.

Then start the server on it (DATA_DIR=DIR, or DATABASE_URL=URL): it applies any newer migrations.
docs/deploy.md, "Backups and restores".`;

runMain(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'to-data-dir': { type: 'string' },
        'to-database': { type: 'string' },
        replace: { type: 'boolean' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) fail(USAGE);
  const [file] = positionals;
  const targets = [values['to-data-dir'], values['to-database'], values.check].filter((v) => v !== undefined);
  if (targets.length !== 1) {
    fail(
      `Say where to restore, once: --to-data-dir DIR (a PGlite backup), --to-database URL (a PostgreSQL backup), or --check.\n\n${USAGE}`,
    );
  }
  try {
    if (values.check) {
      const { manifest } = await checkRestore(file);
      console.log(
        `${file} is a sound Dealmap backup: ${manifest.kind}, taken ${manifest.createdAt}, ` +
          `${manifest.sizeBytes.toLocaleString('en-US')} bytes, SHA-256 ${manifest.sha256}, migration ${manifest.migration ?? 'none'}.`,
      );
      return;
    }
    const target: RestoreTarget = values['to-data-dir']
      ? { dataDir: values['to-data-dir'] }
      : { databaseUrl: values['to-database']! };
    const where = 'dataDir' in target ? target.dataDir : 'the database';
    console.error(`Checking ${file} and restoring it into ${where}...`);
    const { manifest, movedAside } = await restoreBackup(file, target, { replace: values.replace ?? false });
    if (movedAside) console.error(`The database that was there is now ${movedAside}.`);
    console.log(
      `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration ?? 'none'}). ` +
        ('dataDir' in target
          ? `Start the server with DATA_DIR=${target.dataDir}.`
          : 'Start the servers with DATABASE_URL set to it.'),
    );
  } catch (error) {
    if (error instanceof BackupRefused) fail(error.message);
    fail(
      `The restore failed: ${reason(error)}. A PGlite target is left as it was; a PostgreSQL restore is one transaction, rolled back.`,
    );
  }
});
