import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = /([?&](?:token|refreshToken|refresh_token|passwordResetToken|access_token|password)=)[^&#]*/gi;
const SECRET_PATHS = [
  /^(\/api\/v1\/session\/)[^/?#]+/,
  /^(\/passwordReset\/)[^/?#]+/,
  // A shared report's token opens it: kept out of the logs like the others.
  /^(\/api\/v1\/shared-reports\/)[^/?#]+/,
  /^(\/shared\/)[^/?#]+/,
];

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

/**
 * Fastify's own per-request lines at debug instead of info, so the default log (info) holds the
 * start-up lines and one line per error; LOG_LEVEL=debug shows every request.
 */
export class QuietRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}

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
