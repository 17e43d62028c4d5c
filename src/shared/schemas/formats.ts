/** Names and patterns the request schemas share with the server's validator (src/server/http/validation.ts). */

/** A custom AJV format: the shared basic address pattern (isValidEmail in src/shared/validation). */
export const EMAIL_FORMAT = 'dealmap-email';

/** A pattern for "contains something other than spaces". */
export const NOT_BLANK = '\\S';
