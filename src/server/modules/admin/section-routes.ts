import type { TSchema } from '@sinclair/typebox';
import {
  BulkRequest,
  BulkResult,
  ExportQuery,
  IMPORT_MAX_BYTES,
  ImportRefused,
  ImportReport,
  ImportRequest,
  ListOf,
  listQuery,
} from '../../../shared/schemas/admin';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../http/route-context';
import { actorOf } from '../audit';
import { isPaged } from './common';
import type { AdminSection, ImportingSection } from './section';
import { CSV_FILE_ANSWER, sendCsvFile } from '../../http/file-answers';

/** The Fastify instance a route module gets (typed by the TypeBox provider). */
export type AdminApp = Parameters<RoutePlugin>[0];

/** An import body carries the file as a JSON string: room for the largest file even when escaping doubles it. */
export const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 64 * 1024;

/** The answers of an import that writes at once (a dry run too): the report, or 400 with it. */
export const IMPORT_ANSWERS = { 200: Envelope(ImportReport), 400: ImportRefused, 409: ErrorBody, 413: ErrorBody } as const;

/**
 * A section as the shared registration sees it. Each section's own type ties its schemas to its
 * methods (`item` is what they answer, `form` what they take); this glue, written once for all
 * five, only passes the validated body on and the answer back through the same schemas.
 */
type AnySection = AdminSection<TSchema, unknown>;

/**
 * A section's routes: GET /{section} (whole list or a page), GET /{section}/export.csv,
 * POST /{section}/bulk, POST /{thing}, GET|PUT|DELETE /{thing}/:id.
 */
export function registerSection(app: AdminApp, section: AnySection): void {
  const { section: list, thing, item, form } = section;
  const One = Envelope(item);

  app.get(
    `/${list}`,
    { schema: { querystring: listQuery(section.sortFields), response: { 200: Envelope(ListOf(item)) } } },
    async (request) => ({ data: await section.list(isPaged(request.query) ? request.query : null) }),
  );

  app.get(
    `/${list}/export.csv`,
    { schema: { querystring: ExportQuery, response: { 200: CSV_FILE_ANSWER } } },
    async (request, reply) => {
      return sendCsvFile(reply, list, await section.exportCsv(request.query.q));
    },
  );

  app.post(
    `/${list}/bulk`,
    { schema: { body: BulkRequest, querystring: NoQuery, response: { 200: Envelope(BulkResult), 409: ErrorBody } } },
    async (request) => ({ data: await section.bulk(actorOf(request), request.body) }),
  );

  app.post(
    `/${thing}`,
    { schema: { body: form, querystring: NoQuery, response: { 201: One, 409: ErrorBody } } },
    async (request, reply) => reply.code(201).send({ data: await section.create(actorOf(request), request.body) }),
  );

  app.get(
    `/${thing}/:id`,
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await section.get(request.params.id) }),
  );

  app.put(
    `/${thing}/:id`,
    { schema: { params: IdParams, body: form, querystring: NoQuery, response: { 200: One, 404: ErrorBody, 409: ErrorBody } } },
    async (request) => ({ data: await section.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    `/${thing}/:id`,
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody, 409: ErrorBody } } },
    async (request, reply) => {
      await section.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** POST /{section}/import of a catalogue: checks the file (dryRun) or writes every row at once. */
export function registerImport(app: AdminApp, section: ImportingSection<TSchema, unknown>): void {
  app.post(
    `/${section.section}/import`,
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ImportRequest, querystring: NoQuery, response: IMPORT_ANSWERS } },
    async (request) => ({
      data: await section.importCsv(actorOf(request), request.body.csv, request.body.dryRun === true),
    }),
  );
}
