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

    async count(): Promise<number> {
      const row = await db
        .selectFrom('markets')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

export const LISTED_MARKET_DESCRIPTION = 'A city of the listing feed';

/**
 * Every city with listings becomes a market users can choose in their profile (active; one an admin
 * already has is left as it is), so the Markets tab is never empty while listings exist. Returns how
 * many were added.
 */
export async function addMarketsOfListings(db: Db): Promise<number> {
  const r = await sql`
    insert into markets (city, state, description, active)
    select (select mode() within group (order by p2.city) from properties p2 where lower(p2.city) = c.lc and upper(p2.state) = c.us), c.us,
      ${LISTED_MARKET_DESCRIPTION}, true
    from (select distinct lower(city) as lc, upper(state) as us from properties
          where city is not null and state is not null and btrim(city) <> '' and upper(state) ~ '^[A-Z]{2}$') c
    on conflict (lower(city), upper(state)) do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Adds these markets, with their assumption overrides, where listings of their city exist; one that
 * already exists (an admin's) is left as it is.
 */
export async function addMarketsWithAssumptions(db: Db, markets: MarketOverrides[], description: string): Promise<void> {
  await sql`
    insert into markets (city, state, description, active, assumptions)
    select m.city, m.state, ${description}, true, m.assumptions
    from jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) as m(city text, state text, assumptions jsonb)
    where exists (select 1 from properties p where lower(p.city) = lower(m.city) and upper(p.state) = upper(m.state))
    on conflict (lower(city), upper(state)) do nothing`.execute(db);
}
