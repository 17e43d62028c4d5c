import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../../shared/api-types';
import { forbidden, unauthorized } from '../../http/errors';
import type { PreHandler } from '../../http/route-context';
import type { AuthContext, AuthService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** preHandler: 401 "Sign in to continue." unless the request carries a live access token of an active user. */
export function createAuthenticate(auth: AuthService): PreHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.auth = await auth.authenticate(token);
  };
}

/** preHandler to use after `authenticate`: 403 unless the user has one of the roles. */
export function requireRole(...roles: RoleName[]): PreHandler {
  return async (request) => {
    if (!request.auth) throw unauthorized();
    if (!roles.includes(request.auth.role)) throw forbidden();
  };
}
