import { Type } from '@sinclair/typebox';
import { Envelope, ErrorBody, IdParams, NoQuery } from '../../../shared/schemas/common';
import {
  AnalysisPdfRequest,
  NewSharedReport,
  SharedReport,
  SharedReportLink,
  SharedReportsQuery,
  SharedReportTokenParams,
  type AnalysisPdfRequest as AnalysisPdfBody,
  type NewSharedReport as NewSharedReportBody,
} from '../../../shared/schemas/shared-reports';
import { formatAddress } from '../../../shared/format';
import { analysisPdfName } from '../../../shared/shared-reports';
import { PDF_FILE_ANSWER, sendPdfFile } from '../../http/file-answers';
import { renderAnalysisPdf } from './analysis-pdf';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { Calibrations } from '../properties';
import { createShareService } from './share-service';

const One = Envelope(SharedReportLink);

export interface ShareRouteOptions extends RouteOptions {
  /** The markets' measured accuracy, which widens the estimates' ranges (the property route's). */
  calibrations?: Calibrations;
}

/** The caller's shared links, under /api/v1/auth (docs/investor-api.md, "Shared reports"). */
export const sharedReportsRoutes: RoutePlugin<ShareRouteOptions> = async (app, { ctx, calibrations }) => {
  const shares = createShareService(ctx.db, ctx.config.jwtSecret, calibrations);

  app.get(
    '/shared-reports',
    { schema: { querystring: SharedReportsQuery, response: { 200: Envelope(Type.Array(SharedReportLink)) } } },
    async (request) => ({ data: await shares.list(request.auth!.userId, request.query.propertyId) }),
  );

  app.post(
    '/shared-reports',
    { schema: { body: NewSharedReport, querystring: NoQuery, response: { 201: One, 409: ErrorBody } } },
    async (request, reply) => {
      // `whatIf` is checked by the service (whatIfProblems names each wrong input).
      const created = await shares.create(request.auth!.userId, request.body as NewSharedReportBody);
      return reply.code(201).send({ data: created });
    },
  );

  app.post(
    '/analysis.pdf',
    { schema: { body: AnalysisPdfRequest, querystring: NoQuery, response: { 200: PDF_FILE_ANSWER, 400: ErrorBody } } },
    async (request, reply) => {
      const report = await shares.report(request.auth!.userId, request.body as AnalysisPdfBody);
      return sendPdfFile(reply, analysisPdfName(formatAddress(report.property)), await renderAnalysisPdf(report));
    },
  );

  app.post(
    '/shared-reports/:id/revoke',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: One, 404: ErrorBody } } },
    async (request) => ({ data: await shares.revoke(request.auth!.userId, request.params.id) }),
  );
};

/** What a shared link opens, without a sign-in: GET /api/v1/shared-reports/:token. */
export const sharedReportRoutes: RoutePlugin = async (app, { ctx }) => {
  const shares = createShareService(ctx.db, ctx.config.jwtSecret);
  app.get(
    '/shared-reports/:token',
    {
      schema: {
        params: SharedReportTokenParams,
        querystring: NoQuery,
        response: { 200: Envelope(SharedReport), 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => ({ data: await shares.open(request.params.token) }),
  );

  app.get(
    '/shared-reports/:token/analysis.pdf',
    {
      schema: {
        params: SharedReportTokenParams,
        querystring: NoQuery,
        response: { 200: PDF_FILE_ANSWER, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request, reply) => {
      // The page the PDF is downloaded from counted the view.
      const report = await shares.open(request.params.token, false);
      return sendPdfFile(
        reply,
        analysisPdfName(formatAddress(report.property)),
        await renderAnalysisPdf(report, new Date(report.sharedAt)),
      );
    },
  );
};
