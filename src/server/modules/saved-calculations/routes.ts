import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { NewSavedCalculation } from '../../../shared/investor-types';
import type { RouteOptions } from '../../context';
import { STRATEGY_KEYS, createSavedCalculationsService } from './service';

/** Names are checked after trimming (1–120); the schema only bounds the raw text. */
const Name = Type.String({ maxLength: 1000 });
const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
const NoQuery = Type.Object({});

const CreateBody = Type.Object(
  {
    name: Name,
    propertyId: Type.String({ maxLength: 200 }),
    strategy: Type.Unsafe<NewSavedCalculation['strategy']>({ type: 'string', enum: [...STRATEGY_KEYS] }),
    // Checked by whatIfProblems, which names every wrong input with its label.
    whatIf: Type.Unknown(),
  },
  { additionalProperties: false },
);
const RenameBody = Type.Object({ name: Name }, { additionalProperties: false });

/** The caller's own saved calculations, under /api/v1/auth (docs/investor-api.md). */
export async function savedCalculationsRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const saved = createSavedCalculationsService(ctx.db);

  app.get('/saved-calculations/all', { schema: { querystring: NoQuery } }, async (request) => ({
    data: await saved.list(request.auth!.userId),
  }));

  app.get<{ Params: Static<typeof IdParams> }>(
    '/saved-calculations/:id',
    { schema: { params: IdParams, querystring: NoQuery } },
    async (request) => ({
      data: await saved.get(request.auth!.userId, request.params.id),
    }),
  );

  app.post<{ Body: Static<typeof CreateBody> }>(
    '/saved-calculations',
    { schema: { body: CreateBody, querystring: NoQuery } },
    async (request, reply) => {
      const created = await saved.create(request.auth!.userId, request.body as NewSavedCalculation);
      return reply.code(201).send({ data: created });
    },
  );

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof RenameBody> }>(
    '/saved-calculations/:id',
    { schema: { params: IdParams, body: RenameBody, querystring: NoQuery } },
    async (request) => ({ data: await saved.rename(request.auth!.userId, request.params.id, request.body.name) }),
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/saved-calculations/:id',
    { schema: { params: IdParams, querystring: NoQuery } },
    async (request, reply) => {
      await saved.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
