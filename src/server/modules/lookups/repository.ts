import type { Db } from '../../db/database';

export function createLookupsRepository(db: Db) {
  return {
    activeStrategies() {
      return db
        .selectFrom('strategies')
        .select(['id', 'name', 'description', 'active'])
        .where('active', '=', true)
        .orderBy('created_at')
        .orderBy('name')
        .execute();
    },

    activeMarkets() {
      return db
        .selectFrom('markets')
        .select(['id', 'city', 'state', 'description', 'active'])
        .where('active', '=', true)
        .orderBy('city')
        .orderBy('state')
        .execute();
    },

    activeInterests() {
      return db
        .selectFrom('interests')
        .select(['id', 'name', 'description', 'active'])
        .where('active', '=', true)
        .orderBy('name')
        .execute();
    },
  };
}

export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
