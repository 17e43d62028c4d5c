import { Type } from '@sinclair/typebox';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import { Contact, ContactInput, ContactProperty, ContactsQuery } from '../../../shared/schemas/contacts';
import type { RoutePlugin } from '../../http/route-context';
import { forbidden, unauthorized } from '../../http/errors';
import { CONTACT_MESSAGES } from './messages';
import { createContactsService } from './service';

const One = Envelope(Contact);

/** An Agent's contacts, under /api/v1/auth (docs/investor-api.md). Admins and Investors get 403. */
export const contactsRoutes: RoutePlugin = async (app, { ctx }) => {
  const contacts = createContactsService(ctx.db);

  // onRequest (after the scope's authenticate), so the role is refused before any validation.
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthorized();
    if (request.auth.role !== 'Agent') throw forbidden(CONTACT_MESSAGES.agentsOnly);
  });

  app.get(
    '/contacts',
    { schema: { querystring: ContactsQuery, response: { 200: Envelope(Type.Array(Contact)), 403: ErrorBody } } },
    async (request) => ({ data: await contacts.list(request.auth!.userId, request.query.q) }),
  );

  app.get(
    '/contacts/property-options',
    { schema: { querystring: ContactsQuery, response: { 200: Envelope(Type.Array(ContactProperty)), 403: ErrorBody } } },
    async (request) => ({ data: await contacts.propertyOptions(request.query.q) }),
  );

  app.get(
    '/contacts/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 403: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await contacts.get(request.auth!.userId, request.params.id) }),
  );

  app.post(
    '/contacts',
    { schema: { body: ContactInput, querystring: NoQuery, response: { 201: One, 403: ErrorBody, 409: ErrorBody } } },
    async (request, reply) => reply.code(201).send({ data: await contacts.create(request.auth!.userId, request.body) }),
  );

  app.put(
    '/contacts/:id',
    {
      schema: {
        params: IdParams,
        body: ContactInput,
        querystring: NoQuery,
        response: { 200: One, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await contacts.update(request.auth!.userId, request.params.id, request.body) }),
  );

  app.delete(
    '/contacts/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 403: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      await contacts.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
