import { sql } from 'kysely';
import type { AssumptionOverrides } from '../../../shared/invest';
import type { Db } from '../../db/database';

/** A market with assumption overrides, as the re-pricer reads it. */
export interface MarketOverrides {
  city: string;
  state: string;
  assumptions: AssumptionOverrides;
}

/**
 * The markets with assumption overrides as one JSON text (a scalar subquery, null when none): for a
 * statement that must read them in the same snapshot as its own rows (the re-pricer's batches).
 */
export const marketOverridesJsonSql = () =>
  sql<string | null>`(select json_agg(json_build_object('city', city, 'state', state, 'assumptions', assumptions)) from markets
        where assumptions <> '{}'::jsonb)::text`;

/** The markets' assumption overrides of the engine's defaults (their rows are the admin catalogue's). */
export function createMarketsRepository(db: Db) {
  return {
    /** Every market with overrides. */
    async withOverrides(): Promise<MarketOverrides[]> {
      const markets = await sql<MarketOverrides>`
    select city, state, assumptions from markets where assumptions <> '{}'::jsonb`.execute(db);
      return markets.rows;
    },

    async findAssumptions(id: string) {
      return db.selectFrom('markets').select(['id', 'city', 'state', 'assumptions']).where('id', '=', id).executeTakeFirst();
    },

    /** A market's place and overrides, its row locked until the transaction ends. */
    async lockAssumptions(id: string) {
      return db
        .selectFrom('markets')
        .select(['city', 'state', 'assumptions'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async setAssumptions(id: string, assumptions: AssumptionOverrides): Promise<void> {
      await db
        .updateTable('markets')
        .set({
          assumptions: sql<AssumptionOverrides>`cast(${JSON.stringify(assumptions)} as jsonb)`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MarketsRepository = ReturnType<typeof createMarketsRepository>;
