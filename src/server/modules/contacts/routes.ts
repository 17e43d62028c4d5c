import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { forbidden, unauthorized } from '../../http/errors';
import { CONTACT_MESSAGES } from './messages';
import { createContactsService } from './service';

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * Types and outer bounds only: the fields are checked after trimming by checkContactInput, with
 * the form's own messages. Unknown members are ignored.
 */
const ContactBody = Type.Object({
  name: Text(1000),
  email: Text(1000),
  phone: Text(200),
  notes: Text(10_000),
  propertyIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
const SearchQuery = Type.Object({ q: Text(200) });
const NoQuery = Type.Object({});

/** An Agent's contacts, under /api/v1/auth (docs/investor-api.md). Admins and Investors get 403. */
export async function contactsRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const contacts = createContactsService(ctx.db);

  // onRequest (after the scope's authenticate), so the role is refused before any validation.
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthorized();
    if (request.auth.role !== 'Agent') throw forbidden(CONTACT_MESSAGES.agentsOnly);
  });

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/contacts',
    { schema: { querystring: SearchQuery } },
    async (request) => ({
      data: await contacts.list(request.auth!.userId, request.query.q),
    }),
  );

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/contacts/property-options',
    { schema: { querystring: SearchQuery } },
    async (request) => ({ data: await contacts.propertyOptions(request.query.q) }),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/contacts/:id',
    { schema: { params: IdParams, querystring: NoQuery } },
    async (request) => ({
      data: await contacts.get(request.auth!.userId, request.params.id),
    }),
  );

  app.post<{ Body: Static<typeof ContactBody> }>(
    '/contacts',
    { schema: { body: ContactBody, querystring: NoQuery } },
    async (request, reply) => reply.code(201).send({ data: await contacts.create(request.auth!.userId, request.body) }),
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof ContactBody> }>(
    '/contacts/:id',
    { schema: { params: IdParams, body: ContactBody, querystring: NoQuery } },
    async (request) => ({ data: await contacts.update(request.auth!.userId, request.params.id, request.body) }),
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/contacts/:id',
    { schema: { params: IdParams, querystring: NoQuery } },
    async (request, reply) => {
      await contacts.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
