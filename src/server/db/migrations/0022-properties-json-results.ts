import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/** The four stored result columns and each one's cash-on-cash column. */
const RESULTS = ['buy_hold', 'brrrr', 'fix_flip', 'short_term'] as const;

/**
 * A listing's four results and its engine inputs are stored as `json` (the text as written), not
 * `jsonb`: they are only ever written whole and read whole, so the tree `jsonb` builds on every write
 * is work no query uses. A re-price (a new rate rewrites every listing's results) spent half its
 * database time building those trees; a search page copied them back out to text. Measured apart on
 * 50,000 listings: the re-price's update 2× faster on PGlite and 2.4× on PostgreSQL, a 1,000-property
 * page's results written out 2× faster (docs/performance.md, "Re-pricing and import").
 *
 * What queries do read of the results, a strategy's cash-on-cash (the search filter and the coc
 * sort), gets a float column per strategy (Infinity when no cash goes in), written with the results
 * (src/server/modules/listings/recompute-repository.ts), so a filter compares numbers instead of
 * reading into JSON row by row. Not generated columns: PostgreSQL would read the four JSON texts again
 * on every write of the row, a third of a re-price's database time on PGlite.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    alter table properties
      ${sql.raw(RESULTS.map((c) => `alter column ${c} type json using ${c}::json`).join(', '))},
      alter column inputs type json using inputs::json,
      ${sql.raw(RESULTS.map((c) => `add column ${c}_coc float8`).join(', '))}`.execute(db);
  await sql`
    update properties set ${sql.raw(
      RESULTS.map(
        (c) =>
          `${c}_coc = case when (${c}->>'cashOnCashInfinite')::boolean then 'Infinity'::float8 else (${c}->>'cashOnCashRoi')::float8 end`,
      ).join(', '),
    )}
    where inputs is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table properties ${sql.raw(RESULTS.map((c) => `drop column ${c}_coc`).join(', '))}`.execute(db);
  await sql`
    alter table properties
      ${sql.raw(RESULTS.map((c) => `alter column ${c} type jsonb using ${c}::jsonb`).join(', '))},
      alter column inputs type jsonb using inputs::jsonb`.execute(db);
}
