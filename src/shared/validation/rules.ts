import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages';

/** Field name → message. Empty means valid. */
export type FieldErrors = Record<string, string>;

/** A basic address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * Email check: required, then a basic address pattern.
 * With a field label the messages are '{field} is required' / '{field} is not a valid email';
 * without one, 'Email is required' / 'Email is not a valid email'.
 */
export function checkEmail(value: unknown, field?: string): string | undefined {
  if (isBlank(value)) return field ? MESSAGES.fieldRequired(field) : MESSAGES.emailRequired;
  if (typeof value !== 'string') return MESSAGES.invalidEmailAddress;
  if (!isValidEmail(value)) return MESSAGES.invalidEmailFor(field ?? 'Email');
  return undefined;
}

/** Length policy applied when a password is chosen (signup, reset, change). */
export function checkPasswordPolicy(value: string): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}

function collect(entries: Array<[string, string | undefined]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of entries) if (message) errors[field] = message;
  return errors;
}

export function validateLogin(values: { email?: unknown; password?: unknown }): FieldErrors {
  return collect([
    ['email', isBlank(values.email) ? MESSAGES.emailRequired : undefined],
    ['password', isBlank(values.password) ? MESSAGES.passwordRequired : undefined],
  ]);
}

export function validateSignup(values: { email?: unknown; password?: unknown }): FieldErrors {
  const required = validateLogin(values);
  return collect([
    ['email', required.email ?? checkEmail(values.email)],
    [
      'password',
      required.password ??
        (typeof values.password === 'string' ? checkPasswordPolicy(values.password) : MESSAGES.invalidPasswordType),
    ],
  ]);
}

/** Forgot password: a non-string gives 'Invalid email address'. */
export function validateForgotPassword(values: { email?: unknown }): FieldErrors {
  if (values.email !== undefined && values.email !== null && typeof values.email !== 'string') {
    return { email: MESSAGES.invalidEmailAddress };
  }
  return collect([['email', checkEmail(values.email)]]);
}

export function validateResetPassword(values: { password?: unknown; confirmPassword?: unknown }): FieldErrors {
  const { password, confirmPassword } = values;
  if (
    (!isBlank(password) && typeof password !== 'string') ||
    (!isBlank(confirmPassword) && typeof confirmPassword !== 'string')
  ) {
    return { password: MESSAGES.invalidPasswordType };
  }
  const errors = collect([
    ['password', isBlank(password) ? MESSAGES.resetPasswordRequired : checkPasswordPolicy(password as string)],
    ['confirmPassword', isBlank(confirmPassword) ? MESSAGES.confirmPasswordRequired : undefined],
  ]);
  if (Object.keys(errors).length === 0 && password !== confirmPassword) {
    return { password: MESSAGES.passwordsDoNotMatch, confirmPassword: MESSAGES.passwordsDoNotMatch };
  }
  return errors;
}

export function validateUserDetails(values: { firstName?: unknown; lastName?: unknown; email?: unknown }): FieldErrors {
  return collect([
    ['firstName', isBlank(values.firstName) ? MESSAGES.fieldRequired('First name') : undefined],
    ['lastName', isBlank(values.lastName) ? MESSAGES.fieldRequired('Last name') : undefined],
    ['email', checkEmail(values.email, 'Username/email')],
  ]);
}

export function validateChangePassword(values: { currentPassword?: unknown; newPassword?: unknown }): FieldErrors {
  return collect([
    ['currentPassword', isBlank(values.currentPassword) ? MESSAGES.fieldRequired('Current password') : undefined],
    [
      'newPassword',
      isBlank(values.newPassword)
        ? MESSAGES.fieldRequired('New password')
        : typeof values.newPassword === 'string'
          ? checkPasswordPolicy(values.newPassword)
          : MESSAGES.invalidPasswordType,
    ],
  ]);
}
