import { Envelope, ErrorBody } from '../../../shared/schemas/common';
import { GeocodeAnswer, GeocodeQuery } from '../../../shared/schemas/places';
import { parsePlaceQuery, PLACE_MESSAGES } from '../../../shared/place-query';
import type { RoutePlugin } from '../../http/route-context';
import { badRequest, notFound } from '../../http/errors';
import { createPlacesRepository } from './repository';

/**
 * Under /api/v1/auth: GET /geocode?q= finds a city, a ZIP or "City, ST" among the places the
 * listings are in (our own geocoding: the search works without a Google Maps key).
 */
export const placesRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/geocode',
    { schema: { querystring: GeocodeQuery, response: { 200: Envelope(GeocodeAnswer), 404: ErrorBody } } },
    async (request) => {
      const query = parsePlaceQuery(request.query.q);
      if ('problem' in query) throw badRequest(query.problem, { q: query.problem });
      const places = await ctx.reads.run((db) => createPlacesRepository(db).findPlaces(query));
      if (places.length === 0) throw notFound(PLACE_MESSAGES.notFound(request.query.q.trim()));
      return { data: { places } };
    },
  );
};
