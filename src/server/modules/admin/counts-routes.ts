import { Count } from '../../../shared/schemas/admin';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../http/route-context';
import { requireRole } from '../auth';
import { createMarketsRepository } from '../catalog';
import { createUsersRepository } from '../users';

/** Dashboard figures for Admins (a count each: nothing to decide, so no service), under /api/v1/auth (the scope authenticates first): every user, every market. */
export const countsRoutes: RoutePlugin = async (app, { ctx }) => {
  const adminOnly = {
    preHandler: requireRole('Admin'),
    schema: { querystring: NoQuery, response: { 200: Envelope(Count), 403: ErrorBody } },
  };
  app.get('/userCount', adminOnly, async () => ({ data: await createUsersRepository(ctx.db).count() }));
  app.get('/marketCount', adminOnly, async () => ({ data: await createMarketsRepository(ctx.db).count() }));
};
