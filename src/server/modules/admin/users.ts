import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Role, User } from '../../../shared/api-types';
import { ROLE_NAMES, normalizeRole } from '../../../shared/roles';
import { validateUserForm, type AccountType, type FieldErrors } from '../../../shared/validation';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { selectUserRecords, type UserProfileIds, type UserRecord } from '../users/repository';
import { toUser } from '../users/service';
import { changed, writeAudit, type AuditChange } from './audit';
import { accountExistsMessage } from './catalog';
import {
  ACTIVE_COLUMN_MESSAGE,
  bulkConflict,
  checkId,
  contains,
  isUniqueViolation,
  isUuid,
  likePattern,
  pageOf,
  parseActive,
  parseSort,
  throwIfInvalid,
  type Actor,
  type ListQuery,
} from './common';
import { writeCsv } from './csv';
import { finishImport, readImportFile, type AdminSection, type BulkRequest, type ImportRow } from './section';

export const USER_MESSAGES = {
  usernameTaken: (username: string) => `A user with the email ${username} already exists.`,
  newAccountExists: (name: string) => `${accountExistsMessage(name)} Choose it as an existing account.`,
  selfDelete: 'You cannot delete your own user. Ask another Admin to do it.',
  selfDeactivate: 'You cannot deactivate your own user. Ask another Admin to do it.',
  selfDemote: 'You cannot remove your own Admin role. Ask another Admin to do it.',
  lastAdmin: 'This would leave no active Admin. Make another user an active Admin first.',
  notFound: 'The user was not found. It may have been deleted.',
  roleNotFound: 'Choose a role from the list',
  accountNotFound: 'Choose an account from the list',
} as const;

/** User imports hash every password at the production cost (about 0.1–0.7 s each), hence a smaller cap. */
export const USERS_IMPORT_MAX_ROWS = 100;

const USER_CSV_COLUMNS = ['firstName', 'lastName', 'username', 'role', 'accountName', 'active', 'lastLogin'];
const USER_IMPORT_COLUMNS = ['firstName', 'lastName', 'username', 'password', 'role', 'accountName', 'active'];
const MASK = '********';

export const USER_SORT_FIELDS = ['name', 'username', 'role', 'account', 'active', 'lastLogin', 'createdAt'] as const;

/** One transaction at a time may change who is an active Admin (PostgreSQL; PGlite has one connection anyway). */
const ADMIN_LOCK = 727_270_001;

type Executor = Db | Transaction<DB>;
type UsersEb = ExpressionBuilder<DB & { u: DB['users']; r: DB['roles']; a: DB['accounts'] }, 'u' | 'r' | 'a'>;

interface UserValues {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  roleId: string;
  active: boolean | undefined;
  accountType: AccountType;
  accountId: string;
  accountName: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function normalize(body: Record<string, unknown>): UserValues {
  const accountId = str(body.accountId);
  const accountName = str(body.accountName);
  const accountType: AccountType =
    body.accountType === 'new' || body.accountType === 'existing'
      ? body.accountType
      : accountId === '' && accountName !== ''
        ? 'new'
        : 'existing';
  return {
    firstName: str(body.firstName),
    lastName: str(body.lastName),
    username: str(body.username).toLowerCase(),
    password: typeof body.password === 'string' ? body.password : '',
    roleId: str(body.roleId).toLowerCase(),
    active: typeof body.active === 'boolean' ? body.active : undefined,
    accountType,
    accountId: accountId.toLowerCase(),
    accountName,
  };
}

/** What the audit log keeps of a user: never the password or its hash. */
function auditView(record: UserRecord): Record<string, unknown> {
  return {
    firstName: record.first_name,
    lastName: record.last_name,
    username: record.username,
    roleId: record.role_id,
    role: normalizeRole(record.role_name),
    accountId: record.account_id,
    accountName: record.account_name,
    active: record.active,
  };
}

const EMPTY_PROFILE: UserProfileIds = { strategies: [], markets: [], interests: [] };

export interface UsersSectionDeps {
  hashPassword(password: string): Promise<string>;
}

export interface UsersSection extends AdminSection {
  formData(): Promise<{ accounts: Array<{ _id: string; name: string; active: boolean }>; roles: Role[] }>;
  editData(id: string): Promise<{ user: User & { loginId: string }; accounts: unknown[]; roles: Role[] }>;
}

export function createUsersSection(db: Db, deps: UsersSectionDeps): UsersSection {
  const select = (q: Executor) => selectUserRecords(q);

  /** The search as a filter on users: name ("First Last"), username, or an account whose name matches. */
  async function searchFilter(q: Executor, text: string | undefined): Promise<((eb: UsersEb) => Expression<SqlBool>) | null> {
    const query = (text ?? '').trim();
    if (!query) return null;
    const pattern = likePattern(query);
    // Accounts are few: resolving them first keeps every branch of the OR on an index.
    const accounts = await q
      .selectFrom('accounts')
      .select('id')
      .where(contains(sql.ref('name'), pattern))
      .execute();
    const accountIds = accounts.map((a) => a.id);
    return (eb) =>
      eb.or([
        contains(sql`u.first_name || ' ' || u.last_name`, pattern),
        contains(sql.ref('u.username'), pattern),
        ...(accountIds.length ? [eb('u.account_id', 'in', accountIds)] : []),
      ]);
  }

  function ordered<Q extends { orderBy: (...args: any[]) => Q }>(query: Q, sort: string | undefined): Q {
    const { field, desc } = parseSort(sort, 'name');
    const dir = desc ? 'desc' : 'asc';
    const byName = (q: Q, d: 'asc' | 'desc') => q.orderBy(sql`lower(u.last_name)`, d).orderBy(sql`lower(u.first_name)`, d);
    let out = query;
    switch (field) {
      case 'name':
        return byName(out, dir).orderBy('u.id', dir);
      case 'username':
        return out.orderBy(sql`lower(u.username)`, dir);
      case 'role':
        out = out.orderBy('r.name', dir);
        break;
      case 'account':
        out = out.orderBy(sql`lower(a.name) ${sql.raw(dir)} nulls last`);
        break;
      case 'active':
        out = out.orderBy('u.active', dir);
        break;
      case 'lastLogin':
        out = out.orderBy(sql`u.last_login ${sql.raw(dir)} nulls last`);
        break;
      case 'createdAt':
        out = out.orderBy('u.created_at', dir);
        break;
    }
    return byName(out, 'asc').orderBy('u.id');
  }

  async function profiles(q: Executor, ids: string[] | 'all'): Promise<Map<string, UserProfileIds>> {
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

  async function toUsers(q: Executor, records: UserRecord[], all = false): Promise<User[]> {
    const map = await profiles(q, all ? 'all' : records.map((r) => r.id));
    return records.map((r) => toUser(r, map.get(r.id) ?? EMPTY_PROFILE));
  }

  async function getUser(q: Executor, id: string): Promise<User> {
    const record = await select(q).where('u.id', '=', id).executeTakeFirst();
    if (!record) throw notFound(USER_MESSAGES.notFound);
    return (await toUsers(q, [record]))[0];
  }

  async function roles(q: Executor): Promise<Role[]> {
    const rows = await q.selectFrom('roles').select(['id', 'name']).execute();
    return rows
      .map((r) => ({ _id: r.id, name: normalizeRole(r.name) }))
      .sort((a, b) => ROLE_NAMES.indexOf(a.name) - ROLE_NAMES.indexOf(b.name));
  }

  async function accounts(q: Executor) {
    const rows = await q
      .selectFrom('accounts')
      .select(['id', 'name', 'active'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map((a) => ({ _id: a.id, name: a.name, active: a.active }));
  }

  const activeAdmins = async (trx: Transaction<DB>) =>
    Number(
      (
        await trx
          .selectFrom('users as u')
          .innerJoin('roles as r', 'r.id', 'u.role_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('r.name', '=', 'Admin')
          .where('u.active', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lockAdmins = (trx: Transaction<DB>) => sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`.execute(trx);
  const isActiveAdmin = (r: { role_name: string; active: boolean }) => r.active && normalizeRole(r.role_name) === 'Admin';

  async function transaction<T>(work: (trx: Transaction<DB>) => Promise<T>, username?: string): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      // A concurrent request won the unique index on lower(username) (or on the account name).
      if (isUniqueViolation(error)) {
        throw conflict(
          username ? USER_MESSAGES.usernameTaken(username) : 'Someone else changed the same data meanwhile. Try again.',
        );
      }
      throw error;
    }
  }

  function checkForm(values: UserValues, mode: 'create' | 'edit'): void {
    throwIfInvalid(validateUserForm(values, mode));
    if (!isUuid(values.roleId)) throw badRequest(USER_MESSAGES.roleNotFound, { roleId: USER_MESSAGES.roleNotFound });
    if (values.accountType === 'existing' && !isUuid(values.accountId)) {
      throw badRequest(USER_MESSAGES.accountNotFound, { accountId: USER_MESSAGES.accountNotFound });
    }
  }

  /** Role, account (created when new) and username checks inside the transaction; returns the account id. */
  async function resolveRefs(trx: Transaction<DB>, values: UserValues, exceptId: string | null, changes: AuditChange[]) {
    const errors: FieldErrors = {};
    const role = await trx.selectFrom('roles').select('id').where('id', '=', values.roleId).executeTakeFirst();
    if (!role) errors.roleId = USER_MESSAGES.roleNotFound;
    let accountId: string | null = null;
    if (values.accountType === 'existing') {
      const account = await trx.selectFrom('accounts').select('id').where('id', '=', values.accountId).executeTakeFirst();
      if (!account) errors.accountId = USER_MESSAGES.accountNotFound;
      else accountId = account.id;
    }
    throwIfInvalid(errors);
    let taken = trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', values.username);
    if (exceptId) taken = taken.where('id', '<>', exceptId);
    if (await taken.executeTakeFirst()) throw conflict(USER_MESSAGES.usernameTaken(values.username));
    if (values.accountType === 'new') {
      const existing = await trx
        .selectFrom('accounts')
        .select('name')
        .where(sql`lower(name)`, '=', values.accountName.toLowerCase())
        .executeTakeFirst();
      if (existing) throw conflict(USER_MESSAGES.newAccountExists(existing.name));
      const account = await trx
        .insertInto('accounts')
        .values({ name: values.accountName, active: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      accountId = account.id;
      changes.push({
        action: 'create',
        entityType: 'account',
        entityId: account.id,
        before: null,
        after: { name: values.accountName, active: true },
      });
    }
    return accountId;
  }

  async function findRecord(trx: Transaction<DB>, id: string): Promise<UserRecord> {
    const record = await select(trx).where('u.id', '=', id).forUpdate(['u']).executeTakeFirst();
    if (!record) throw notFound(USER_MESSAGES.notFound);
    return record;
  }

  async function bulkRows(trx: Transaction<DB>, request: BulkRequest): Promise<UserRecord[]> {
    let query = select(trx);
    if (request.ids) {
      const ids = request.ids.map((raw) => checkId('user', raw));
      if (ids.length === 0) return [];
      query = query.where('u.id', 'in', ids);
    } else {
      const filter = await searchFilter(trx, request.q);
      if (filter) query = query.where(filter);
    }
    return query.forUpdate(['u']).execute();
  }

  const CHUNK = 5000;
  async function inChunks(ids: string[], work: (batch: string[]) => Promise<unknown>) {
    for (let i = 0; i < ids.length; i += CHUNK) await work(ids.slice(i, i + CHUNK));
  }

  return {
    section: 'users',
    thing: 'user',
    sortFields: USER_SORT_FIELDS,

    async list(query: ListQuery | null) {
      if (!query) return toUsers(db, await ordered(select(db), undefined).execute(), true);
      const { page, pageSize, offset } = pageOf(query);
      const filter = await searchFilter(db, query.q);
      let rows = select(db);
      let count = db.selectFrom('users as u').select(sql<number>`count(*)::int`.as('n'));
      if (filter) {
        rows = rows.where(filter);
        count = count.where(filter as never);
      }
      const [records, total] = await Promise.all([
        ordered(rows, query.sort).limit(pageSize).offset(offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { items: await toUsers(db, records), total: Number(total.n), page, pageSize };
    },

    async get(rawId) {
      return getUser(db, checkId('user', rawId));
    },

    async formData() {
      const [a, r] = await Promise.all([accounts(db), roles(db)]);
      return { accounts: a, roles: r };
    },

    async editData(rawId) {
      const user = await getUser(db, checkId('user', rawId));
      const [a, r] = await Promise.all([accounts(db), roles(db)]);
      return { user: { ...user, loginId: user.username }, accounts: a, roles: r };
    },

    async create(actor, body) {
      const values = normalize(body);
      checkForm(values, 'create');
      const passwordHash = await deps.hashPassword(values.password);
      const id = await transaction(async (trx) => {
        const changes: AuditChange[] = [];
        const accountId = await resolveRefs(trx, values, null, changes);
        const row = await trx
          .insertInto('users')
          .values({
            first_name: values.firstName,
            last_name: values.lastName,
            username: values.username,
            password_hash: passwordHash,
            role_id: values.roleId,
            account_id: accountId,
            active: values.active ?? false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const record = await select(trx).where('u.id', '=', row.id).executeTakeFirstOrThrow();
        changes.push({ action: 'create', entityType: 'user', entityId: row.id, before: null, after: auditView(record) });
        await writeAudit(trx, actor, changes);
        return row.id;
      }, values.username);
      return getUser(db, id);
    },

    async update(actor, rawId, body) {
      const id = checkId('user', rawId);
      if (typeof body._id === 'string' && body._id.trim() !== '' && body._id.trim().toLowerCase() !== id) {
        throw badRequest('The _id in the body does not match the user in the URL', { _id: 'Does not match the URL' });
      }
      const values = normalize(body);
      checkForm(values, 'edit');
      const passwordHash = values.password.trim() !== '' ? await deps.hashPassword(values.password) : null;
      await transaction(async (trx) => {
        await lockAdmins(trx);
        const before = await findRecord(trx, id);
        const active = values.active ?? before.active;
        const changes: AuditChange[] = [];
        const accountId = await resolveRefs(trx, values, id, changes);
        const role = await trx.selectFrom('roles').select('name').where('id', '=', values.roleId).executeTakeFirstOrThrow();
        if (id === actor.id) {
          if (!active) throw conflict(USER_MESSAGES.selfDeactivate);
          if (normalizeRole(role.name) !== 'Admin') throw conflict(USER_MESSAGES.selfDemote);
        }
        await trx
          .updateTable('users')
          .set({
            first_name: values.firstName,
            last_name: values.lastName,
            username: values.username,
            role_id: values.roleId,
            account_id: accountId,
            active,
            updated_at: sql<Date>`now()`,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', id)
          .execute();
        if (passwordHash) {
          // A password set by an Admin ends the user's sessions, as a reset does.
          await trx
            .updateTable('sessions')
            .set({ revoked_at: sql<Date>`now()` })
            .where('user_id', '=', id)
            .where('revoked_at', 'is', null)
            .execute();
        }
        if (isActiveAdmin(before) && (await activeAdmins(trx)) === 0) throw conflict(USER_MESSAGES.lastAdmin);
        const after = await select(trx).where('u.id', '=', id).executeTakeFirstOrThrow();
        const [b, a] = [auditView(before), auditView(after)];
        if (changed(b, a) || passwordHash) {
          changes.push({
            action: 'update',
            entityType: 'user',
            entityId: id,
            before: b,
            after: passwordHash ? { ...a, passwordChanged: true } : a,
          });
        }
        await writeAudit(trx, actor, changes);
      }, values.username);
      return getUser(db, id);
    },

    async remove(actor, rawId) {
      const id = checkId('user', rawId);
      if (id === actor.id) throw conflict(USER_MESSAGES.selfDelete);
      await transaction(async (trx) => {
        await lockAdmins(trx);
        const before = await findRecord(trx, id);
        await trx.deleteFrom('users').where('id', '=', id).execute();
        if (isActiveAdmin(before) && (await activeAdmins(trx)) === 0) throw conflict(USER_MESSAGES.lastAdmin);
        await writeAudit(trx, actor, [
          { action: 'delete', entityType: 'user', entityId: id, before: auditView(before), after: null },
        ]);
      });
    },

    async bulk(actor, request) {
      return transaction(async (trx) => {
        await lockAdmins(trx);
        const rows = await bulkRows(trx, request);
        if (request.action !== 'activate' && rows.some((r) => r.id === actor.id)) {
          throw bulkConflict([
            { id: actor.id, message: request.action === 'delete' ? USER_MESSAGES.selfDelete : USER_MESSAGES.selfDeactivate },
          ]);
        }
        const changes: AuditChange[] = [];
        let target: UserRecord[];
        if (request.action === 'delete') {
          target = rows;
          await inChunks(
            target.map((r) => r.id),
            (batch) => trx.deleteFrom('users').where('id', 'in', batch).execute(),
          );
          for (const r of target)
            changes.push({ action: 'delete', entityType: 'user', entityId: r.id, before: auditView(r), after: null });
        } else {
          const active = request.action === 'activate';
          target = rows.filter((r) => r.active !== active);
          await inChunks(
            target.map((r) => r.id),
            (batch) =>
              trx
                .updateTable('users')
                .set({ active, updated_at: sql<Date>`now()` })
                .where('id', 'in', batch)
                .execute(),
          );
          for (const r of target) {
            changes.push({
              action: request.action,
              entityType: 'user',
              entityId: r.id,
              before: auditView(r),
              after: auditView({ ...r, active }),
            });
          }
        }
        if (target.some(isActiveAdmin) && (await activeAdmins(trx)) === 0)
          throw conflict(`Nothing was changed. ${USER_MESSAGES.lastAdmin}`);
        await writeAudit(trx, actor, changes);
        return { action: request.action, matched: rows.length, changed: target.length };
      });
    },

    async exportCsv(q) {
      let query = select(db);
      const filter = await searchFilter(db, q);
      if (filter) query = query.where(filter);
      const records = await ordered(query, undefined).execute();
      return writeCsv(
        USER_CSV_COLUMNS,
        records.map((r) => [
          r.first_name,
          r.last_name,
          r.username,
          normalizeRole(r.role_name),
          r.account_name ?? '',
          r.active ? 'true' : 'false',
          r.last_login ? new Date(r.last_login).toISOString() : '',
        ]),
      );
    },

    async importCsv(actor, csv, dryRun) {
      const rows = readImportFile(csv, {
        columns: USER_IMPORT_COLUMNS,
        required: USER_IMPORT_COLUMNS.filter((c) => c !== 'active'),
        ignored: ['lastLogin'],
        maxRows: USERS_IMPORT_MAX_ROWS,
      });
      const roleRows = await db.selectFrom('roles').select(['id', 'name']).execute();
      const roleByName = new Map(roleRows.map((r) => [r.name.toLowerCase(), r.id]));
      const usernames = rows.map((r) => r.values.username.toLowerCase()).filter(Boolean);
      const taken = new Set(
        usernames.length
          ? (
              await db
                .selectFrom('users')
                .select(sql<string>`lower(username)`.as('u'))
                .where(sql`lower(username)`, 'in', usernames)
                .execute()
            ).map((r) => r.u)
          : [],
      );
      const seen = new Map<string, number>();
      const records: Array<{ row: ImportRow; values: UserValues; active: boolean }> = [];
      for (const row of rows) {
        const v = row.values;
        const roleId = v.role === '' ? '' : (roleByName.get(v.role.toLowerCase()) ?? '');
        const values = normalize({ ...v, roleId, accountType: 'existing', accountId: v.accountName });
        const errors = validateUserForm(values, 'create');
        const mapped: FieldErrors = {};
        for (const [field, message] of Object.entries(errors)) {
          mapped[field === 'roleId' ? 'role' : field === 'accountId' ? 'accountName' : field] = message;
        }
        if (v.role !== '' && !roleId) mapped.role = `Role must be one of: ${ROLE_NAMES.join(', ')}`;
        const active = parseActive(v.active);
        if (active === undefined) mapped.active = ACTIVE_COLUMN_MESSAGE;
        if (!mapped.username) {
          if (taken.has(values.username)) mapped.username = USER_MESSAGES.usernameTaken(values.username);
          else if (seen.has(values.username)) mapped.username = `The same username is on row ${seen.get(values.username)}`;
          else seen.set(values.username, row.row);
        }
        v.username = values.username;
        Object.assign(row.errors, mapped);
        records.push({ row, values, active: active ?? false });
      }
      const mask = (values: Record<string, string>) => ({ ...values, password: values.password ? MASK : '' });
      return finishImport(
        rows,
        dryRun,
        async () => {
          const hashes = await mapLimited(records, 4, (r) => deps.hashPassword(r.values.password));
          return transaction(async (trx) => {
            const changes: AuditChange[] = [];
            const accountIds = new Map<string, string>();
            const names = [...new Set(records.map((r) => r.values.accountName))];
            const found = await trx
              .selectFrom('accounts')
              .select(['id', sql<string>`lower(name)`.as('key')])
              .where(
                sql`lower(name)`,
                'in',
                names.map((n) => n.toLowerCase()),
              )
              .execute();
            for (const a of found) accountIds.set(a.key, a.id);
            for (const name of names) {
              if (accountIds.has(name.toLowerCase())) continue;
              const account = await trx
                .insertInto('accounts')
                .values({ name, active: true })
                .returning('id')
                .executeTakeFirstOrThrow();
              accountIds.set(name.toLowerCase(), account.id);
              changes.push({
                action: 'import',
                entityType: 'account',
                entityId: account.id,
                before: null,
                after: { name, active: true },
              });
            }
            const inserted = await trx
              .insertInto('users')
              .values(
                records.map((r, i) => ({
                  first_name: r.values.firstName,
                  last_name: r.values.lastName,
                  username: r.values.username,
                  password_hash: hashes[i],
                  role_id: r.values.roleId,
                  account_id: accountIds.get(r.values.accountName.toLowerCase()) ?? null,
                  active: r.active,
                })),
              )
              .returning('id')
              .execute();
            const created = await select(trx)
              .where(
                'u.id',
                'in',
                inserted.map((r) => r.id),
              )
              .execute();
            for (const record of created) {
              changes.push({ action: 'import', entityType: 'user', entityId: record.id, before: null, after: auditView(record) });
            }
            await writeAudit(trx, actor, changes);
            return inserted.length;
          });
        },
        mask,
      );
    },
  };
}

/** Runs `work` over the items with at most `limit` in flight, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(runners);
  return results;
}
