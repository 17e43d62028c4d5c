import { Envelope, NoQuery } from '../../../shared/schemas/common';
import { User } from '../../../shared/schemas/session';
import type { RoutePlugin } from '../../context';
import { unauthorized } from '../../http/errors';

/** Authenticated user calls, under /api/v1/auth (the scope runs `authenticate` first). */
export const usersRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/getUser', { schema: { querystring: NoQuery, response: { 200: Envelope(User) } } }, async (request) => {
    const user = await ctx.services.users.getUser(request.auth!.userId);
    if (!user) throw unauthorized();
    return { data: user };
  });
};
