import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { ExperienceLevel } from '../../../shared/investor-types';
import type { OfferTargets } from '../../../shared/schemas/profile';
import type { Tables, NewUser } from '../../db/schema';

export interface UserRecord {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  role_id: string;
  role_name: string;
  account_id: string | null;
  account_name: string | null;
  active: boolean;
  last_login: Date | null;
  experience: string | null;
  target_cash_on_cash_percent: number;
  target_flip_profit_percent: number;
}

export interface UserProfileIds {
  strategies: string[];
  markets: string[];
  interests: string[];
}

export interface NewUserInput {
  firstName: string;
  lastName: string;
  username: string;
  passwordHash: string;
  roleId: string;
  accountId?: string | null;
  /** Left to the column's default when absent. */
  active?: boolean;
}

export interface UserChanges {
  firstName: string;
  lastName: string;
  username: string;
  roleId: string;
  accountId: string | null;
  active: boolean;
  /** Left as it is when absent. */
  passwordHash?: string | null;
}

/** Users with their role and account names, as UserRecord rows (inside or outside a transaction). */
export function selectUserRecords(q: Db | Transaction<Tables>) {
  return q
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('accounts as a', 'a.id', 'u.account_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.role_id',
      'r.name as role_name',
      'u.account_id',
      'a.name as account_name',
      'u.active',
      'u.last_login',
      'u.experience',
      'u.target_cash_on_cash_percent',
      'u.target_flip_profit_percent',
    ]);
}

export function createUsersRepository(db: Db) {
  const baseQuery = () => selectUserRecords(db);

  return {
    async findById(id: string): Promise<UserRecord | undefined> {
      return baseQuery().where('u.id', '=', id).executeTakeFirst();
    },

    /** A user's username alone (the audit log names who acted); undefined when there is no such user. */
    async findUsername(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
      return row?.username;
    },

    /** Case-insensitive; `username` must already be trimmed. */
    async findCredentialsByUsername(username: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select(['u.id', 'u.password_hash', 'u.active', 'r.name as role_name'])
        .where(sql`lower(u.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    async findProfileIds(userId: string): Promise<UserProfileIds> {
      const [strategies, markets, interests] = await Promise.all([
        db.selectFrom('user_strategies').select('strategy_id as id').where('user_id', '=', userId).execute(),
        db.selectFrom('user_markets').select('market_id as id').where('user_id', '=', userId).execute(),
        db.selectFrom('user_interests').select('interest_id as id').where('user_id', '=', userId).execute(),
      ]);
      return {
        strategies: strategies.map((r) => r.id),
        markets: markets.map((r) => r.id),
        interests: interests.map((r) => r.id),
      };
    },

    /** A user's own details (the account page). */
    async findDetails(userId: string): Promise<{ first_name: string; last_name: string; username: string } | undefined> {
      return db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      return row?.password_hash;
    },

    /** The id of the user with this username, case-insensitively. */
    async findIdByUsername(username: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    /** The username of the first user (by creation) with this role. */
    async findFirstUsernameWithRole(role: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('users.username')
        .where('roles.name', '=', role)
        .orderBy('users.created_at')
        .executeTakeFirst();
      return row?.username;
    },

    /** The usernames (e-mail addresses) of the active users with this role. */
    async activeUsernamesWithRole(role: string): Promise<string[]> {
      const rows = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select('u.username')
        .where('r.name', '=', role)
        .where('u.active', '=', true)
        .execute();
      return rows.map((r) => r.username);
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Adds the roles that are missing. */
    async ensureRoles(names: readonly string[]): Promise<void> {
      for (const name of names) {
        await db
          .insertInto('roles')
          .values({ name })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
    },

    /** A new role and password for a user (the create-user command); the names only when given. */
    async setRoleAndPassword(
      userId: string,
      changes: { roleId: string; passwordHash: string; firstName?: string; lastName?: string },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          role_id: changes.roleId,
          password_hash: changes.passwordHash,
          updated_at: sql<Date>`now()`,
          ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
          ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },

    async findRoleId(name: string): Promise<string | undefined> {
      const row = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
      return row?.id;
    },

    async insert(input: NewUserInput): Promise<string> {
      const row = await db
        .insertInto('users')
        .values({
          first_name: input.firstName,
          last_name: input.lastName,
          username: input.username,
          password_hash: input.passwordHash,
          role_id: input.roleId,
          account_id: input.accountId ?? null,
          ...(input.active !== undefined ? { active: input.active } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', userId)
        .execute();
    },

    /** Inserts these rows in one statement; returns each one's id and username. */
    async insertMany(rows: NewUser[]): Promise<Array<{ id: string; username: string }>> {
      return db.insertInto('users').values(rows).returning(['id', 'username']).execute();
    },

    /** A user's own details (the account page). Throws the unique violation (23505) when another user has the username. */
    async updateDetails(userId: string, details: { firstName: string; lastName: string; username: string }) {
      return db
        .updateTable('users')
        .set({
          first_name: details.firstName,
          last_name: details.lastName,
          username: details.username,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', userId)
        .returning(['first_name', 'last_name', 'username'])
        .executeTakeFirst();
    },

    /** Everything an Admin edits of a user (the password only when given). */
    async update(userId: string, changes: UserChanges): Promise<void> {
      await db
        .updateTable('users')
        .set({
          first_name: changes.firstName,
          last_name: changes.lastName,
          username: changes.username,
          role_id: changes.roleId,
          account_id: changes.accountId,
          active: changes.active,
          updated_at: sql<Date>`now()`,
          ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },

    async setActive(userIds: string[], active: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ active, updated_at: sql<Date>`now()` })
        .where('id', 'in', userIds)
        .execute();
    },

    async delete(userIds: string[]): Promise<void> {
      await db.deleteFrom('users').where('id', 'in', userIds).execute();
    },

    async setExperience(userId: string, experience: ExperienceLevel | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ experience, updated_at: sql<Date>`now()` })
        .where('id', '=', userId)
        .execute();
    },

    async setOfferTargets(userId: string, targets: OfferTargets): Promise<void> {
      await db
        .updateTable('users')
        .set({
          target_cash_on_cash_percent: targets.cashOnCashPercent,
          target_flip_profit_percent: targets.flipProfitPercent,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', userId)
        .execute();
    },

    async setLastLogin(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_login: sql<Date>`now()` })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
