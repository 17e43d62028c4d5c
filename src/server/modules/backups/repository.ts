import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** What a backup and a restore read of a database; the module owns no table. */
export function createBackupsRepository(db: Db) {
  return {
    /** The newest migration applied (Kysely's own table); null in a database without one. */
    async latestMigration(): Promise<string | null> {
      try {
        const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
        return rows[0]?.name ?? null;
      } catch (error) {
        if ((error as { code?: string }).code === '42P01') return null;
        throw error;
      }
    },

    /** The tables outside PostgreSQL's own schemas, as `schema.name` (as pg_restore --list names them). */
    async tables(): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`
        select n.nspname || '.' || c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%'
          and n.nspname not like 'pg\\_temp%'
        order by 1`.execute(db);
      return rows.map((r) => r.name);
    },

    /** Tables, views and sequences outside PostgreSQL's own schemas: 0 in a database just created. */
    async relationCount(): Promise<number> {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%'
          and n.nspname not like 'pg\\_temp%'`.execute(db);
      return rows[0].count;
    },
  };
}
