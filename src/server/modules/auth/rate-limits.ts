import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../lib/app-config';
import { AppError, rateLimitMessage } from '../../http/errors';
import { ERROR_CODES } from '../../../shared/api-types';
import type { PreHandler } from '../../http/route-context';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function accountKey(field: string) {
  return (request: FastifyRequest): string => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : `ip:${request.ip}`;
  };
}

export function limiter(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
  key: (request: FastifyRequest) => string,
): PreHandler {
  // createRateLimit rather than rateLimit(): the latter runs only once per request, and a route
  // here has two limiters (per address and per account).
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(429, ERROR_CODES.rateLimited, rateLimitMessage(result.ttl));
  };
}

/**
 * Each limited route gets a per-address limiter (onRequest) and, where the body names an
 * account, a per-account limiter (preHandler, once the body is parsed and valid).
 */
export function createAuthRateLimits(app: FastifyInstance, limits: RateLimits) {
  const byAddress = (request: FastifyRequest) => request.ip;
  return {
    login: {
      onRequest: limiter(app, 'login-ip', limits.loginPerMinutePerAddress, MINUTE, byAddress),
      preHandler: limiter(app, 'login-account', limits.loginPerMinute, MINUTE, accountKey('username')),
    },
    signup: {
      onRequest: limiter(app, 'signup-ip', limits.signupPerHour, HOUR, byAddress),
    },
    forgotPassword: {
      onRequest: limiter(app, 'forgot-ip', limits.forgotPasswordPerHourPerAddress, HOUR, byAddress),
      preHandler: limiter(app, 'forgot-account', limits.forgotPasswordPerHour, HOUR, accountKey('username')),
    },
  };
}
