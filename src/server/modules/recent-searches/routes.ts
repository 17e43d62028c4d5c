import { Type } from '@sinclair/typebox';
import { Envelope, NoQuery } from '../../../shared/schemas/common';
import { NewRecentSearch, RecentSearch } from '../../../shared/schemas/recent-searches';
import type { RoutePlugin } from '../../http/route-context';
import { badRequest } from '../../http/errors';
import { parseSearchFilters, searchFilterParams } from '../../../shared/search-filters';
import { createRecentSearchesRepository } from './repository';

export { RECENT_SEARCH_LIMIT } from './repository';

export const RECENT_SEARCH_MESSAGES = {
  viewportOrder: 'Viewport north (ne.lat) must not be below its south (sw.lat)',
} as const;

/** Under /api/v1/auth (the scope authenticates first): the signed-in user's own searches only. */
export const recentSearchesRoutes: RoutePlugin = async (app, { ctx }) => {
  const recentSearches = createRecentSearchesRepository(ctx.db);
  app.get(
    '/recentSearches',
    { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(RecentSearch)) } } },
    async (request) => ({ data: await recentSearches.listRecentSearches(request.auth!.userId) }),
  );

  app.post(
    '/recentSearches',
    { schema: { body: NewRecentSearch, querystring: NoQuery, response: { 201: Envelope(RecentSearch) } } },
    async (request, reply) => {
      const { viewport } = request.body;
      if (viewport && viewport.ne.lat < viewport.sw.lat) {
        throw badRequest(RECENT_SEARCH_MESSAGES.viewportOrder, { viewport: RECENT_SEARCH_MESSAGES.viewportOrder });
      }
      const { filters, problems } = parseSearchFilters(request.body.filters ?? {});
      if (problems.length) throw badRequest(problems.join('. '), { filters: problems.join('. ') });
      return reply
        .code(201)
        .send({ data: await recentSearches.recordRecentSearch(request.auth!.userId, request.body, searchFilterParams(filters)) });
    },
  );
};
