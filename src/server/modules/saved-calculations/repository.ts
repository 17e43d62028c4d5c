import { sql } from 'kysely';
import type { SavedResults, StrategyKey } from '../../../shared/schemas/saved-calculations';
import type { WhatIf } from '../../../shared/schemas/what-if';
import type { Db } from '../../db/database';

export interface NewSavedCalculationRow {
  userId: string;
  propertyId: string;
  name: string;
  strategy: StrategyKey;
  whatIf: WhatIf;
  results: SavedResults;
  rate: number;
}

/** A saved calculation with its property as it reads now. */
function selectWithProperty(db: Db) {
  return db
    .selectFrom('saved_calculations as s')
    .innerJoin('properties as p', 'p.id', 's.property_id')
    .select([
      's.id',
      's.property_id',
      's.name',
      's.strategy',
      's.what_if',
      's.results',
      's.rate',
      's.list_price',
      's.comp_ids',
      's.created_at',
      's.updated_at',
      'p.list_price as current_list_price',
      'p.comp_ids as current_comp_ids',
      'p.address_full',
      'p.city',
      'p.state',
      'p.zip',
    ]);
}

export type SavedCalculationRow = Awaited<ReturnType<ReturnType<typeof selectWithProperty>['executeTakeFirstOrThrow']>>;

/** Every read and write is scoped to the owner: another user's id behaves like an unknown one. */
export function createSavedCalculationsRepository(db: Db) {
  const findOne = (q: Db, userId: string, id: string) =>
    selectWithProperty(q).where('s.user_id', '=', userId).where('s.id', '=', id).executeTakeFirst();

  return {
    /** Newest first. */
    list: (userId: string): Promise<SavedCalculationRow[]> =>
      selectWithProperty(db).where('s.user_id', '=', userId).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute(),

    find: (userId: string, id: string) => findOne(db, userId, id),

    /**
     * Inserts with the property's list price and comp set as they are now. The user's row is locked
     * first, so concurrent saves of one user count one after the other. `undefined` when the
     * property does not exist; 'limit' when the user already holds `limit` calculations. A taken
     * name throws the unique violation (23505).
     */
    async insert(row: NewSavedCalculationRow, limit: number): Promise<SavedCalculationRow | 'limit' | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('saved_calculations')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', row.userId)
          .executeTakeFirstOrThrow();
        if (n >= limit) return 'limit';
        const inserted = await trx
          .insertInto('saved_calculations')
          .columns(['user_id', 'property_id', 'name', 'strategy', 'what_if', 'results', 'rate', 'list_price', 'comp_ids'])
          .expression((eb) =>
            eb
              .selectFrom('properties as p')
              .select([
                eb.val(row.userId).as('user_id'),
                'p.id',
                eb.val(row.name).as('name'),
                eb.val(row.strategy).as('strategy'),
                eb.val(JSON.stringify(row.whatIf)).as('what_if'),
                eb.val(JSON.stringify(row.results)).as('results'),
                eb.val(row.rate).as('rate'),
                'p.list_price',
                'p.comp_ids',
              ])
              .where('p.id', '=', row.propertyId),
          )
          .returning('id')
          .executeTakeFirst();
        return inserted === undefined ? undefined : findOne(trx, row.userId, inserted.id);
      });
    },

    /** A taken name throws the unique violation (23505). */
    async rename(userId: string, id: string, name: string): Promise<SavedCalculationRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('saved_calculations')
          .set({ name, updated_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        return updated ? findOne(trx, userId, id) : undefined;
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('saved_calculations')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },
  };
}

export type SavedCalculationsRepository = ReturnType<typeof createSavedCalculationsRepository>;
