import { sql } from 'kysely';
import type { Db } from '../../db/database';

const now = () => sql<Date>`now()`;

export interface DetailsRow {
  first_name: string;
  last_name: string;
  username: string;
}

/** The signed-in user's own details and password (the account page). */
export function createAccountRepository(db: Db) {
  return {
    async findDetails(userId: string): Promise<DetailsRow | undefined> {
      return db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
    },

    /** Throws the unique violation (23505) when another user has the username. */
    async updateDetails(
      userId: string,
      details: { firstName: string; lastName: string; username: string },
    ): Promise<DetailsRow | undefined> {
      return db
        .updateTable('users')
        .set({ first_name: details.firstName, last_name: details.lastName, username: details.username, updated_at: now() })
        .where('id', '=', userId)
        .returning(['first_name', 'last_name', 'username'])
        .executeTakeFirst();
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      return row?.password_hash;
    },

    /** Sets the password and ends every session of the user but `keepSessionId`, all or nothing. */
    async changePassword(userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', userId).execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now() })
          .where('user_id', '=', userId)
          .where('id', '<>', keepSessionId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
