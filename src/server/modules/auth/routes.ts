import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { createAuthRateLimits } from './rate-limits';
import {
  CheckResetTokenQuery,
  ForgotPasswordBody,
  LoginBody,
  NoQuery,
  RefreshBody,
  ResetPasswordBody,
  SessionParams,
  SignupBody,
} from './schemas';

/** Public auth calls of spec section 7, under /api/v1. */
export async function authRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const auth = ctx.services.auth;
  const limits = createAuthRateLimits(app, ctx.config.rateLimits);

  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: { body: LoginBody, querystring: NoQuery }, ...limits.login },
    async (request) => ({ data: await auth.login(request.body.username, request.body.password) }),
  );

  app.post<{ Body: SignupBody }>(
    '/signup',
    { schema: { body: SignupBody, querystring: NoQuery }, ...limits.signup },
    async (request, reply) => reply.code(201).send({ data: await auth.signup(request.body.email, request.body.password) }),
  );

  app.post<{ Body: RefreshBody }>('/refresh-token', { schema: { body: RefreshBody, querystring: NoQuery } }, async (request) => ({
    data: await auth.refresh(request.body.refreshToken),
  }));

  app.delete<{ Params: SessionParams }>(
    '/session/:token',
    { schema: { params: SessionParams, querystring: NoQuery } },
    async (request, reply) => {
      await auth.logout(request.params.token);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: ForgotPasswordBody }>(
    '/forgot-password',
    { schema: { body: ForgotPasswordBody, querystring: NoQuery }, ...limits.forgotPassword },
    async (request, reply) => {
      await auth.forgotPassword(request.body.username);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: CheckResetTokenQuery }>(
    '/check-reset-token',
    { schema: { querystring: CheckResetTokenQuery } },
    async (request) => {
      await auth.checkResetToken(request.query.token);
      return { data: { valid: true } };
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/reset-password',
    { schema: { body: ResetPasswordBody, querystring: NoQuery } },
    async (request, reply) => {
      await auth.resetPassword(request.body.passwordResetToken, request.body.password);
      return reply.code(204).send();
    },
  );
}
