import type { Db } from '../../db/database';
import { createAuthRepository } from '../auth';
import { createUsersRepository } from '../users';

export interface DetailsRow {
  first_name: string;
  last_name: string;
  username: string;
}

/** The signed-in user's own details and password (the account page). */
export function createAccountRepository(db: Db) {
  return {
    async findDetails(userId: string): Promise<DetailsRow | undefined> {
      return createUsersRepository(db).findDetails(userId);
    },

    /** Throws the unique violation (23505) when another user has the username. */
    async updateDetails(
      userId: string,
      details: { firstName: string; lastName: string; username: string },
    ): Promise<DetailsRow | undefined> {
      return createUsersRepository(db).updateDetails(userId, details);
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      return createUsersRepository(db).findPasswordHash(userId);
    },

    /** Sets the password and ends every session of the user but `keepSessionId`, all or nothing. */
    async changePassword(userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await createUsersRepository(trx).updatePassword(userId, passwordHash);
        await createAuthRepository(trx).revokeUserSessions(userId, keepSessionId);
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
