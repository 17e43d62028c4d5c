import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { requireRole } from '../../http/auth-guard';
import { NoQuery } from './schemas';

/** Dashboard figures for Admins, under /api/v1/auth (the scope authenticates first): every user, every market. */
export async function countsRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const adminOnly = { preHandler: requireRole('Admin'), schema: { querystring: NoQuery } };
  const count = async (table: 'users' | 'markets') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  app.get('/userCount', adminOnly, async () => ({ data: await count('users') }));
  app.get('/marketCount', adminOnly, async () => ({ data: await count('markets') }));
}
