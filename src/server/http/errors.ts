import { ERROR_CODES } from '../../shared/api-types';

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An error the client may see: status, code and message go out as the error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More members of the error object, e.g. the `report` of a refused import. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  inactiveAccount: 'This account is inactive. Contact your administrator.',
  duplicateEmail: 'An account with this email already exists. Sign in or reset your password.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInRequired: 'Sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  resetTokenExpired: 'Password reset token has expired',
  resetTokenInvalid: 'This password reset link is not valid. Request a new one.',
  invalidJson: 'The request body is not valid JSON',
  internal: 'Something went wrong on our side. Please try again later.',
  notFound: 'Not found',
} as const;

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, fields);
export const unauthorized = (message: string = MESSAGES.signInRequired) => new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, ERROR_CODES.notFound, message);
export const gone = (message: string) => new AppError(410, ERROR_CODES.gone, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, ERROR_CODES.conflict, message, fields);

/** An import file with errors, nothing written: 400 with the message on `csv` too, and the `report` of what was read. */
export const importRefused = (message: string, report: unknown) =>
  new AppError(400, ERROR_CODES.validation, message, { csv: message }, { report });

/** "Too many attempts. Please wait 3 minutes and try again." (whole minutes, rounded up). */
export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** 400 VALIDATION_FAILED with the field messages, worded like the schema errors. */
export function validationFailed(fields: Record<string, string>): AppError {
  const messages = Object.values(fields);
  return badRequest(messages.length === 1 ? messages[0] : `${messages.join('. ')}.`, fields);
}

export function throwIfInvalid(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}
