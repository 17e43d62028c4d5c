import { EMAIL_FORMAT, NOT_BLANK } from '../../shared/schemas/formats';
import { MESSAGES as SHARED, isValidEmail } from '../../shared/validation';
import { AppError } from './errors';
import { ERROR_CODES } from '../../shared/api-types';

export function addCustomFormats(ajv: { addFormat(name: string, format: (value: string) => boolean): unknown }): void {
  ajv.addFormat(EMAIL_FORMAT, (value: string) => isValidEmail(value));
}

/** Fields whose label differs from the humanized name. Usernames are email addresses. */
const LABELS: Record<string, string> = {
  username: 'Email',
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  currentPassword: 'Current password',
  passwordResetToken: 'Password reset token',
  firstName: 'First name',
  lastName: 'Last name',
  roleId: 'Role',
};

const EMAIL_FIELDS = new Set(['username', 'email']);
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

function humanize(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function labelFor(field: string): string {
  return LABELS[field] ?? humanize(field);
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** Present because AJV runs with `verbose`. */
  parentSchema?: { properties?: Record<string, unknown> };
  data?: unknown;
}

function messageFor(field: string, error: AjvError): string {
  const label = labelFor(field.split('.').pop() ?? field);
  const { keyword, params } = error;
  const last = field.split('.').pop() ?? field;
  switch (keyword) {
    case 'required':
      return `${label} is required`;
    case 'minLength':
      return Number(params.limit) <= 1 || error.data === ''
        ? `${label} is required`
        : `${label} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${label} must be at most ${String(params.limit)} characters`;
    case 'pattern':
      return params.pattern === NOT_BLANK ? `${label} is required` : `${label} is not in the expected format`;
    case 'format':
      return params.format === EMAIL_FORMAT ? SHARED.invalidEmailFor(label) : `${label} is not a valid ${String(params.format)}`;
    case 'type':
      if (EMAIL_FIELDS.has(last)) return SHARED.invalidEmailAddress;
      if (PASSWORD_FIELDS.has(last)) return SHARED.invalidPasswordType;
      return `${label} must be ${params.type === 'array' || params.type === 'integer' ? 'an' : 'a'} ${String(params.type)}`;
    case 'enum':
      return `${label} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${label} must be ${JSON.stringify(params.allowedValue)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${label} must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minItems':
      return `${label} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${label} must have at most ${String(params.limit)} items`;
    case 'additionalProperties':
      return `${humanize(String(params.additionalProperty))} is not allowed`;
    default:
      return `${label} ${error.message ?? 'is not valid'}`;
  }
}

const ROOT_MESSAGES: Record<string, string> = {
  body: 'The request body must be a JSON object',
  querystring: 'The query string is not valid',
  params: 'The URL is not valid',
  headers: 'The request headers are not valid',
};

/** Turns AJV errors into one 400 VALIDATION_FAILED with a readable message and per-field messages. */
export function schemaErrorFormatter(errors: AjvError[], dataVar: string): Error {
  let fields: Record<string, string> = {};
  let rootMessage: string | undefined;
  let order: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'required' && error.instancePath === '' && error.parentSchema?.properties) {
      order = Object.keys(error.parentSchema.properties);
    }
    const segments = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
    // Items of an array are reported on the array itself.
    const field = segments.filter((s) => !/^\d+$/.test(s)).join('.');
    if (!field) {
      rootMessage ??= ROOT_MESSAGES[dataVar] ?? 'The request is not valid';
      continue;
    }
    fields[field] ??= messageFor(field, error);
  }
  // Report fields in the order the schema lists them, as a form shows them.
  const rank = (field: string) => {
    const index = order.indexOf(field.split('.')[0]);
    return index === -1 ? order.length : index;
  };
  fields = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b)));
  const messages = Object.values(fields);
  const message = rootMessage ?? (messages.length === 1 ? messages[0] : `${messages.join('. ')}.`);
  return new AppError(400, ERROR_CODES.validation, message, Object.keys(fields).length ? fields : undefined);
}
