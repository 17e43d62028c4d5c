import { sql } from 'kysely';
import { inChunks } from '../../lib/in-chunks';
import type { Db } from '../../db/database';

const INSERT_CHUNK = 1000;
const LOOKUP_CHUNK = 5000;

export interface AccountName {
  id: string;
  name: string;
}

/** The accounts users are created with (by an admin's form or a users import), on `q`. */
export function createAccountsRepository(q: Db) {
  return {
    async findById(id: string): Promise<{ id: string } | undefined> {
      return q.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst();
    },

    /** The account of that name, case-insensitively, as it is spelled. */
    async findByName(name: string): Promise<AccountName | undefined> {
      return q
        .selectFrom('accounts')
        .select(['id', 'name'])
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
    },

    /** A new active account; its id. */
    async create(name: string): Promise<string> {
      const row = await q.insertInto('accounts').values({ name, active: true }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Accounts by lower-cased name; those missing are created (active). Returns every one and the new ones. */
    async findOrCreate(names: string[]) {
      const byName = new Map<string, AccountName>();
      await inChunks(names, LOOKUP_CHUNK, async (chunk) => {
        const rows = await q
          .selectFrom('accounts')
          .select(['id', 'name'])
          .where(
            sql`lower(name)`,
            'in',
            chunk.map((n) => n.toLowerCase()),
          )
          .execute();
        for (const r of rows) byName.set(r.name.toLowerCase(), r);
      });
      const missing = names.filter((n) => !byName.has(n.toLowerCase()));
      const created: AccountName[] = [];
      await inChunks(missing, INSERT_CHUNK, async (chunk) => {
        const rows = await q
          .insertInto('accounts')
          .values(chunk.map((name) => ({ name, active: true })))
          .returning(['id', 'name'])
          .execute();
        for (const r of rows) {
          byName.set(r.name.toLowerCase(), r);
          created.push(r);
        }
      });
      return { byName, created };
    },
  };
}
