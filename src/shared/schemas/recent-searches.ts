import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common';
import { NOT_BLANK } from './formats';
import { MapBounds } from './geo';
import { FILTER_PARAM_NAMES } from '../search-filters';

/** A recorded place search (GET /recentSearches, newest first). */
export const RecentSearch = Type.Object({
  _id: Id,
  placeId: Nullable(Type.String()),
  name: Type.String(),
  formattedAddress: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  viewport: Nullable(MapBounds),
  /** The filters searched with, as query parameters (src/shared/search-filters.ts); {} for none. */
  filters: Type.Record(Type.String(), Type.String()),
  createdAt: DateTime,
});
export type RecentSearch = Static<typeof RecentSearch>;

const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lng = Type.Number({ minimum: -180, maximum: 180 });
const Corner = Type.Object({ lat: Lat, lng: Lng }, { additionalProperties: false });

/** POST /recentSearches: a place the user searched for. */
export const NewRecentSearch = Type.Object(
  {
    placeId: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: NOT_BLANK }),
    formattedAddress: Type.String({ maxLength: 500 }),
    lat: Lat,
    lng: Lng,
    viewport: Type.Optional(Type.Object({ ne: Corner, sw: Corner }, { additionalProperties: false })),
    /** The search's filters, as GET /searchProperties takes them; checked by the same rules. */
    filters: Type.Optional(
      Type.Object(Object.fromEntries(FILTER_PARAM_NAMES.map((name) => [name, Type.Optional(Type.String({ maxLength: 100 }))])), {
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);
export type NewRecentSearch = Static<typeof NewRecentSearch>;
