import { normalizeRole } from '../../../shared/roles';
import type { UserForm } from '../../../shared/schemas/admin';
import { validateUserForm, type AccountType } from '../../../shared/validation';
import { badRequest, throwIfInvalid } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { UserRecord } from '../users';
import type { AuditView } from '../audit';
import { accountExistsMessage } from './catalog-definitions';

/** The users' rules that need no database: messages, form values, the checks of a form and the audit view. */

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

/** A user form's values, trimmed; the username lower-cased. */
export interface UserValues {
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

const str = (value: string | undefined): string => (value ?? '').trim();

/** Without `accountType`, an empty accountId with a name means a new account. */
export function normalizeUser(body: UserForm): UserValues {
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
    password: body.password ?? '',
    roleId: str(body.roleId).toLowerCase(),
    active: body.active,
    accountType,
    accountId: accountId.toLowerCase(),
    accountName,
  };
}

/** What the audit log keeps of a user: never the password or its hash. */
export function userAuditView(
  record: Omit<UserRecord, 'id' | 'last_login' | 'experience' | 'target_cash_on_cash_percent' | 'target_flip_profit_percent'>,
): AuditView {
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

/** The form rules, then well-formed role and account ids (400 with the form's messages). */
export function checkUserForm(values: UserValues, mode: 'create' | 'edit'): void {
  throwIfInvalid(validateUserForm(values, mode));
  if (!isUuid(values.roleId)) throw badRequest(USER_MESSAGES.roleNotFound, { roleId: USER_MESSAGES.roleNotFound });
  if (values.accountType === 'existing' && !isUuid(values.accountId)) {
    throw badRequest(USER_MESSAGES.accountNotFound, { accountId: USER_MESSAGES.accountNotFound });
  }
}
