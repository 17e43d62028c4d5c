import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Role, User } from '../../../shared/schemas/session';
import { ROLE_NAMES, normalizeRole } from '../../../shared/roles';
import type { NewUser } from '../../db/schema';
import { contains, likePattern } from '../../db/text-search';
import { notFound } from '../../http/errors';
import { createUsersRepository, selectUserRecords, toUser, type UserProfileIds, type UserRecord } from '../users';
import { inChunks } from '../../lib/in-chunks';
import { parseSort } from './common';
import { USER_MESSAGES } from './users-rules';
import type { Db } from '../../db/database';

/**
 * The admin users' queries (Kysely): the list with its search and orders, one user, the form's
 * choices, the active-Admin guard and the bulk writes of an import. `q` is the database or a
 * transaction.
 */

/** One transaction at a time may change who is an active Admin (PostgreSQL; PGlite has one connection anyway). */
const ADMIN_LOCK = 727_270_001;

/** Statement sizes: rows per INSERT, values per IN list. */
const INSERT_CHUNK = 1000;
const LOOKUP_CHUNK = 5000;

/** ORDER BY terms of a users list; ties go by name, then id. */
function orderTerms(sort: string | undefined): Array<RawBuilder<unknown>> {
  const { field, desc } = parseSort(sort, 'name');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const byName = (d: RawBuilder<unknown>) => [sql`lower(u.last_name) ${d}`, sql`lower(u.first_name) ${d}`];
  switch (field) {
    case 'name':
      return [...byName(dir), sql`u.id ${dir}`];
    case 'username':
      return [sql`lower(u.username) ${dir}`];
    case 'role':
      return [sql`r.name ${dir}`, ...byName(sql.raw('asc')), sql`u.id`];
    case 'account':
      return [sql`lower(a.name) ${dir} nulls last`, ...byName(sql.raw('asc')), sql`u.id`];
    case 'active':
      return [sql`u.active ${dir}`, ...byName(sql.raw('asc')), sql`u.id`];
    case 'lastLogin':
      return [sql`u.last_login ${dir} nulls last`, ...byName(sql.raw('asc')), sql`u.id`];
    default:
      return [sql`u.created_at ${dir}`, ...byName(sql.raw('asc')), sql`u.id`];
  }
}

export function orderedUsers<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(query: Q, sort: string | undefined): Q {
  return orderTerms(sort).reduce((q, term) => q.orderBy(term), query);
}

const EMPTY_PROFILE: UserProfileIds = { strategies: [], markets: [], interests: [] };

export const isActiveAdmin = (r: { role_name: string; active: boolean }): boolean =>
  r.active && normalizeRole(r.role_name) === 'Admin';

/** The admin users' queries on the database or a transaction `q`. */
export function createAdminUsersRepository(q: Db) {
  const selectUsers = () => selectUserRecords(q);

  /**
   * The search as a filter on users: name ("First Last"), username, or an account whose name
   * matches; `true` when there is nothing to search for.
   */
  async function userSearch(text: string | undefined): Promise<RawBuilder<SqlBool>> {
    const query = (text ?? '').trim();
    if (!query) return sql<SqlBool>`true`;
    const pattern = likePattern(query);
    // Accounts are few: resolving them first keeps every branch of the OR on an index.
    const accounts = await q
      .selectFrom('accounts')
      .select('id')
      .where(contains(sql.ref('name'), pattern))
      .execute();
    const branches = [contains(sql`u.first_name || ' ' || u.last_name`, pattern), contains(sql.ref('u.username'), pattern)];
    if (accounts.length) branches.push(sql<SqlBool>`u.account_id in (${sql.join(accounts.map((a) => a.id))})`);
    return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
  }

  async function profiles(ids: string[] | 'all'): Promise<Map<string, UserProfileIds>> {
    const map = new Map<string, UserProfileIds>();
    if (ids !== 'all' && ids.length === 0) return map;
    const get = (id: string) => {
      let p = map.get(id);
      if (!p) map.set(id, (p = { strategies: [], markets: [], interests: [] }));
      return p;
    };
    const [strategies, markets, interests] = await Promise.all([
      (ids === 'all' ? q.selectFrom('user_strategies') : q.selectFrom('user_strategies').where('user_id', 'in', ids))
        .select(['user_id', 'strategy_id as id'])
        .execute(),
      (ids === 'all' ? q.selectFrom('user_markets') : q.selectFrom('user_markets').where('user_id', 'in', ids))
        .select(['user_id', 'market_id as id'])
        .execute(),
      (ids === 'all' ? q.selectFrom('user_interests') : q.selectFrom('user_interests').where('user_id', 'in', ids))
        .select(['user_id', 'interest_id as id'])
        .execute(),
    ]);
    for (const r of strategies) get(r.user_id).strategies.push(r.id);
    for (const r of markets) get(r.user_id).markets.push(r.id);
    for (const r of interests) get(r.user_id).interests.push(r.id);
    return map;
  }

  /** Records as wire Users, with their profiles (`all`: every user's, for the whole list). */
  async function toUsers(records: UserRecord[], all = false): Promise<User[]> {
    const map = await profiles(all ? 'all' : records.map((r) => r.id));
    return records.map((r) => toUser(r, map.get(r.id) ?? EMPTY_PROFILE));
  }

  async function findUserRecord(id: string, lock = false): Promise<UserRecord> {
    const record = await selectUsers()
      .where('u.id', '=', id)
      .$if(lock, (query) => query.forUpdate(['u']))
      .executeTakeFirst();
    if (!record) throw notFound(USER_MESSAGES.notFound);
    return record;
  }

  async function getUser(id: string): Promise<User> {
    return (await toUsers([await findUserRecord(id)]))[0];
  }

  /** The roles in their order: Admin, Agent, Investor. */
  async function listRoles(): Promise<Role[]> {
    const rows = await q.selectFrom('roles').select(['id', 'name']).execute();
    return rows
      .map((r) => ({ _id: r.id, name: normalizeRole(r.name) }))
      .sort((a, b) => ROLE_NAMES.indexOf(a.name) - ROLE_NAMES.indexOf(b.name));
  }

  /** Every account, by name. */
  async function listAccounts() {
    const rows = await q
      .selectFrom('accounts')
      .select(['id', 'name', 'active'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map((a) => ({ _id: a.id, name: a.name, active: a.active }));
  }

  async function countActiveAdmins(): Promise<number> {
    const row = await q
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('r.name', '=', 'Admin')
      .where('u.active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Serializes the transactions that change who is an active Admin. */
  const lockAdmins = () => sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`.execute(q);

  /** Which of these lower-cased usernames are taken. */
  async function takenUsernames(usernames: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    await inChunks(usernames, LOOKUP_CHUNK, async (chunk) => {
      const rows = await q
        .selectFrom('users')
        .select(sql<string>`lower(username)`.as('u'))
        .where(sql`lower(username)`, 'in', chunk)
        .execute();
      for (const r of rows) taken.add(r.u);
    });
    return taken;
  }

  /** Users matching the search text (all when empty) in the list's order; a page of them with `page`. */
  async function listUsers(text: string | undefined, sort: string | undefined, page?: { limit: number; offset: number }) {
    const filter = await userSearch(text);
    return orderedUsers(selectUsers().where(filter), sort)
      .$if(page !== undefined, (query) => query.limit(page!.limit).offset(page!.offset))
      .execute();
  }

  async function countUsers(text: string | undefined): Promise<number> {
    const row = await q
      .selectFrom('users as u')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(await userSearch(text))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The users a bulk request means (these ids, or every one matching the text), locked until the transaction ends. */
  async function lockSelection(selection: { ids: string[] } | { q: string | undefined }): Promise<UserRecord[]> {
    if ('ids' in selection && selection.ids.length === 0) return [];
    const filter = 'ids' in selection ? sql<SqlBool>`u.id in (${sql.join(selection.ids)})` : await userSearch(selection.q);
    return selectUsers().where(filter).forUpdate(['u']).execute();
  }

  async function findRoleName(id: string): Promise<string | undefined> {
    return (await q.selectFrom('roles').select('name').where('id', '=', id).executeTakeFirst())?.name;
  }

  /** Whether another user (not `exceptId`) has this username, case-insensitively. */
  async function usernameTaken(username: string, exceptId: string | null): Promise<boolean> {
    const row = await q
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts the users in chunks; returns their ids by username. */
  async function insertUsers(rows: NewUser[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    await inChunks(rows, INSERT_CHUNK, async (chunk) => {
      for (const r of await createUsersRepository(q).insertMany(chunk)) ids.set(r.username, r.id);
    });
    return ids;
  }

  return {
    listUsers,
    countUsers,
    lockSelection,
    findRoleName,
    usernameTaken,
    toUsers,
    findUserRecord,
    getUser,
    listRoles,
    listAccounts,
    countActiveAdmins,
    lockAdmins,
    takenUsernames,
    insertUsers,
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
