import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A saved calculation with its property as it reads now. */
export interface SavedCalculationRow {
  id: string;
  property_id: string;
  name: string;
  strategy: string;
  what_if: unknown;
  results: unknown;
  rate: number;
  list_price: number;
  comp_ids: string[];
  created_at: Date | string;
  updated_at: Date | string;
  current_list_price: number;
  current_comp_ids: string[];
  address_full: string;
  city: string;
  state: string;
  zip: string;
}

export interface NewSavedCalculationRow {
  userId: string;
  propertyId: string;
  name: string;
  strategy: string;
  whatIf: unknown;
  results: unknown;
  rate: number;
}

const SELECT = sql`
  select s.id, s.property_id, s.name, s.strategy, s.what_if, s.results, s.rate, s.list_price,
    to_json(s.comp_ids) as comp_ids, s.created_at, s.updated_at,
    p.list_price as current_list_price, to_json(p.comp_ids) as current_comp_ids,
    p.address_full, p.city, p.state, p.zip
  from saved_calculations s join properties p on p.id = s.property_id`;

/** Every read and write is scoped to the owner: another user's id behaves like an unknown one. */
export function createSavedCalculationsRepository(db: Db) {
  const findOne = async (q: Db, userId: string, id: string) =>
    (await sql<SavedCalculationRow>`${SELECT} where s.user_id = ${userId}::uuid and s.id = ${id}::uuid`.execute(q)).rows[0];

  return {
    /** Newest first. */
    async list(userId: string): Promise<SavedCalculationRow[]> {
      const result = await sql<SavedCalculationRow>`
        ${SELECT} where s.user_id = ${userId}::uuid order by s.created_at desc, s.id desc`.execute(db);
      return result.rows;
    },

    find: (userId: string, id: string) => findOne(db, userId, id),

    /**
     * Inserts with the property's list price and comp set as they are now. The user's row is locked
     * first, so concurrent saves of one user count one after the other. `undefined` when the
     * property does not exist; 'limit' when the user already holds `limit` calculations. A taken
     * name throws the unique violation (23505).
     */
    async insert(row: NewSavedCalculationRow, limit: number): Promise<SavedCalculationRow | 'limit' | undefined> {
      return db.transaction().execute(async (trx) => {
        await sql`select id from users where id = ${row.userId}::uuid for update`.execute(trx);
        const count = await sql<{ n: number }>`
          select count(*)::int as n from saved_calculations where user_id = ${row.userId}::uuid`.execute(trx);
        if (count.rows[0].n >= limit) return 'limit';
        const inserted = await sql<{ id: string }>`
          insert into saved_calculations (user_id, property_id, name, strategy, what_if, results, rate, list_price, comp_ids)
          select ${row.userId}::uuid, p.id, ${row.name}, ${row.strategy}, ${JSON.stringify(row.whatIf)}::jsonb,
            ${JSON.stringify(row.results)}::jsonb, ${row.rate}::float8, p.list_price, p.comp_ids
          from properties p where p.id = ${row.propertyId}::uuid
          returning id`.execute(trx);
        const id = inserted.rows[0]?.id;
        return id === undefined ? undefined : findOne(trx, row.userId, id);
      });
    },

    /** A taken name throws the unique violation (23505). */
    async rename(userId: string, id: string, name: string): Promise<SavedCalculationRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await sql<{ id: string }>`
          update saved_calculations set name = ${name}, updated_at = now()
          where user_id = ${userId}::uuid and id = ${id}::uuid returning id`.execute(trx);
        return updated.rows[0] ? findOne(trx, userId, id) : undefined;
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await sql<{ id: string }>`
        delete from saved_calculations where user_id = ${userId}::uuid and id = ${id}::uuid returning id`.execute(db);
      return deleted.rows.length > 0;
    },
  };
}

export type SavedCalculationsRepository = ReturnType<typeof createSavedCalculationsRepository>;
