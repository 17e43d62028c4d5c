/**
 * The wire types both sides use, by name. Each is defined once, as a TypeBox schema in
 * src/shared/schemas; this module re-exports their types only, so importing it costs the client
 * nothing at run time.
 */
export type { ErrorBody as ApiErrorBody } from './schemas/common';
export type { Role, RoleName, SessionResponse, User, UserProfile } from './schemas/session';
export type { Account, Interest, Market, Strategy } from './schemas/catalog';
export type { Rate } from './schemas/rates';

export interface ApiSuccess<T> {
  data: T;
}

/** Error codes the server uses; the client may branch on them. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** A shared link revoked or expired (410): the message says which. */
  gone: 'GONE',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  rateLimited: 'RATE_LIMITED',
  busy: 'SERVER_BUSY',
  internal: 'INTERNAL',
} as const;
