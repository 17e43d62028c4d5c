import { Type } from '@sinclair/typebox';
import { NewSavedSearch, SavedSearch, SavedSearchChanges } from '../../../../shared/schemas/alerts';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../../shared/schemas/common';
import type { RoutePlugin } from '../../../http/route-context';
import { createSavedSearchesService } from './saved-searches-service';

const One = Envelope(SavedSearch);

/** The caller's own saved searches, under /api/v1/auth (docs/investor-api.md, "Saved searches"). */
export const savedSearchesRoutes: RoutePlugin = async (app, { ctx }) => {
  const searches = createSavedSearchesService(ctx.db);

  app.get(
    '/saved-searches',
    { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(SavedSearch)) } } },
    async (request) => ({ data: await searches.list(request.auth!.userId) }),
  );

  app.post(
    '/saved-searches',
    { schema: { body: NewSavedSearch, querystring: NoQuery, response: { 201: One, 409: ErrorBody } } },
    async (request, reply) => reply.code(201).send({ data: await searches.create(request.auth!.userId, request.body) }),
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        params: IdParams,
        body: SavedSearchChanges,
        querystring: NoQuery,
        response: { 200: One, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await searches.update(request.auth!.userId, request.params.id, request.body) }),
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody } } },
    async (request, reply) => {
      await searches.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/saved-searches/:id/viewed',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await searches.markViewed(request.auth!.userId, request.params.id) }),
  );
};
