import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The user's targets of the max offer (src/shared/invest/max-offer.ts; profile PATCH /profile/targets):
 * the cash-on-cash return a rental must pay and a flip's profit as a percent of its ARV. Every user,
 * existing or new, starts at the defaults (8 % and 15 %); both are percents from 0 to 100.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('target_cash_on_cash_percent', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(8)
        .check(sql`target_cash_on_cash_percent between 0 and 100`),
    )
    .addColumn('target_flip_profit_percent', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(15)
        .check(sql`target_flip_profit_percent between 0 and 100`),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('target_flip_profit_percent')
    .dropColumn('target_cash_on_cash_percent')
    .execute();
}
