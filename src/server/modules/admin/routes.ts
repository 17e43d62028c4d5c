import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../../context';
import { requireRole } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { listAudit, type AuditQuery as AuditQueryType } from './audit';
import { isPaged, isUuid, type Actor, type ListQuery } from './common';
import { IMPORT_MAX_BYTES, type AdminSection, type BulkRequest } from './section';
import { AuditQuery, BODY_BY_THING, BulkBody, ExportQuery, IdParams, ImportBody, NoQuery, listQuery } from './schemas';
import type { UsersSection } from './users';
import { marketAssumptionsRoutes } from './market-assumptions';

export interface AdminRouteOptions extends RouteOptions {
  users: UsersSection;
  sections: AdminSection[];
}

type Body = Record<string, unknown>;
type Id = { id: string };

const actorOf = (request: FastifyRequest): Actor => ({ id: request.auth!.userId });

/** An import body carries the file as a JSON string: room for 5 MB of CSV even when escaping doubles it. */
const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 64 * 1024;

function registerSection(app: FastifyInstance, section: AdminSection): void {
  const { section: list, thing } = section;
  const body = BODY_BY_THING[thing];

  app.get<{ Querystring: ListQuery }>(
    `/${list}`,
    { schema: { querystring: listQuery(section.sortFields) } },
    async (request) => ({
      data: await section.list(isPaged(request.query) ? request.query : null),
    }),
  );

  app.get<{ Querystring: { q?: string } }>(
    `/${list}/export.csv`,
    { schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const csv = await section.exportCsv(request.query.q);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${list}-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post<{ Body: BulkRequest }>(`/${list}/bulk`, { schema: { body: BulkBody, querystring: NoQuery } }, async (request) => ({
    data: await section.bulk(actorOf(request), request.body),
  }));

  app.post<{ Body: { csv: string; dryRun?: boolean } }>(
    `/${list}/import`,
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ImportBody, querystring: NoQuery } },
    async (request) => ({ data: await section.importCsv(actorOf(request), request.body.csv, request.body.dryRun === true) }),
  );

  app.post<{ Body: Body }>(`/${thing}`, { schema: { body, querystring: NoQuery } }, async (request, reply) =>
    reply.code(201).send({ data: await section.create(actorOf(request), request.body) }),
  );

  app.get<{ Params: Id }>(`/${thing}/:id`, { schema: { params: IdParams, querystring: NoQuery } }, async (request) => ({
    data: await section.get(request.params.id),
  }));

  app.put<{ Params: Id; Body: Body }>(
    `/${thing}/:id`,
    { schema: { params: IdParams, body, querystring: NoQuery } },
    async (request) => ({
      data: await section.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete<{ Params: Id }>(`/${thing}/:id`, { schema: { params: IdParams, querystring: NoQuery } }, async (request, reply) => {
    await section.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
}

/** Admin settings under /api/v1/admin: every route needs a signed-in Admin (401, then 403). */
export async function adminRoutes(app: FastifyInstance, { ctx, users, sections }: AdminRouteOptions): Promise<void> {
  // onRequest: a caller without the right gets 401/403 before any validation of what they sent.
  app.addHook('onRequest', ctx.authenticate);
  app.addHook('onRequest', requireRole('Admin'));

  for (const section of sections) registerSection(app, section);

  app.get('/addUser', { schema: { querystring: NoQuery } }, async () => ({ data: await users.formData() }));

  app.get<{ Params: Id }>('/editUser/:id', { schema: { params: IdParams, querystring: NoQuery } }, async (request) => ({
    data: await users.editData(request.params.id),
  }));

  app.get<{ Querystring: AuditQueryType }>('/audit-log', { schema: { querystring: AuditQuery } }, async (request) => {
    const query = request.query;
    for (const key of ['entityId', 'actorId'] as const) {
      const value = query[key];
      if (value !== undefined && value !== '' && !isUuid(value))
        throw badRequest(`${key} is not a valid ID`, { [key]: 'Not a valid ID' });
      if (value === '') delete query[key];
    }
    return { data: await listAudit(ctx.db, query) };
  });

  await app.register(marketAssumptionsRoutes, { ctx });
}
