import type { Transaction } from 'kysely';
import { SORT_FIELDS, UserForm, type EditUserData, type UserFormData } from '../../../shared/schemas/admin';
import { User } from '../../../shared/schemas/session';
import { normalizeRole } from '../../../shared/roles';
import type { FieldErrors } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Tables } from '../../db/schema';
import { conflict, throwIfInvalid } from '../../http/errors';
import { checkId } from '../../http/ids';
import { createAuthRepository } from '../auth';
import { createAccountsRepository } from '../catalog';
import { createUsersRepository, type UserRecord } from '../users';
import { changed, writeAudit, type AuditChange } from '../audit';
import { inChunks } from '../../lib/in-chunks';
import { bulkConflict, checkBodyId, pageOf } from './common';
import type { AdminSection } from './section';
import { createAdminUsersRepository, isActiveAdmin } from './users-repository';
import { exportUsersCsv } from './users-csv';
import { USER_MESSAGES, checkUserForm, normalizeUser, userAuditView, type UserValues } from './users-rules';

export interface UsersSectionDeps {
  hashPassword(password: string): Promise<string>;
}

export interface UsersSection extends AdminSection<typeof User, UserForm> {
  formData(): Promise<UserFormData>;
  editData(id: string): Promise<EditUserData>;
}

const BULK_CHUNK = 5000;

/**
 * The users section: the list, one user, and the rules of a change (self-protection, the last
 * active Admin, unique usernames and account names), each change audited in its transaction.
 * The CSV import is in users-csv.ts and user-import-jobs.ts.
 */
export function createUsersSection(db: Db, deps: UsersSectionDeps): UsersSection {
  const repository = createAdminUsersRepository(db);
  async function transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>, username?: string): Promise<T> {
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

  /** Role, account (created when new) and username checks inside the transaction; returns the account id. */
  async function resolveRefs(trx: Db, values: UserValues, exceptId: string | null, changes: AuditChange[]) {
    const errors: FieldErrors = {};
    const accounts = createAccountsRepository(trx);
    const users = createAdminUsersRepository(trx);
    if ((await users.findRoleName(values.roleId)) === undefined) errors.roleId = USER_MESSAGES.roleNotFound;
    let accountId: string | null = null;
    if (values.accountType === 'existing') {
      const account = await accounts.findById(values.accountId);
      if (!account) errors.accountId = USER_MESSAGES.accountNotFound;
      else accountId = account.id;
    }
    throwIfInvalid(errors);
    if (await users.usernameTaken(values.username, exceptId)) throw conflict(USER_MESSAGES.usernameTaken(values.username));
    if (values.accountType === 'new') {
      const existing = await accounts.findByName(values.accountName);
      if (existing) throw conflict(USER_MESSAGES.newAccountExists(existing.name));
      const created = await accounts.create(values.accountName);
      accountId = created;
      changes.push({
        action: 'create',
        entityType: 'account',
        entityId: created,
        before: null,
        after: { name: values.accountName, active: true },
      });
    }
    return accountId;
  }

  /** The rows a bulk request means: its ids, or every user matching `q`. */
  async function bulkRows(trx: Db, ids: string[] | undefined, q: string | undefined): Promise<UserRecord[]> {
    return createAdminUsersRepository(trx).lockSelection(ids ? { ids } : { q });
  }

  /** Throws 409 when a change left no active Admin (checked after the change, inside its transaction). */
  async function keepAnAdmin(trx: Db, touched: UserRecord[], message: string = USER_MESSAGES.lastAdmin) {
    if (touched.some(isActiveAdmin) && (await createAdminUsersRepository(trx).countActiveAdmins()) === 0) throw conflict(message);
  }

  return {
    section: 'users',
    thing: 'user',
    sortFields: SORT_FIELDS.users,
    item: User,
    form: UserForm,

    async list(query) {
      if (!query) return repository.toUsers(await repository.listUsers(undefined, undefined), true);
      const { page, pageSize, offset } = pageOf(query);
      const [records, total] = await Promise.all([
        repository.listUsers(query.q, query.sort, { limit: pageSize, offset }),
        repository.countUsers(query.q),
      ]);
      return { items: await repository.toUsers(records), total, page, pageSize };
    },

    async get(rawId) {
      return repository.getUser(checkId('user', rawId));
    },

    async formData() {
      const [accounts, roles] = await Promise.all([repository.listAccounts(), repository.listRoles()]);
      return { accounts, roles };
    },

    async editData(rawId) {
      const user = await repository.getUser(checkId('user', rawId));
      const [accounts, roles] = await Promise.all([repository.listAccounts(), repository.listRoles()]);
      return { user: { ...user, loginId: user.username }, accounts, roles };
    },

    async create(actor, body) {
      const values = normalizeUser(body);
      checkUserForm(values, 'create');
      const passwordHash = await deps.hashPassword(values.password);
      const id = await transaction(async (trx) => {
        const changes: AuditChange[] = [];
        const accountId = await resolveRefs(trx, values, null, changes);
        const newId = await createUsersRepository(trx).insert({
          firstName: values.firstName,
          lastName: values.lastName,
          username: values.username,
          passwordHash,
          roleId: values.roleId,
          accountId,
          active: values.active ?? false,
        });
        const record = await createAdminUsersRepository(trx).findUserRecord(newId);
        changes.push({ action: 'create', entityType: 'user', entityId: newId, before: null, after: userAuditView(record) });
        await writeAudit(trx, actor, changes);
        return newId;
      }, values.username);
      return repository.getUser(id);
    },

    async update(actor, rawId, body) {
      const id = checkId('user', rawId);
      checkBodyId('user', body._id, id);
      const values = normalizeUser(body);
      checkUserForm(values, 'edit');
      const passwordHash = values.password.trim() !== '' ? await deps.hashPassword(values.password) : null;
      await transaction(async (trx) => {
        await createAdminUsersRepository(trx).lockAdmins();
        const before = await createAdminUsersRepository(trx).findUserRecord(id, true);
        const active = values.active ?? before.active;
        const changes: AuditChange[] = [];
        const accountId = await resolveRefs(trx, values, id, changes);
        const roleName = (await createAdminUsersRepository(trx).findRoleName(values.roleId)) ?? '';
        if (id === actor.id) {
          if (!active) throw conflict(USER_MESSAGES.selfDeactivate);
          if (normalizeRole(roleName) !== 'Admin') throw conflict(USER_MESSAGES.selfDemote);
        }
        await createUsersRepository(trx).update(id, {
          firstName: values.firstName,
          lastName: values.lastName,
          username: values.username,
          roleId: values.roleId,
          accountId,
          active,
          passwordHash,
        });
        // A password set by an Admin ends the user's sessions, as a reset does.
        if (passwordHash) await createAuthRepository(trx).revokeUserSessions(id);
        await keepAnAdmin(trx, [before]);
        const [b, a] = [userAuditView(before), userAuditView(await createAdminUsersRepository(trx).findUserRecord(id))];
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
      return repository.getUser(id);
    },

    async remove(actor, rawId) {
      const id = checkId('user', rawId);
      if (id === actor.id) throw conflict(USER_MESSAGES.selfDelete);
      await transaction(async (trx) => {
        await createAdminUsersRepository(trx).lockAdmins();
        const before = await createAdminUsersRepository(trx).findUserRecord(id, true);
        await createUsersRepository(trx).delete([id]);
        await keepAnAdmin(trx, [before]);
        await writeAudit(trx, actor, [
          { action: 'delete', entityType: 'user', entityId: id, before: userAuditView(before), after: null },
        ]);
      });
    },

    async bulk(actor, request) {
      const ids = request.ids?.map((raw) => checkId('user', raw));
      return transaction(async (trx) => {
        await createAdminUsersRepository(trx).lockAdmins();
        const rows = await bulkRows(trx, ids, request.q);
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
            BULK_CHUNK,
            (chunk) => createUsersRepository(trx).delete(chunk),
          );
          for (const r of target)
            changes.push({ action: 'delete', entityType: 'user', entityId: r.id, before: userAuditView(r), after: null });
        } else {
          const active = request.action === 'activate';
          target = rows.filter((r) => r.active !== active);
          await inChunks(
            target.map((r) => r.id),
            BULK_CHUNK,
            (chunk) => createUsersRepository(trx).setActive(chunk, active),
          );
          for (const r of target) {
            changes.push({
              action: request.action,
              entityType: 'user',
              entityId: r.id,
              before: userAuditView(r),
              after: userAuditView({ ...r, active }),
            });
          }
        }
        await keepAnAdmin(trx, target, `Nothing was changed. ${USER_MESSAGES.lastAdmin}`);
        await writeAudit(trx, actor, changes);
        return { action: request.action, matched: rows.length, changed: target.length };
      });
    },

    async exportCsv(q) {
      const records = await repository.listUsers(q, undefined);
      return exportUsersCsv(records);
    },
  };
}
