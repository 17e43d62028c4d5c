import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';
import { LatLng, MapBounds } from './geo';

/** GET /geocode?q=: a city, a ZIP or "City, ST" (src/shared/place-query.ts). */
export const GeocodeQuery = Type.Object({ q: Type.String({ maxLength: 200 }) });

/** A place the listings are in: where it is, how far it reaches and how many listings it holds. */
export const Place = Type.Object({
  kind: StringEnum(['city', 'zip'] as const),
  /** "Austin, TX" or "78701 (Austin, TX)". */
  label: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Nullable(Type.String()),
  center: LatLng,
  /** The extent of the place's listings: the map fits it, the list searches it. */
  bounds: MapBounds,
  listings: Type.Integer(),
});
export type Place = Static<typeof Place>;

/** The places that match, the one with the most listings first. */
export const GeocodeAnswer = Type.Object({ places: Type.Array(Place) });
export type GeocodeAnswer = Static<typeof GeocodeAnswer>;
