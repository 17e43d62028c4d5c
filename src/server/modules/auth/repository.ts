import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { createUsersRepository } from '../users';

const now = () => sql<Date>`now()`;

export function createAuthRepository(db: Db) {
  return {
    async createSession(userId: string, expiresAt: Date, refreshTokenHash: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const session = await trx
          .insertInto('sessions')
          .values({ user_id: userId, expires_at: expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('refresh_tokens').values({ token_hash: refreshTokenHash, session_id: session.id }).execute();
        return session.id;
      });
    },

    /** The session behind an access token, when it is still usable. */
    async findLiveSession(sessionId: string, userId: string) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select(['s.id', 'u.active', 'r.name as role_name'])
        .where('s.id', '=', sessionId)
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now())
        .executeTakeFirst();
    },

    async findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select([
          't.rotated_at',
          't.successor',
          sql<number | null>`(extract(epoch from now() - t.rotated_at) * 1000)::float8`.as('rotated_ms_ago'),
          's.id as session_id',
          's.revoked_at',
          sql<boolean>`s.expires_at <= now()`.as('expired'),
          'u.id as user_id',
          'u.active',
          'r.name as role_name',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Marks the old token rotated (keeping its sealed successor) and stores the new one, atomically.
     * Returns false when the old token was rotated meanwhile (a concurrent reuse).
     */
    async rotateRefreshToken(oldHash: string, newHash: string, sessionId: string, successor: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const rotated = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: now(), successor })
          .where('token_hash', '=', oldHash)
          .where('rotated_at', 'is', null)
          .returning('token_hash')
          .executeTakeFirst();
        if (!rotated) return false;
        await trx.insertInto('refresh_tokens').values({ token_hash: newHash, session_id: sessionId }).execute();
        return true;
      });
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every live session of the user, but `keepSessionId` when given. */
    async revokeUserSessions(userId: string, keepSessionId?: string): Promise<void> {
      let query = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId);
      if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
      await query.where('revoked_at', 'is', null).execute();
    },

    async findSessionIdByRefreshToken(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('session_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.session_id;
    },

    /**
     * One statement whether or not the address exists (it inserts zero or one row),
     * so a forgot-password request does the same database work either way.
     */
    async createResetTokenForUsername(username: string, tokenHash: string, expiresAt: Date) {
      const row = await db
        .insertInto('password_reset_tokens')
        .columns(['token_hash', 'user_id', 'expires_at'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([
              sql<string>`${tokenHash}::text`.as('token_hash'),
              'id',
              sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            ])
            .where(sql`lower(username)`, '=', username.toLowerCase())
            .where('active', '=', true),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    async findResetToken(tokenHash: string) {
      return db
        .selectFrom('password_reset_tokens')
        .select(['user_id', 'used_at', sql<boolean>`expires_at <= now()`.as('expired')])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Sets the new password, uses up the token and ends every session, all or nothing. */
    async resetPassword(tokenHash: string, passwordHash: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now() })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now())
          .returning('user_id')
          .executeTakeFirst();
        if (!token) return undefined;
        await createUsersRepository(trx).updatePassword(token.user_id, passwordHash);
        await createAuthRepository(trx).revokeUserSessions(token.user_id);
        return token.user_id;
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

export type RefreshTokenRow = NonNullable<Awaited<ReturnType<AuthRepository['findRefreshToken']>>>;
