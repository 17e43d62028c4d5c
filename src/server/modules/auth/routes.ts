import { Envelope, ErrorBody, NoContent, NoQuery } from '../../../shared/schemas/common';
import {
  CheckResetTokenAnswer,
  CheckResetTokenQuery,
  ForgotPasswordRequest,
  LoginRequest,
  RefreshRequest,
  ResetPasswordRequest,
  SessionParams,
  SignupRequest,
} from '../../../shared/schemas/auth';
import { SessionResponse } from '../../../shared/schemas/session';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { AuthService } from './service';
import { createAuthRateLimits } from './rate-limits';

const Session = Envelope(SessionResponse);

/** Public auth calls under /api/v1: sign-in, sign-up, refresh, sign-out and the password reset. */
export const authRoutes: RoutePlugin<RouteOptions & { auth: AuthService }> = async (app, { ctx, auth }) => {
  const limits = createAuthRateLimits(app, ctx.config.rateLimits);

  app.post(
    '/login',
    {
      schema: { body: LoginRequest, querystring: NoQuery, response: { 200: Session, 401: ErrorBody, 429: ErrorBody } },
      ...limits.login,
    },
    async (request) => ({ data: await auth.login(request.body.username, request.body.password) }),
  );

  app.post(
    '/signup',
    {
      schema: { body: SignupRequest, querystring: NoQuery, response: { 201: Session, 409: ErrorBody, 429: ErrorBody } },
      ...limits.signup,
    },
    async (request, reply) => reply.code(201).send({ data: await auth.signup(request.body.email, request.body.password) }),
  );

  app.post(
    '/refresh-token',
    { schema: { body: RefreshRequest, querystring: NoQuery, response: { 200: Session, 401: ErrorBody } } },
    async (request) => ({ data: await auth.refresh(request.body.refreshToken) }),
  );

  app.delete(
    '/session/:token',
    { schema: { params: SessionParams, querystring: NoQuery, response: { 204: NoContent } } },
    async (request, reply) => {
      await auth.logout(request.params.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: { body: ForgotPasswordRequest, querystring: NoQuery, response: { 204: NoContent, 429: ErrorBody } },
      ...limits.forgotPassword,
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.username);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/check-reset-token',
    { schema: { querystring: CheckResetTokenQuery, response: { 200: Envelope(CheckResetTokenAnswer), 408: ErrorBody } } },
    async (request) => {
      await auth.checkResetToken(request.query.token);
      return { data: { valid: true as const } };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: ResetPasswordRequest, querystring: NoQuery, response: { 204: NoContent, 408: ErrorBody } } },
    async (request, reply) => {
      await auth.resetPassword(request.body.passwordResetToken, request.body.password);
      return reply.code(204).send(null);
    },
  );
};
