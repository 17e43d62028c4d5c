import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import {
  AddPortfolioProperty,
  MonthParams,
  Portfolio,
  PortfolioActuals,
  PortfolioCsv,
  PortfolioImportResult,
  PortfolioPropertyDetail,
  UpdatePortfolioProperty,
} from '../../../shared/schemas/portfolio';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { Calibrations } from '../properties';
import { createPortfolioService } from './service';

const Detail = Envelope(PortfolioPropertyDetail);
const Imported = Envelope(PortfolioImportResult);

export interface PortfolioRouteOptions extends RouteOptions {
  /** The markets' measured accuracy, which widens the estimates' ranges (the property route's). */
  calibrations?: Calibrations;
}

/** The caller's portfolio, under /api/v1/auth (docs/investor-api.md, "Portfolio"). */
export const portfolioRoutes: RoutePlugin<PortfolioRouteOptions> = async (app, { ctx, calibrations }) => {
  const portfolio = createPortfolioService(ctx.db, { calibrations });

  app.get('/portfolio', { schema: { querystring: NoQuery, response: { 200: Envelope(Portfolio) } } }, async (request) => ({
    data: await portfolio.portfolio(request.auth!.userId),
  }));

  app.post(
    '/portfolio/properties',
    {
      schema: {
        body: AddPortfolioProperty,
        querystring: NoQuery,
        response: { 201: Detail, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await portfolio.add(request.auth!.userId, request.body) }),
  );

  app.post(
    '/portfolio/import.csv',
    { schema: { body: PortfolioCsv, querystring: NoQuery, response: { 201: Imported, 400: ErrorBody, 409: ErrorBody } } },
    async (request, reply) =>
      reply.code(201).send({ data: { imported: await portfolio.importProperties(request.auth!.userId, request.body.csv) } }),
  );

  app.get(
    '/portfolio/properties/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: Detail, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await portfolio.detail(request.auth!.userId, request.params.id) }),
  );

  app.patch(
    '/portfolio/properties/:id',
    {
      schema: {
        params: IdParams,
        body: UpdatePortfolioProperty,
        querystring: NoQuery,
        response: { 200: Detail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await portfolio.update(request.auth!.userId, request.params.id, request.body) }),
  );

  app.delete(
    '/portfolio/properties/:id',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 400: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      await portfolio.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/portfolio/properties/:id/months/:month',
    {
      schema: {
        params: MonthParams,
        body: PortfolioActuals,
        querystring: NoQuery,
        response: { 200: Detail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await portfolio.saveMonth(request.auth!.userId, request.params.id, request.params.month, request.body),
    }),
  );

  app.delete(
    '/portfolio/properties/:id/months/:month',
    { schema: { params: MonthParams, querystring: NoQuery, response: { 200: Detail, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await portfolio.deleteMonth(request.auth!.userId, request.params.id, request.params.month) }),
  );

  app.post(
    '/portfolio/properties/:id/actuals.csv',
    {
      schema: {
        params: IdParams,
        body: PortfolioCsv,
        querystring: NoQuery,
        response: { 200: Imported, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      data: { imported: await portfolio.importActuals(request.auth!.userId, request.params.id, request.body.csv) },
    }),
  );
};
