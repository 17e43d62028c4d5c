import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { MINUTE, limiter } from '../auth/rate-limits';
import { createAccountRepository } from './repository';
import { ACCOUNT_MESSAGES, createAccountService } from './service';

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * Types and lengths only; required fields and formats are checked by the shared rules after
 * trimming, so the messages are the account form's own. Unknown members are ignored.
 */
const DetailsBody = Type.Object({ firstName: Text(100), lastName: Text(100), email: Text(254) });
const ChangePasswordBody = Type.Object({ currentPassword: Text(1024), newPassword: Text(1024) });
const NoQuery = Type.Object({});

/** GET/PATCH /userDetails and POST /changePassword, under /api/v1/auth (docs/investor-api.md). */
export async function accountRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const account = createAccountService(createAccountRepository(ctx.db), { hashPassword: ctx.services.auth.hashPassword });
  // A wrong current password answers 400, so the call must not become a way to guess it faster than
  // signing in: it shares the per-account login limit, counted per user.
  const changePasswordLimit = limiter(
    app,
    'change-password-user',
    ctx.config.rateLimits.loginPerMinute,
    MINUTE,
    (request) => request.auth!.userId,
  );

  app.get('/userDetails', { schema: { querystring: NoQuery } }, async (request) => ({
    data: await account.getDetails(request.auth!.userId),
  }));

  app.patch<{ Body: Static<typeof DetailsBody> }>(
    '/userDetails',
    { schema: { body: DetailsBody, querystring: NoQuery } },
    async (request) => ({
      data: await account.updateDetails(request.auth!.userId, request.body),
    }),
  );

  app.post<{ Body: Static<typeof ChangePasswordBody> }>(
    '/changePassword',
    { schema: { body: ChangePasswordBody, querystring: NoQuery }, preHandler: changePasswordLimit },
    async (request) => {
      await account.changePassword(request.auth!.userId, request.auth!.sessionId, request.body);
      return { data: { message: ACCOUNT_MESSAGES.passwordChanged } };
    },
  );
}
