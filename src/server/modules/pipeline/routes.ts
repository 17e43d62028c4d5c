import { Type } from '@sinclair/typebox';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import {
  PipelineDeal,
  PipelineExportQuery,
  PropertyIdParams,
  SavePipelineDeal,
  UpdatePipelineDeal,
} from '../../../shared/schemas/pipeline';
import { CSV_FILE_ANSWER, sendCsvFile } from '../../http/file-answers';
import type { RoutePlugin } from '../../http/route-context';
import { createPipelineService } from './service';

const One = Envelope(PipelineDeal);

/** The caller's pipeline, under /api/v1/auth (docs/investor-api.md, "Pipeline"). */
export const pipelineRoutes: RoutePlugin = async (app, { ctx }) => {
  const pipeline = createPipelineService(ctx.db);

  app.get(
    '/pipeline',
    { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(PipelineDeal)) } } },
    async (request) => ({ data: await pipeline.list(request.auth!.userId) }),
  );

  app.get(
    '/pipeline/export.csv',
    {
      schema: {
        querystring: PipelineExportQuery,
        response: {
          200: CSV_FILE_ANSWER,
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      return sendCsvFile(reply, 'pipeline', await pipeline.exportCsv(request.auth!.userId, request.query.stages));
    },
  );

  app.get(
    '/pipeline/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await pipeline.get(request.auth!.userId, request.params.id) }),
  );

  app.get(
    '/pipeline/properties/:propertyId',
    { schema: { params: PropertyIdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await pipeline.forProperty(request.auth!.userId, request.params.propertyId) }),
  );

  app.put(
    '/pipeline/properties/:propertyId',
    {
      schema: {
        params: PropertyIdParams,
        body: SavePipelineDeal,
        querystring: NoQuery,
        response: { 200: One, 201: One, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const saved = await pipeline.save(request.auth!.userId, request.params.propertyId, request.body);
      return reply.code(saved.created ? 201 : 200).send({ data: saved.deal });
    },
  );

  app.patch(
    '/pipeline/:id',
    { schema: { params: IdParams, body: UpdatePipelineDeal, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await pipeline.update(request.auth!.userId, request.params.id, request.body) }),
  );

  app.delete(
    '/pipeline/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody } } },
    async (request, reply) => {
      await pipeline.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
