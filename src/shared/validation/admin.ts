import { isUsStateCode } from '../us-states';
import { MESSAGES } from './messages';
import { checkEmail, checkPasswordPolicy, isBlank, type FieldErrors } from './rules';

/**
 * Admin form rules. Values are trimmed first; the same functions run in the
 * browser before submit and on the server behind every admin route.
 */

export type AccountType = 'new' | 'existing';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  username: string;
  password?: string;
  /** Unset until a role is chosen. */
  roleId?: string;
  active: boolean;
  accountType: AccountType;
  /** Unset until an existing account is chosen. */
  accountId?: string;
  accountName: string;
}

export interface MarketFormValues {
  city: string;
  state: string;
  description: string;
  active: boolean;
}

export interface NamedItemFormValues {
  name: string;
  description: string;
  active: boolean;
}

export interface AccountFormValues {
  name: string;
  active: boolean;
}

/** Trims every string value of a form, leaving other values as they are. */
export function trimValues<T extends object>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = typeof value === 'string' ? value.trim() : value;
  return out as T;
}

const required = (value: unknown, label: string): string | undefined =>
  isBlank(value) ? MESSAGES.fieldRequired(label) : undefined;

function collect(entries: Array<[string, string | undefined]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of entries) if (message) errors[field] = message;
  return errors;
}

/** The dedicated username rule: the username is the user's e-mail address. */
export const checkUsername = (value: unknown): string | undefined => checkEmail(value, 'Username/email');

export function validateUserForm(raw: Partial<UserFormValues>, mode: 'create' | 'edit'): FieldErrors {
  const v = trimValues(raw);
  const isNew = v.accountType === 'new';
  return collect([
    ['firstName', required(v.firstName, 'First name')],
    ['lastName', required(v.lastName, 'Last name')],
    ['username', checkUsername(v.username)],
    [
      'password',
      mode === 'create'
        ? (required(v.password, 'Password') ?? checkPasswordPolicy(String(v.password)))
        : !isBlank(v.password)
          ? checkPasswordPolicy(String(v.password))
          : undefined,
    ],
    ['roleId', required(v.roleId, 'Role')],
    ['accountName', isNew ? required(v.accountName, 'New account name') : undefined],
    ['accountId', isNew ? undefined : required(v.accountId, 'Account')],
  ]);
}

export function validateMarketForm(raw: Partial<MarketFormValues>): FieldErrors {
  const v = trimValues(raw);
  return collect([
    ['city', required(v.city, 'City')],
    [
      'state',
      required(v.state, 'State') ?? (isUsStateCode(String(v.state)) ? undefined : 'State must be a US state or territory code'),
    ],
  ]);
}

export function validateNamedItemForm(raw: Partial<NamedItemFormValues>): FieldErrors {
  const v = trimValues(raw);
  return collect([
    ['name', required(v.name, 'Name')],
    ['description', required(v.description, 'Description')],
  ]);
}

export function validateAccountForm(raw: Partial<AccountFormValues>): FieldErrors {
  const v = trimValues(raw);
  return collect([['name', required(v.name, 'Name')]]);
}

/** 'Invalid {thing} ID provided' for a delete without an id. */
export const invalidIdMessage = (thing: string): string => `Invalid ${thing} ID provided`;

export interface RateFormValues {
  product: string;
  /** Percent, e.g. 6.26; unset until typed. */
  rate?: number | null;
  /** The survey week, YYYY-MM-DD; unset until chosen. */
  asOf?: string | null;
  source?: string;
}

export const RATE_MAX_PERCENT = 30;

/** The Rates form: a product, a rate above 0 and at most 30 %, a survey day that is not after `today` (YYYY-MM-DD). */
export function validateRateForm(raw: Partial<RateFormValues>, today: string): FieldErrors {
  const v = trimValues(raw);
  const rate = v.rate;
  const rateMessage =
    rate === undefined || rate === null || (rate as unknown) === ''
      ? MESSAGES.fieldRequired('Rate')
      : typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > RATE_MAX_PERCENT
        ? `Rate must be a percentage above 0 and at most ${RATE_MAX_PERCENT}`
        : undefined;
  const asOfMessage = isBlank(v.asOf)
    ? MESSAGES.fieldRequired('As of')
    : !/^\d{4}-\d{2}-\d{2}$/.test(String(v.asOf))
      ? 'As of must be a date (YYYY-MM-DD)'
      : String(v.asOf) > today
        ? 'As of cannot be in the future'
        : undefined;
  return collect([
    ['product', required(v.product, 'Product')],
    ['rate', rateMessage],
    ['asOf', asOfMessage],
  ]);
}
