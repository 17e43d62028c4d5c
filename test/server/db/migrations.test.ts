/**
 * Migrations across releases (docs/deploy.md, "Upgrading"): a server starts on a database that a
 * newer release migrated further (a previous release's server during an upgrade), refuses one
 * migrated by a build it cannot follow, and with MIGRATE_ON_START=0 refuses a database that lacks
 * its migrations; and the migrations keep the rule "expand, then contract a release later".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { createDatabase, migrateToLatest, type Database } from '../../../src/server/db/database';
import { MigrationMismatchError, migrationState, PendingMigrationsError } from '../../../src/server/db/migration-state';
import { migrateAndSeed } from '../../../src/server/seed';
import { DATABASES } from '../helpers';

jest.setTimeout(120_000);

const MIGRATIONS_DIR = path.join(__dirname, '..', '..', '..', 'src', 'server', 'db', 'migrations');
const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}-.+\.ts$/.test(f))
    .sort();
const newest = () => migrationFiles().at(-1)!.replace(/\.ts$/, '');

describe.each(DATABASES)('migrations across releases ($name)', ({ url }) => {
  const schema = url ? `test_migrations_${randomBytes(5).toString('hex')}` : undefined;
  let database: Database;
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  const names = async () => (await sql<{ name: string }>`select name from ${table} order by name`.execute(database.db)).rows;

  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: url, dataDir: null, schema });
  });
  afterAll(async () => {
    await database?.close();
    if (schema && url) {
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    }
  });

  it('an empty database has every migration pending; migrating applies them all, and again applies none', async () => {
    const before = await migrationState(database);
    expect(before).toEqual({ applied: [], pending: expect.any(Array), newer: [] });
    expect(before.pending).toHaveLength(migrationFiles().length);
    expect(await migrateToLatest(database)).toEqual(before.pending);
    expect(await migrationState(database)).toEqual({ applied: before.pending, pending: [], newer: [] });
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it('a newer release’s migrations are left as they are: the start goes on and says so', async () => {
    await sql`insert into ${table} (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(
      database.db,
    );
    expect(await migrateToLatest(database)).toEqual([]);
    expect((await migrationState(database)).newer).toEqual(['9999-from-a-newer-release']);
    const started = await migrateAndSeed(database, {});
    expect(started.newerMigrations).toEqual(['9999-from-a-newer-release']);
    await sql`delete from ${table} where name = '9999-from-a-newer-release'`.execute(database.db);
  });

  it('a migration it lacks that sorts before its newest (another build) is refused, naming it', async () => {
    await sql`insert into ${table} (name, timestamp) values ('0015-another-branch', ${new Date().toISOString()})`.execute(
      database.db,
    );
    await expect(migrateToLatest(database)).rejects.toThrow(MigrationMismatchError);
    await expect(migrationState(database)).rejects.toThrow(/0015-another-branch/);
    await sql`delete from ${table} where name = '0015-another-branch'`.execute(database.db);
  });

  it('MIGRATE_ON_START=0 refuses a database that lacks a migration, naming it, and starts on one that has them all', async () => {
    const last = newest();
    await sql`delete from ${table} where name = ${last}`.execute(database.db);
    const refused = migrateAndSeed(database, { migrate: false });
    await expect(refused).rejects.toThrow(PendingMigrationsError);
    await expect(refused).rejects.toThrow(new RegExp(`${last}.*npm run migrate`));
    // The row alone was taken out: applying it again would fail on its tables, so put it back.
    await sql`insert into ${table} (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(database.db);
    await expect(migrateAndSeed(database, { migrate: false })).resolves.toEqual(expect.any(Object));
    expect((await names()).map((r) => r.name)).toContain(last);
  });
});

/**
 * "Expand, then contract a release later": a migration may add (tables, columns with defaults,
 * indexes, triggers) and backfill, never take away or change what the previous release reads or
 * writes. A contract step — dropping or renaming what a release before stopped using — goes here
 * with the release that stopped using it.
 */
const CONTRACT_STEPS: Record<string, string> = {
  '0022-properties-json-results':
    'jsonb → json results columns, before upgrades ran old and new servers side by side (docs/deploy.md, "Upgrading")',
};

/** Each `add column` clause: up to the next comma, semicolon or the end of the SQL text. */
const addedColumns = (up: string) => [...up.matchAll(/\badd\s+column\b[^,;`]*/gi)].map((m) => m[0].toLowerCase());

const BREAKING: Array<{ what: string; found(up: string): boolean }> = [
  { what: 'drops a table', found: (up) => /\bdrop\s+table\b|\.dropTable\(/i.test(up) },
  { what: 'drops a column', found: (up) => /\bdrop\s+column\b|\.dropColumn\(/i.test(up) },
  { what: 'renames', found: (up) => /\brename\s+(column|to)\b|\.renameColumn\(|\.renameTo\(/i.test(up) },
  {
    what: 'changes a column’s type',
    found: (up) => /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b|\.setDataType\(/i.test(up),
  },
  { what: 'makes a column NOT NULL', found: (up) => /\bset\s+not\s+null\b|\.setNotNull\(/i.test(up) },
  {
    what: 'adds a NOT NULL column without a default',
    found: (up) => addedColumns(up).some((c) => /\bnot\s+null\b/.test(c) && !/\b(default|generated)\b/.test(c)),
  },
  { what: 'drops a trigger or function', found: (up) => /\bdrop\s+(trigger|function)\b/i.test(up) },
];

/** What a migration's up() does that a server of the previous release could trip on. */
function breakingChanges(source: string): string[] {
  const start = source.search(/export\s+async\s+function\s+up\b/);
  const end = source.search(/export\s+async\s+function\s+down\b/);
  const up = source.slice(start, end > start ? end : undefined);
  return BREAKING.filter((b) => b.found(up)).map((b) => b.what);
}

describe('expand, then contract a release later', () => {
  it('the check finds what breaks the previous release, and lets additions through', () => {
    const up = (body: string) => `export async function up(db) {\n${body}\n}\nexport async function down(db) { drop table x; }`;
    expect(breakingChanges(up('await sql`alter table users drop column experience`.execute(db);'))).toEqual(['drops a column']);
    expect(breakingChanges(up("await db.schema.alterTable('users').renameColumn('a', 'b').execute();"))).toEqual(['renames']);
    expect(breakingChanges(up('await sql`alter table notes add column pinned boolean not null`.execute(db);'))).toEqual([
      'adds a NOT NULL column without a default',
    ]);
    expect(breakingChanges(up('await sql`alter table notes alter column body type varchar(10)`.execute(db);'))).toEqual([
      'changes a column’s type',
    ]);
    expect(
      breakingChanges(
        up(
          'await sql`alter table notes add column pinned boolean not null default false, add column color text`.execute(db);\n' +
            'await sql`create table t (id uuid primary key, n int not null)`.execute(db);\nawait sql`drop index if exists i`.execute(db);',
        ),
      ),
    ).toEqual([]);
  });

  it.each(migrationFiles())('%s adds, and takes nothing away that a release before it uses', (file) => {
    const name = file.replace(/\.ts$/, '');
    const found = breakingChanges(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
    if (CONTRACT_STEPS[name]) expect(found.length).toBeGreaterThan(0);
    else expect(found).toEqual([]);
  });
});
