import { parseArgs } from 'node:util';
import {
  BackupRefused,
  checkRestore,
  connectionFor,
  reason,
  restoreBackup,
  RestoredWithProblem,
  type RestoreTarget,
} from '../modules/backups';
import { fail, runMain } from './cli-common';

const USAGE = `Usage: npm run restore -- <backup> --to-data-dir DIR [--replace]
       npm run restore -- <backup> --to-database URL [--replace]
       npm run restore -- <backup> --to-database env:NAME [--replace]
       npm run restore -- <backup> --check

Checks a backup npm run backup or the server wrote (its manifest <backup>.json beside it, its size
and SHA-256, its kind, the migration it holds) and restores it; a damaged or foreign file is refused
and nothing is touched.

  --to-data-dir DIR   a PGlite backup (.pglite.tar.gz) into DIR/pglite. No server may run on DIR.
                      DIR must hold no database, unless --replace: the one there is moved aside
                      to DIR/pglite.replaced-<time> (delete it when the restore is what you want).
  --to-database URL   a PostgreSQL backup (.pgdump) into that database, with pg_restore in one
                      transaction. Create it first (createdb dealmap_restored); it must be empty,
                      unless --replace: the backup's tables there are dropped and recreated (refused
                      when the database is at a newer migration than the backup, or holds tables
                      the backup does not: restore into a new database then).
                      Leave the password out of URL (the command line is visible to every user
                      of the machine): it is taken from PGPASSWORD (or ~/.pgpass), as psql does;
                      or give env:NAME to read the whole URL from the environment variable NAME.
  --check             only check the backup.

Then start the server on it (DATA_DIR=DIR, or DATABASE_URL=URL): it applies any newer migrations.
docs/deploy.md, "Backups and restores".`;

/** --to-database's address: the URL given, or with env:NAME the one in that environment variable. */
function databaseAddress(given: string): string {
  const variable = /^env:(.+)$/.exec(given)?.[1];
  if (variable === undefined) return given;
  const value = process.env[variable]?.trim();
  if (!value) fail(`--to-database ${given}: the environment variable ${variable} is not set (or empty). Nothing was restored.`);
  return value;
}

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
  if (values.check) {
    try {
      const { manifest } = await checkRestore(file);
      console.log(
        `${file} is a sound Dealmap backup: ${manifest.kind}, taken ${manifest.createdAt}, ` +
          `${manifest.sizeBytes.toLocaleString('en-US')} bytes, SHA-256 ${manifest.sha256}, migration ${manifest.migration ?? 'none'}.`,
      );
    } catch (error) {
      fail(error instanceof BackupRefused ? error.message : `The backup could not be checked: ${reason(error)}.`);
    }
    return;
  }
  let target: RestoreTarget;
  if (values['to-data-dir']) {
    target = { dataDir: values['to-data-dir'] };
  } else {
    const given = values['to-database']!;
    const databaseUrl = databaseAddress(given);
    let connection;
    try {
      connection = connectionFor(databaseUrl);
    } catch (error) {
      fail(`${reason(error)}. Nothing was restored.`);
    }
    const { password, notes } = connection;
    if (!given.startsWith('env:') && password !== undefined) {
      console.error(
        'Warning: the password is on the command line, where any user of this machine can read it (ps): ' +
          'leave it out of the URL and set PGPASSWORD, or give --to-database env:NAME.',
      );
    }
    for (const note of notes) console.error(`The address for pg_restore: ${note}`);
    target = { databaseUrl };
  }
  const where = 'dataDir' in target ? target.dataDir : 'the database';
  console.error(`Checking ${file} and restoring it into ${where}...`);
  try {
    const { manifest, movedAside } = await restoreBackup(file, target, { replace: values.replace ?? false });
    if (movedAside) console.error(`The database that was there is now ${movedAside}.`);
    console.log(
      `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration ?? 'none'}). ` +
        ('dataDir' in target
          ? `Start the server with DATA_DIR=${target.dataDir}.`
          : 'Start the servers with DATABASE_URL set to it.'),
    );
  } catch (error) {
    // Refused: untouched. Restored with a problem: pg_restore committed; the message says what to do.
    if (error instanceof BackupRefused || error instanceof RestoredWithProblem) fail(error.message);
    fail(
      `The restore failed: ${reason(error)}. ` +
        ('dataDir' in target
          ? 'The data directory is left as it was.'
          : 'The database is left as it was (pg_restore runs in one transaction, rolled back when it fails).'),
    );
  }
});
