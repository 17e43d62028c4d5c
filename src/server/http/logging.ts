import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = /([?&](?:token|refreshToken|refresh_token|passwordResetToken|access_token|password)=)[^&#]*/gi;
const SECRET_PATHS = [/^(\/api\/v1\/session\/)[^/?#]+/, /^(\/passwordReset\/)[^/?#]+/];

/** Masks tokens in a request URL: `/api/v1/session/<token>` and `?token=...` become `[redacted]`. */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  for (const pattern of SECRET_PATHS) pathPart = pathPart.replace(pattern, '$1[redacted]');
  return pathPart + query.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}

const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'refreshToken', 'passwordResetToken'];

/** Paths pino removes from every log line: credentials in headers and in bodies, at any of the first levels. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `req.body.${field}`]),
];

export interface LoggerSettings {
  level?: string;
  /** Where log lines go (tests capture them); default stdout. */
  stream?: NodeJS.WritableStream;
}

/** debug and trace: the levels that log every request. */
export const isVerboseLevel = (level: string): boolean => level === 'debug' || level === 'trace';

export function buildLoggerOptions(settings: LoggerSettings) {
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
