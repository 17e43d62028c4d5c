import { Envelope, NoQuery } from '../../../shared/schemas/common';
import { User } from '../../../shared/schemas/session';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { UsersService } from './service';
import { unauthorized } from '../../http/errors';

/** Authenticated user calls, under /api/v1/auth (the scope runs `authenticate` first). */
export const usersRoutes: RoutePlugin<RouteOptions & { users: UsersService }> = async (app, { users }) => {
  app.get('/getUser', { schema: { querystring: NoQuery, response: { 200: Envelope(User) } } }, async (request) => {
    const user = await users.getUser(request.auth!.userId);
    if (!user) throw unauthorized();
    return { data: user };
  });
};
