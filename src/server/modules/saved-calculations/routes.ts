import { Type } from '@sinclair/typebox';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import {
  NewSavedCalculation,
  RenameSavedCalculation,
  SavedCalculation,
  type NewSavedCalculation as NewSavedCalculationBody,
} from '../../../shared/schemas/saved-calculations';
import type { RoutePlugin } from '../../http/route-context';
import { createSavedCalculationsService } from './service';

const One = Envelope(SavedCalculation);

/** The caller's own saved calculations, under /api/v1/auth (docs/investor-api.md). */
export const savedCalculationsRoutes: RoutePlugin = async (app, { ctx }) => {
  const saved = createSavedCalculationsService(ctx.db);

  app.get(
    '/saved-calculations/all',
    { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(SavedCalculation)) } } },
    async (request) => ({ data: await saved.list(request.auth!.userId) }),
  );

  app.get(
    '/saved-calculations/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await saved.get(request.auth!.userId, request.params.id) }),
  );

  app.post(
    '/saved-calculations',
    { schema: { body: NewSavedCalculation, querystring: NoQuery, response: { 201: One, 409: ErrorBody } } },
    async (request, reply) => {
      // `whatIf` is checked by the service (whatIfProblems names each wrong input).
      const created = await saved.create(request.auth!.userId, request.body as NewSavedCalculationBody);
      return reply.code(201).send({ data: created });
    },
  );

  app.patch(
    '/saved-calculations/:id',
    {
      schema: {
        params: IdParams,
        body: RenameSavedCalculation,
        querystring: NoQuery,
        response: { 200: One, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await saved.rename(request.auth!.userId, request.params.id, request.body.name) }),
  );

  app.delete(
    '/saved-calculations/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody } } },
    async (request, reply) => {
      await saved.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
