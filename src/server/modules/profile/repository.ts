import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ExperienceLevel } from '../../../shared/investor-types';
import type { OfferTargets } from '../../../shared/schemas/profile';
import { createUsersRepository } from '../users';

/** The three profile sets: join table, id column and catalogue table. */
export const PROFILE_TABLES = {
  strategies: { table: 'user_strategies', column: 'strategy_id', catalogue: 'strategies' },
  markets: { table: 'user_markets', column: 'market_id', catalogue: 'markets' },
  interests: { table: 'user_interests', column: 'interest_id', catalogue: 'interests' },
} as const;
export type ProfileListKind = keyof typeof PROFILE_TABLES;

export function createProfileRepository(db: Db) {
  return {
    /**
     * Replaces the user's set with `ids` in one transaction, unless some id is not an active item of
     * the catalogue: then nothing changes and those ids are returned.
     */
    async replaceList(userId: string, kind: ProfileListKind, ids: string[]): Promise<{ missing: string[] }> {
      const { table, column, catalogue } = PROFILE_TABLES[kind];
      return db.transaction().execute(async (trx) => {
        if (ids.length) {
          const found = await trx.selectFrom(catalogue).select('id').where('active', '=', true).where('id', 'in', ids).execute();
          const active = new Set(found.map((r) => r.id.toLowerCase()));
          const missing = ids.filter((id) => !active.has(id));
          if (missing.length) return { missing };
        }
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        if (ids.length) {
          await sql`insert into ${sql.table(table)} (user_id, ${sql.ref(column)})
            select ${userId}::uuid, x::uuid from unnest(${ids}::text[]) as x`.execute(trx);
        }
        return { missing: [] };
      });
    },

    async setExperience(userId: string, experience: ExperienceLevel | null): Promise<void> {
      await createUsersRepository(db).setExperience(userId, experience);
    },

    async setOfferTargets(userId: string, targets: OfferTargets): Promise<void> {
      await createUsersRepository(db).setOfferTargets(userId, targets);
    },
  };
}
