import { boundsProblems, type MapBounds } from '../../../shared/geo/bounds';
import { Envelope, ErrorBody } from '../../../shared/schemas/common';
import { Comp, CompsQuery, LeaseComp, Property, PropertyParams } from '../../../shared/schemas/property';
import {
  SearchClustersAnswer,
  SearchPropertiesPage,
  SearchPropertiesQuery,
  SearchReturnsAnswer,
  SearchTopAnswer,
  TOP_LIMIT,
} from '../../../shared/schemas/property-search';
import { DEFAULT_RETURNS_STRATEGY } from '../../../shared/returns-map';
import { parseSearchFilters, SORT_MESSAGES } from '../../../shared/search-filters';
import { cellsInBounds, MAX_CLUSTER_CELLS, MAX_CLUSTER_ZOOM, MIN_CLUSTER_ZOOM } from '../../../shared/geo/cluster-grid';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import { withEstimateRanges, type Calibrations } from './estimate-ranges';
import { badRequest, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { createPropertiesRepository, decodeCursor, encodeCursor, type PropertiesRepository } from './repository';

/** The server's page size cap for the bounds search; `limit` may ask for fewer. */
export const SEARCH_PAGE_SIZE = 1000;
/** At most this many comps per /property/comps (and leases per /property/lease-comps) call. */
export const MAX_COMP_IDS = 50;

export const PROPERTY_MESSAGES = {
  badPropertyId: 'Property id must be a UUID',
  propertyNotFound: 'Property not found',
  idsRequired: 'ids is required: a comma-separated list of comp ids',
  tooManyIds: `At most ${MAX_COMP_IDS} comp ids per request`,
  badCompId: (id: string) => `Comp id "${id.slice(0, 60)}" is not a valid id`,
  compsNotFound: (ids: string[]) => `Comp${ids.length === 1 ? '' : 's'} not found: ${ids.join(', ')}`,
  leaseIdsRequired: 'ids is required: a comma-separated list of lease comp ids',
  tooManyLeaseIds: `At most ${MAX_COMP_IDS} lease comp ids per request`,
  badLeaseId: (id: string) => `Lease comp id "${id.slice(0, 60)}" is not a valid id`,
  leasesNotFound: (ids: string[]) => `Lease comp${ids.length === 1 ? '' : 's'} not found: ${ids.join(', ')}`,
  badBoundsJson: 'Bounds must be JSON like {"ne":{"lat":30.3,"lng":-97.7},"sw":{"lat":30.2,"lng":-97.8}}',
  badToken: 'The paging token is not valid; start again without it',
  clusterZoomRequired: `zoom is required for type=clusters: a number from ${MIN_CLUSTER_ZOOM} to ${MAX_CLUSTER_ZOOM}`,
  returnsZoomRequired: `zoom is required for type=returns: a number from ${MIN_CLUSTER_ZOOM} to ${MAX_CLUSTER_ZOOM}`,
  noPaging: (type: string) => `type=${type} answers in one piece: leave out next and lastValue`,
  tooManyCells: (cells: number, zoom: number) =>
    `These bounds cover ${cells.toLocaleString('en-US')} cluster cells at zoom ${zoom}; at most ${MAX_CLUSTER_CELLS.toLocaleString('en-US')}: zoom out or search a smaller box`,
} as const;

/** An answer already written as JSON (its schema still declares it) goes out as it is. */
const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

/** The bounds of a search, or 400 with the spec's bounds rules as the message (clusters: no span limit). */
function parseBounds(text: string, rules: { maxSpan: boolean }): MapBounds {
  let bounds: unknown;
  try {
    bounds = JSON.parse(text);
  } catch {
    throw badRequest(PROPERTY_MESSAGES.badBoundsJson, { bounds: PROPERTY_MESSAGES.badBoundsJson });
  }
  const problems = boundsProblems(bounds, rules);
  if (problems.length) {
    const message = problems.length === 1 ? problems[0] : `${problems.join('. ')}.`;
    throw badRequest(message, { bounds: message });
  }
  return bounds as MapBounds;
}

/**
 * Under /api/v1/auth (authenticated): GET /property/comps, GET /property/lease-comps, GET /property/:id
 * and GET /searchProperties. The comps routes are static, so /property/:id never shadows them.
 */
export interface PropertiesRouteOptions extends RouteOptions {
  /**
   * The ranges' calibration of a market, per kind of estimate (the accuracy module's, wired by the
   * app): GET /property/:id applies it to the stored estimates. Absent: no ranges.
   */
  calibrations?: Calibrations;
}

export const propertiesRoutes: RoutePlugin<PropertiesRouteOptions> = async (app, { ctx, calibrations }) => {
  const properties = createPropertiesRepository(ctx.db);
  /** The same reads on a replica that may be a moment behind (ctx.reads). */
  const onReplica = <T>(read: (repository: PropertiesRepository) => Promise<T>) =>
    ctx.reads.run((db) => read(createPropertiesRepository(db)));

  /**
   * The records of a comma-separated `ids` list, in its order (duplicates once): 400 for an empty or
   * too long list or a malformed id, 404 naming the ids not found.
   */
  const recordsById = async <T extends { _id: string }>(
    idsParam: string,
    messages: { required: string; tooMany: string; badId: (id: string) => string; notFound: (ids: string[]) => string },
    find: (repository: PropertiesRepository, ids: string[]) => Promise<T[]>,
  ): Promise<T[]> => {
    const ids = [
      ...new Set(
        idsParam
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw badRequest(messages.required, { ids: messages.required });
    if (ids.length > MAX_COMP_IDS) throw badRequest(messages.tooMany, { ids: messages.tooMany });
    const bad = ids.find((id) => !isUuid(id));
    if (bad !== undefined) throw badRequest(messages.badId(bad), { ids: messages.badId(bad) });
    const lower = ids.map((id) => id.toLowerCase());
    const byId = new Map((await onReplica((r) => find(r, lower))).map((c) => [c._id, c]));
    const missing = lower.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(messages.notFound(missing));
    return lower.map((id) => byId.get(id)!);
  };

  app.get(
    '/property/comps',
    { schema: { querystring: CompsQuery, response: { 200: Envelope(Type.Array(Comp)), 404: ErrorBody } } },
    async (request) => {
      const m = PROPERTY_MESSAGES;
      const messages = { required: m.idsRequired, tooMany: m.tooManyIds, badId: m.badCompId, notFound: m.compsNotFound };
      return { data: await recordsById(request.query.ids, messages, (r, ids) => r.findComps(ids)) };
    },
  );

  app.get(
    '/property/lease-comps',
    { schema: { querystring: CompsQuery, response: { 200: Envelope(Type.Array(LeaseComp)), 404: ErrorBody } } },
    async (request) => {
      const m = PROPERTY_MESSAGES;
      const messages = {
        required: m.leaseIdsRequired,
        tooMany: m.tooManyLeaseIds,
        badId: m.badLeaseId,
        notFound: m.leasesNotFound,
      };
      return { data: await recordsById(request.query.ids, messages, (r, ids) => r.findLeaseComps(ids)) };
    },
  );

  app.get(
    '/property/:id',
    { schema: { params: PropertyParams, response: { 200: Envelope(Property), 404: ErrorBody } } },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw badRequest(PROPERTY_MESSAGES.badPropertyId, { id: PROPERTY_MESSAGES.badPropertyId });
      const property = await properties.findProperty(id.toLowerCase());
      if (!property) throw notFound(PROPERTY_MESSAGES.propertyNotFound);
      await withEstimateRanges(property, calibrations);
      return { data: property };
    },
  );

  /**
   * Four answers share the route, so the handler picks the serializer of its branch: fast-json-stringify
   * of a union would validate the whole answer against each branch to choose one. The serializer is
   * set last, so an error thrown before keeps the error answer's own. The summary rows of `bounds` and
   * `top` are written as JSON before they reach the reply (sendJson).
   */
  const pageAnswer = Envelope(SearchPropertiesPage);
  const clustersAnswer = Envelope(SearchClustersAnswer);
  const returnsAnswer = Envelope(SearchReturnsAnswer);

  app.get(
    '/searchProperties',
    {
      schema: {
        querystring: SearchPropertiesQuery,
        response: {
          200: Envelope(Type.Union([SearchPropertiesPage, SearchClustersAnswer, SearchTopAnswer, SearchReturnsAnswer])),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { filters, problems } = parseSearchFilters(q);
      if (problems.length) throw badRequest(problems.join('. '), { filters: problems.join('. ') });
      if (q.type !== 'bounds' && (q.next !== undefined || q.lastValue !== undefined)) {
        throw badRequest(PROPERTY_MESSAGES.noPaging(q.type));
      }

      if (q.type === 'clusters' || q.type === 'returns') {
        if (q.zoom === undefined) {
          const message = q.type === 'clusters' ? PROPERTY_MESSAGES.clusterZoomRequired : PROPERTY_MESSAGES.returnsZoomRequired;
          throw badRequest(message, { zoom: message });
        }
        const zoom = Math.floor(q.zoom);
        const bounds = parseBounds(q.bounds, { maxSpan: false });
        const cells = cellsInBounds(bounds, zoom);
        if (cells > MAX_CLUSTER_CELLS) {
          const message = PROPERTY_MESSAGES.tooManyCells(cells, zoom);
          throw badRequest(message, { bounds: message });
        }
        if (q.type === 'returns') {
          const strategy = filters.strategy ?? DEFAULT_RETURNS_STRATEGY;
          const data = await onReplica((r) => r.searchReturns(bounds, filters, zoom, strategy));
          reply.serializer(reply.compileSerializationSchema(returnsAnswer, '200'));
          return { data };
        }
        const data = await onReplica((r) => r.searchClusters(bounds, filters, zoom));
        reply.serializer(reply.compileSerializationSchema(clustersAnswer, '200'));
        return { data };
      }

      if (q.type === 'top') {
        const bounds = parseBounds(q.bounds, { maxSpan: false });
        const sort = q.sort ?? 'price';
        if (sort === 'coc' && filters.strategy === undefined) {
          throw badRequest(SORT_MESSAGES.cocNeedsStrategy, { sort: SORT_MESSAGES.cocNeedsStrategy });
        }
        const limit = Math.min(TOP_LIMIT, q.limit ?? TOP_LIMIT);
        const data: SearchTopAnswer = await onReplica((r) =>
          r.searchTop(bounds, filters, { sort, order: q.order ?? 'asc', strategy: filters.strategy, limit }),
        );
        // Written here, not by fast-json-stringify, which refuses a union inside a tuple's items.
        return sendJson(reply, JSON.stringify({ data }));
      }

      const bounds = parseBounds(q.bounds, { maxSpan: true });
      const token = q.next ?? q.lastValue;
      const after = token && token !== 'done' ? decodeCursor(token) : null;
      if (token && token !== 'done' && !after) throw badRequest(PROPERTY_MESSAGES.badToken, { next: PROPERTY_MESSAGES.badToken });
      if (token === 'done') {
        reply.serializer(reply.compileSerializationSchema(pageAnswer, '200'));
        return { data: { properties: [], next: 'done' } };
      }
      const page = await onReplica((r) =>
        r.searchBoundsJson(bounds, filters, after, Math.min(SEARCH_PAGE_SIZE, q.limit ?? SEARCH_PAGE_SIZE)),
      );
      // The database wrote the properties' JSON (searchBoundsJson); a string goes out as it is.
      const next = JSON.stringify(page.next ? encodeCursor(page.next) : 'done');
      return sendJson(reply, `{"data":{"properties":${page.propertiesJson},"next":${next}}}`);
    },
  );
};
