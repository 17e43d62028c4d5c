import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { unauthorized } from '../../http/errors';

/** Authenticated user calls, under /api/v1/auth (the scope runs `authenticate` first). */
export async function usersRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get('/getUser', { schema: { querystring: Type.Object({}) } }, async (request) => {
    const user = await ctx.services.users.getUser(request.auth!.userId);
    if (!user) throw unauthorized();
    return { data: user };
  });
}
