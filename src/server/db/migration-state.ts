import { sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Database } from './database';
import { migrationProvider } from './migrations';

/** Kysely's Migrator's table (its default name), in the database's schema. */
const MIGRATION_TABLE = 'kysely_migration';

/** Where the database stands against this release's migrations (docs/deploy.md, "Upgrading"). */
export interface MigrationState {
  /** This release's migrations that the database has, in order. */
  applied: string[];
  /** This release's migrations that it lacks, in order: `npm run migrate` (or a start) applies them. */
  pending: string[];
  /**
   * Migrations of a newer release that the database has, all after this release's newest: this
   * release runs on that schema (expand, then contract a release later), and leaves them as they are.
   */
  newer: string[];
}

/** The database was migrated by a build this release cannot follow: a migration it lacks sorts before its newest. */
export class MigrationMismatchError extends Error {
  constructor(
    readonly unknown: string[],
    readonly newest: string,
  ) {
    super(
      `The database has migrations this release does not have and that come before its newest (${newest}): ${unknown.join(', ')}. It was migrated by another branch or build of Dealmap; run that build, or this release on another database.`,
    );
    this.name = 'MigrationMismatchError';
  }
}

/** MIGRATE_ON_START=0 and the database lacks some of this release's migrations. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database lacks ${pending.length} of this release's migrations (${pending.join(', ')}), and MIGRATE_ON_START=0 leaves them to \`npm run migrate\`: run it first (docs/deploy.md, "Upgrading"), or start with MIGRATE_ON_START=1.`,
    );
    this.name = 'PendingMigrationsError';
  }
}

async function knownMigrations(): Promise<Record<string, Migration>> {
  return migrationProvider.getMigrations();
}

/** The names in the Migrator's table; none before the first migration. */
export async function appliedMigrations(database: Pick<Database, 'db' | 'schema'>): Promise<string[]> {
  const table = database.schema ? `${database.schema}.${MIGRATION_TABLE}` : MIGRATION_TABLE;
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(database.db);
  if (!rows[0]?.found) return [];
  const names = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(database.db);
  return names.rows.map((r) => r.name);
}

export async function migrationState(database: Pick<Database, 'db' | 'schema'>): Promise<MigrationState> {
  // Sorted as Kysely's Migrator sorts them.
  const known = Object.keys(await knownMigrations()).sort();
  const done = new Set(await appliedMigrations(database));
  const knownSet = new Set(known);
  const unknown = [...done].filter((name) => !knownSet.has(name)).sort();
  const newest = known[known.length - 1];
  const older = unknown.filter((name) => name < newest);
  if (older.length) throw new MigrationMismatchError(older, newest);
  return {
    applied: known.filter((name) => done.has(name)),
    pending: known.filter((name) => !done.has(name)),
    newer: unknown,
  };
}

const alreadyApplied: Migration = {
  up: () => Promise.reject(new Error('a newer release applied this migration; this one only stands in for it')),
};

/**
 * This release's migrations, and a stand-in for each newer one the database has: Kysely's Migrator
 * calls a database with a migration it does not know corrupted, and a server of the previous release
 * must keep starting on the newer schema (a restarted worker, a scaled-out server) during an upgrade.
 */
export function providerKnowing(newer: string[]): MigrationProvider {
  return {
    async getMigrations() {
      const migrations = { ...(await knownMigrations()) };
      for (const name of newer) migrations[name] = alreadyApplied;
      return migrations;
    },
  };
}
