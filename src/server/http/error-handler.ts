import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ApiErrorBody } from '../../shared/api-types';
import { AppError, MESSAGES, type ErrorCode } from './errors';
import { ServerBusyError } from './busy';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.busy,
};

/** Fastify's own 4xx messages that are fine to show; anything else gets a generic wording. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  const body: ApiErrorBody = { error: { ...extra, code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ServerBusyError) {
    request.log.warn({ url: request.url }, error.message);
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (error instanceof AppError) {
    return sendError(reply, error.statusCode, error.code, error.message, error.fields, error.extra);
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? ERROR_CODES.validation;
    const fastifyCode = (error as FastifyError).code;
    const message =
      (fastifyCode && FASTIFY_MESSAGES[fastifyCode]) ?? (status === 404 ? MESSAGES.notFound : 'The request is not valid');
    request.log.debug({ code: fastifyCode, status }, 'request rejected');
    return sendError(reply, status, code, message);
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, 500, ERROR_CODES.internal, MESSAGES.internal);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** Router-level failures (a malformed URL, a parameter that is far too long) get the envelope too. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.debug({ code: error.code }, 'request rejected by the router');
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void sendError(reply, status, ERROR_CODES.validation, status === 414 ? 'The URL is too long' : 'The URL is not valid');
}
