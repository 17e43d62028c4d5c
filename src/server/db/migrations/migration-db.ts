import type { Kysely } from 'kysely';

/**
 * What a migration gets: a database without table types. Migrations are frozen in time and must not
 * depend on today's schema types (they use db.schema and sql only).
 */
export type MigrationDb = Kysely<unknown>;
