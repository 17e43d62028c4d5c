import {
  EditUserData,
  ImportJob,
  ImportJobParams,
  ImportRefused,
  ImportReport,
  ImportRequest,
  UserFormData,
} from '../../../shared/schemas/admin';
import { Envelope, ErrorBody, IdParams, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin, RouteOptions } from '../../http/route-context';
import { throwIfRowsInvalid } from '../../http/import-file';
import { actorOf } from '../audit';
import { IMPORT_BODY_LIMIT } from './section-routes';
import type { UserImportJobs } from './user-import-jobs';
import { checkUserImport } from './users-csv';
import type { UsersSection } from './users-service';

export interface UsersRouteOptions extends RouteOptions {
  users: UsersSection;
  userImports: UserImportJobs;
}

/**
 * The users' own calls under /api/v1/admin: the form data (GET /addUser, GET /editUser/:id) and the
 * CSV import, which checks the file at once and then runs as a job (docs/admin-api.md).
 */
export const usersRoutes: RoutePlugin<UsersRouteOptions> = async (app, { ctx, users, userImports }) => {
  app.get('/addUser', { schema: { querystring: NoQuery, response: { 200: Envelope(UserFormData) } } }, async () => ({
    data: await users.formData(),
  }));

  app.get(
    '/editUser/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: Envelope(EditUserData), 404: ErrorBody } } },
    async (request) => ({ data: await users.editData(request.params.id) }),
  );

  /**
   * A dry run answers the report (200). A real import checks every row the same way (400 with the
   * report when any has errors, nothing started) and answers 202 with the job that hashes the
   * passwords and writes the users; poll GET /users/import/:jobId.
   */
  app.post(
    '/users/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        body: ImportRequest,
        querystring: NoQuery,
        response: { 200: Envelope(ImportReport), 202: Envelope(ImportJob), 400: ImportRefused, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const { report, records } = await checkUserImport(ctx.db, request.body.csv);
      if (request.body.dryRun === true) return reply.code(200).send({ data: report });
      throwIfRowsInvalid(report);
      const job = await userImports.start(actorOf(request), records, request.log);
      return reply.code(202).send({ data: job });
    },
  );

  app.get(
    '/users/import/:jobId',
    { schema: { params: ImportJobParams, querystring: NoQuery, response: { 200: Envelope(ImportJob), 404: ErrorBody } } },
    async (request) => ({ data: await userImports.get(request.params.jobId) }),
  );
};
