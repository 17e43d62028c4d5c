import type { TSchema } from '@sinclair/typebox';
import { AuditPage, AuditQuery } from '../../../shared/schemas/admin';
import { Envelope } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../http/route-context';
import { requireRole } from '../auth';
import { listAudit } from '../audit';
import { marketAssumptionsRoutes } from './market-assumptions';
import type { AdminSection, ImportingSection } from './section';
import { registerImport, registerSection } from './section-routes';
import { usersRoutes, type UsersRouteOptions } from './users-routes';

export interface AdminRouteOptions extends UsersRouteOptions {
  /** The four catalogues; the users section is `users`. */
  catalogs: Array<ImportingSection<TSchema, unknown>>;
}

/** Admin settings under /api/v1/admin: every route needs a signed-in Admin (401, then 403). */
export const adminRoutes: RoutePlugin<AdminRouteOptions> = async (app, { ctx, users, userImports, catalogs }) => {
  // onRequest: a caller without the right gets 401/403 before any validation of what they sent.
  app.addHook('onRequest', ctx.authenticate);
  app.addHook('onRequest', requireRole('Admin'));
  // A users import still hashing when the server stops is failed, nothing written.
  app.addHook('onClose', () => userImports.close());

  const sections: Array<AdminSection<TSchema, unknown>> = [users, ...catalogs];
  for (const section of sections) registerSection(app, section);
  for (const catalog of catalogs) registerImport(app, catalog);
  await app.register(usersRoutes, { ctx, users, userImports });

  app.get('/audit-log', { schema: { querystring: AuditQuery, response: { 200: Envelope(AuditPage) } } }, async (request) => ({
    data: await listAudit(ctx.db, request.query),
  }));

  await app.register(marketAssumptionsRoutes, { ctx });
};
