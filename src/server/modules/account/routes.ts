import { ChangePasswordAnswer, ChangePasswordRequest, UserDetails, UserDetailsRequest } from '../../../shared/schemas/account';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import { MINUTE, limiter } from '../auth';
import { createAccountRepository } from './repository';
import { ACCOUNT_MESSAGES, createAccountService } from './service';

/** GET/PATCH /userDetails and POST /changePassword, under /api/v1/auth (docs/investor-api.md). */
export const accountRoutes: RoutePlugin<RouteOptions & { hashPassword: (password: string) => Promise<string> }> = async (
  app,
  { ctx, hashPassword },
) => {
  const account = createAccountService(createAccountRepository(ctx.db), { hashPassword });
  // A wrong current password answers 400, so the call must not become a way to guess it faster than
  // signing in: it shares the per-account login limit, counted per user.
  const changePasswordLimit = limiter(
    app,
    'change-password-user',
    ctx.config.rateLimits.loginPerMinute,
    MINUTE,
    (request) => request.auth!.userId,
  );

  app.get('/userDetails', { schema: { querystring: NoQuery, response: { 200: Envelope(UserDetails) } } }, async (request) => ({
    data: await account.getDetails(request.auth!.userId),
  }));

  app.patch(
    '/userDetails',
    { schema: { body: UserDetailsRequest, querystring: NoQuery, response: { 200: Envelope(UserDetails), 409: ErrorBody } } },
    async (request) => ({ data: await account.updateDetails(request.auth!.userId, request.body) }),
  );

  app.post(
    '/changePassword',
    {
      schema: {
        body: ChangePasswordRequest,
        querystring: NoQuery,
        response: { 200: Envelope(ChangePasswordAnswer), 429: ErrorBody },
      },
      preHandler: changePasswordLimit,
    },
    async (request) => {
      await account.changePassword(request.auth!.userId, request.auth!.sessionId, request.body);
      return { data: { message: ACCOUNT_MESSAGES.passwordChanged } };
    },
  );
};
