import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Indexes behind the admin lists and the audit log.
 *
 * Substring search (`lower(col) LIKE '%q%'`) is served by pg_trgm GIN indexes. The extension is
 * installed once per database, in `public` when that schema exists (not in a per-test schema, whose
 * drop would take the extension with it), and its operator class is named with its schema, so the
 * indexes work whatever the search_path. PGlite loads the extension at start (database.ts). When the
 * extension cannot be installed (no privilege), the trigram indexes are skipped and search still works,
 * only by scanning.
 */
async function installTrigram(db: MigrationDb): Promise<string | null> {
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (found.rows[0]) return found.rows[0].schema;
  const target = await sql<{ schema: string }>`
    select coalesce((select nspname from pg_namespace where nspname = 'public'), current_schema()) as schema`.execute(db);
  const schema = target.rows[0].schema;
  await sql`savepoint dealmap_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema ${sql.id(schema)}`.execute(db);
    await sql`release savepoint dealmap_trgm`.execute(db);
    return schema;
  } catch {
    await sql`rollback to savepoint dealmap_trgm`.execute(db);
    return null;
  }
}

export async function up(db: MigrationDb): Promise<void> {
  // Default users order: name (last, first), id as the tie-break, so the first page is an index scan.
  await db.schema
    .createIndex('users_name_idx')
    .on('users')
    .expression(sql`lower(last_name), lower(first_name), id`)
    .execute();
  await db.schema
    .createIndex('users_first_name_lower_idx')
    .on('users')
    .expression(sql`lower(first_name)`)
    .execute();

  const trgmSchema = await installTrigram(db);
  if (trgmSchema) {
    const ops = sql.id(trgmSchema, 'gin_trgm_ops');
    await sql`create index users_full_name_trgm_idx on users using gin (lower(first_name || ' ' || last_name) ${ops})`.execute(
      db,
    );
    await sql`create index users_username_trgm_idx on users using gin (lower(username) ${ops})`.execute(db);
    await sql`create index accounts_name_trgm_idx on accounts using gin (lower(name) ${ops})`.execute(db);
  }

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid')
    .addColumn('actor_username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();
  await db.schema
    .createIndex('audit_log_at_idx')
    .on('audit_log')
    .expression(sql`at desc`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  for (const index of [
    'accounts_name_trgm_idx',
    'users_username_trgm_idx',
    'users_full_name_trgm_idx',
    'users_first_name_lower_idx',
    'users_name_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
