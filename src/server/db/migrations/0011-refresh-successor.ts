import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * A rotated refresh token keeps its successor sealed with the rotated token itself (AES-256-GCM, key
 * from the rotated token): within the reuse grace a second tab presenting it gets the session's
 * current tokens, and nobody without the old token can read the new one (auth/tokens.ts).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table refresh_tokens add column successor text`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table refresh_tokens drop column successor`.execute(db);
}
