import { sql } from 'kysely';
import { Count } from '../../../shared/schemas/admin';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../context';
import { requireRole } from '../auth';

/** Dashboard figures for Admins, under /api/v1/auth (the scope authenticates first): every user, every market. */
export const countsRoutes: RoutePlugin = async (app, { ctx }) => {
  const adminOnly = {
    preHandler: requireRole('Admin'),
    schema: { querystring: NoQuery, response: { 200: Envelope(Count), 403: ErrorBody } },
  };
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
};
