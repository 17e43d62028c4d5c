import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { boundsProblems, type MapBounds } from '../../../shared/geo/bounds';
import type { RouteOptions } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { decodeCursor, encodeCursor, findComps, findProperty, isUuid, searchBounds } from './repository';

/** The server's page size cap for the bounds search; `limit` may ask for fewer. */
export const SEARCH_PAGE_SIZE = 1000;
/** At most this many comps per /property/comps call. */
export const MAX_COMP_IDS = 50;

export const PROPERTY_MESSAGES = {
  badPropertyId: 'Property id must be a UUID',
  propertyNotFound: 'Property not found',
  idsRequired: 'ids is required: a comma-separated list of comp ids',
  tooManyIds: `At most ${MAX_COMP_IDS} comp ids per request`,
  badCompId: (id: string) => `Comp id "${id.slice(0, 60)}" is not a valid id`,
  compsNotFound: (ids: string[]) => `Comp${ids.length === 1 ? '' : 's'} not found: ${ids.join(', ')}`,
  badBoundsJson: 'Bounds must be JSON like {"ne":{"lat":30.3,"lng":-97.7},"sw":{"lat":30.2,"lng":-97.8}}',
  badToken: 'The paging token is not valid; start again without it',
} as const;

const SearchQuery = Type.Object({
  type: Type.Literal('bounds'),
  bounds: Type.String({ minLength: 1, maxLength: 1000 }),
  zoom: Type.Optional(Type.Number({ minimum: 0, maximum: 30 })),
  lastValue: Type.Optional(Type.String({ maxLength: 500 })),
  next: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});

const CompsQuery = Type.Object({ ids: Type.String({ maxLength: 50 * 40 }) });
const PropertyParams = Type.Object({ id: Type.String() });

/**
 * Under /api/v1/auth (authenticated): GET /property/comps, GET /property/:id and
 * GET /searchProperties. /property/comps is a static route, so /property/:id never shadows it.
 */
export async function propertiesRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get<{ Querystring: Static<typeof CompsQuery> }>(
    '/property/comps',
    { schema: { querystring: CompsQuery } },
    async (request) => {
      const ids = [
        ...new Set(
          request.query.ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0) throw badRequest(PROPERTY_MESSAGES.idsRequired, { ids: PROPERTY_MESSAGES.idsRequired });
      if (ids.length > MAX_COMP_IDS) throw badRequest(PROPERTY_MESSAGES.tooManyIds, { ids: PROPERTY_MESSAGES.tooManyIds });
      const bad = ids.find((id) => !isUuid(id));
      if (bad !== undefined) throw badRequest(PROPERTY_MESSAGES.badCompId(bad), { ids: PROPERTY_MESSAGES.badCompId(bad) });
      const lower = ids.map((id) => id.toLowerCase());
      const comps = await findComps(ctx.db, lower);
      const byId = new Map(comps.map((c) => [String(c._id), c]));
      const missing = lower.filter((id) => !byId.has(id));
      if (missing.length) throw notFound(PROPERTY_MESSAGES.compsNotFound(missing));
      return { data: lower.map((id) => byId.get(id)) };
    },
  );

  app.get<{ Params: Static<typeof PropertyParams> }>('/property/:id', { schema: { params: PropertyParams } }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw badRequest(PROPERTY_MESSAGES.badPropertyId, { id: PROPERTY_MESSAGES.badPropertyId });
    const property = await findProperty(ctx.db, id.toLowerCase());
    if (!property) throw notFound(PROPERTY_MESSAGES.propertyNotFound);
    return { data: property };
  });

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/searchProperties',
    { schema: { querystring: SearchQuery } },
    async (request, reply) => {
      const q = request.query;
      let bounds: unknown;
      try {
        bounds = JSON.parse(q.bounds);
      } catch {
        throw badRequest(PROPERTY_MESSAGES.badBoundsJson, { bounds: PROPERTY_MESSAGES.badBoundsJson });
      }
      const problems = boundsProblems(bounds);
      if (problems.length) {
        const message = problems.length === 1 ? problems[0] : `${problems.join('. ')}.`;
        throw badRequest(message, { bounds: message });
      }
      const token = q.next ?? q.lastValue;
      const limit = Math.min(SEARCH_PAGE_SIZE, q.limit ?? SEARCH_PAGE_SIZE);
      reply.type('application/json; charset=utf-8');
      if (token === 'done') return '{"data":{"properties":[],"next":"done"}}';
      const after = token ? decodeCursor(token) : null;
      if (token && !after) throw badRequest(PROPERTY_MESSAGES.badToken, { next: PROPERTY_MESSAGES.badToken });
      const page = await searchBounds(ctx.db, bounds as MapBounds, after, limit);
      const next = page.next ? encodeCursor(page.next) : 'done';
      return `{"data":{"properties":${page.itemsJson},"next":${JSON.stringify(next)}}}`;
    },
  );
}
