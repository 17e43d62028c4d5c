import type { Transaction } from 'kysely';
import type { ImportReport } from '../../../shared/schemas/admin';
import { ROLE_NAMES, normalizeRole } from '../../../shared/roles';
import { validateUserForm, type FieldErrors } from '../../../shared/validation';
import type { Tables } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { UserRecord } from '../users';
import { writeAudit, type Actor, type AuditChange } from '../audit';
import { ACTIVE_COLUMN_MESSAGE, parseActive } from './common';
import { writeCsv } from '../../lib/csv';
import { importReport, readImportFile } from '../../http/import-file';
import { createAdminUsersRepository } from './users-repository';
import { USER_MESSAGES, normalizeUser, userAuditView, type UserValues } from './users-rules';
import { createAccountsRepository } from '../catalog';
import type { Db } from '../../db/database';

/** The users' CSV: export columns, import columns and row rules, and the write of an import. */

export const USER_EXPORT_COLUMNS = ['firstName', 'lastName', 'username', 'role', 'accountName', 'active', 'lastLogin'];
export const USER_IMPORT_COLUMNS = ['firstName', 'lastName', 'username', 'password', 'role', 'accountName', 'active'];
const MASK = '********';

export function exportUsersCsv(records: UserRecord[]): string {
  return writeCsv(
    USER_EXPORT_COLUMNS,
    records.map((r) => [
      r.first_name,
      r.last_name,
      r.username,
      normalizeRole(r.role_name),
      r.account_name ?? '',
      r.active,
      r.last_login ? new Date(r.last_login).toISOString() : '',
    ]),
  );
}

/** A row that passed every check, ready to be hashed and written. */
export interface UserImportRecord {
  values: UserValues;
  roleName: string;
  active: boolean;
}

/** Form fields → import columns (the file names the role and the account by name). */
const COLUMN_OF: Record<string, string> = { roleId: 'role', accountId: 'accountName' };

/**
 * Reads a users import file and checks every row (form rules, role by name, usernames taken or
 * repeated in the file); nothing is hashed or written. Passwords are masked in the report.
 */
export async function checkUserImport(db: Db, csv: string): Promise<{ report: ImportReport; records: UserImportRecord[] }> {
  const rows = readImportFile(csv, {
    columns: USER_IMPORT_COLUMNS,
    required: USER_IMPORT_COLUMNS.filter((c) => c !== 'active'),
    ignored: ['lastLogin'],
  });
  const roles = await createAdminUsersRepository(db).listRoles();
  const roleByName = new Map(roles.map((r) => [r.name.toLowerCase(), { id: r._id, name: r.name }]));
  const taken = await createAdminUsersRepository(db).takenUsernames(
    rows.map((r) => r.values.username.toLowerCase()).filter(Boolean),
  );
  const seen = new Map<string, number>();
  const records: UserImportRecord[] = [];
  for (const row of rows) {
    const v = row.values;
    const role = v.role === '' ? undefined : roleByName.get(v.role.toLowerCase());
    const values = normalizeUser({
      firstName: v.firstName,
      lastName: v.lastName,
      username: v.username,
      password: v.password,
      roleId: role?.id ?? '',
      accountType: 'existing',
      // The account is named, not chosen: "Account is required" when the name is empty.
      accountId: v.accountName,
      accountName: v.accountName,
    });
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(validateUserForm(values, 'create')))
      errors[COLUMN_OF[field] ?? field] = message;
    if (v.role !== '' && !role) errors.role = `Role must be one of: ${ROLE_NAMES.join(', ')}`;
    const active = parseActive(v.active);
    if (active === undefined) errors.active = ACTIVE_COLUMN_MESSAGE;
    if (!errors.username) {
      const first = seen.get(values.username);
      if (taken.has(values.username)) errors.username = USER_MESSAGES.usernameTaken(values.username);
      else if (first !== undefined) errors.username = `The same username is on row ${first}`;
      else seen.set(values.username, row.row);
    }
    v.username = values.username;
    Object.assign(row.errors, errors);
    records.push({ values, roleName: role?.name ?? '', active: active ?? false });
  }
  return { report: importReport(rows, (values) => ({ ...values, password: values.password ? MASK : '' })), records };
}

/**
 * Writes checked users with their password hashes in the caller's transaction: accounts found by
 * name or created, one audit entry per new account and user. Usernames taken since the check
 * refuse the whole import (409). Returns how many users were created.
 */
export async function writeUserImport(
  trx: Transaction<Tables>,
  actor: Actor,
  records: UserImportRecord[],
  hashes: string[],
): Promise<number> {
  const taken = [...(await createAdminUsersRepository(trx).takenUsernames(records.map((r) => r.values.username)))];
  if (taken.length) {
    const more = taken.length > 1 ? ` …and ${taken.length - 1} more.` : '';
    throw conflict(`Nothing was imported. ${USER_MESSAGES.usernameTaken(taken[0])}${more} Check the file again.`);
  }
  const changes: AuditChange[] = [];
  const { byName, created } = await createAccountsRepository(trx).findOrCreate([
    ...new Set(records.map((r) => r.values.accountName)),
  ]);
  for (const account of created) {
    changes.push({
      action: 'import',
      entityType: 'account',
      entityId: account.id,
      before: null,
      after: { name: account.name, active: true },
    });
  }
  const accountOf = (r: UserImportRecord) => byName.get(r.values.accountName.toLowerCase()) ?? null;
  const ids = await createAdminUsersRepository(trx).insertUsers(
    records.map((r, i) => ({
      first_name: r.values.firstName,
      last_name: r.values.lastName,
      username: r.values.username,
      password_hash: hashes[i],
      role_id: r.values.roleId,
      account_id: accountOf(r)?.id ?? null,
      active: r.active,
    })),
  );
  for (const r of records) {
    const account = accountOf(r);
    const view = userAuditView({
      first_name: r.values.firstName,
      last_name: r.values.lastName,
      username: r.values.username,
      role_id: r.values.roleId,
      role_name: r.roleName,
      account_id: account?.id ?? null,
      account_name: account?.name ?? null,
      active: r.active,
    });
    changes.push({ action: 'import', entityType: 'user', entityId: ids.get(r.values.username) ?? '', before: null, after: view });
  }
  await writeAudit(trx, actor, changes);
  return ids.size;
}
