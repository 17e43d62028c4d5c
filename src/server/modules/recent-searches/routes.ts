import { Type, type Static } from '@sinclair/typebox';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { badRequest } from '../../http/errors';
import { NOT_BLANK } from '../../../shared/schemas/formats';

/** How many recent searches are kept per user (the newest). */
export const RECENT_SEARCH_LIMIT = 10;

export const RECENT_SEARCH_MESSAGES = {
  viewportOrder: 'Viewport north (ne.lat) must not be below its south (sw.lat)',
} as const;

/** A recorded place search as the API returns it. */
export interface RecentSearch {
  _id: string;
  placeId: string | null;
  name: string;
  formattedAddress: string;
  lat: number;
  lng: number;
  viewport: { ne: { lat: number; lng: number }; sw: { lat: number; lng: number } } | null;
  createdAt: string;
}

const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lng = Type.Number({ minimum: -180, maximum: 180 });
const Corner = Type.Object({ lat: Lat, lng: Lng }, { additionalProperties: false });

export const RecentSearchBody = Type.Object(
  {
    placeId: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: NOT_BLANK }),
    formattedAddress: Type.String({ maxLength: 500 }),
    lat: Lat,
    lng: Lng,
    viewport: Type.Optional(Type.Object({ ne: Corner, sw: Corner }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
type Body = Static<typeof RecentSearchBody>;

interface Row {
  id: string;
  place_id: string | null;
  name: string;
  formatted_address: string;
  lat: number;
  lng: number;
  viewport: RecentSearch['viewport'] | string | null;
  created_at: Date | string;
}

function toRecentSearch(row: Row): RecentSearch {
  const viewport = typeof row.viewport === 'string' ? (JSON.parse(row.viewport) as RecentSearch['viewport']) : row.viewport;
  return {
    _id: row.id,
    placeId: row.place_id,
    name: row.name,
    formattedAddress: row.formatted_address,
    lat: Number(row.lat),
    lng: Number(row.lng),
    viewport: viewport ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = sql`id, place_id, name, formatted_address, lat, lng, viewport, created_at`;

export async function listRecentSearches(db: Kysely<any>, userId: string): Promise<RecentSearch[]> {
  const result = await sql<Row>`
    select ${COLUMNS} from recent_searches where user_id = ${userId}::uuid
    order by created_at desc, id desc limit ${RECENT_SEARCH_LIMIT}`.execute(db);
  return result.rows.map(toRecentSearch);
}

/**
 * Records a search: the same name (case-insensitive) moves to the top with the new details; then
 * only the newest RECENT_SEARCH_LIMIT of the user's searches are kept. One transaction.
 */
export async function recordRecentSearch(db: Kysely<any>, userId: string, body: Body): Promise<RecentSearch> {
  const name = body.name.trim();
  const viewport = body.viewport ? JSON.stringify(body.viewport) : null;
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<Row>`
      insert into recent_searches (user_id, place_id, name, formatted_address, lat, lng, viewport, created_at)
      values (${userId}::uuid, ${body.placeId ?? null}, ${name}, ${body.formattedAddress.trim()}, ${body.lat}, ${body.lng},
              ${viewport}::jsonb, clock_timestamp())
      on conflict (user_id, lower(name)) do update set
        place_id = excluded.place_id, name = excluded.name, formatted_address = excluded.formatted_address,
        lat = excluded.lat, lng = excluded.lng, viewport = excluded.viewport, created_at = excluded.created_at
      returning ${COLUMNS}`.execute(trx);
    await sql`
      delete from recent_searches where user_id = ${userId}::uuid and id not in (
        select id from recent_searches where user_id = ${userId}::uuid
        order by created_at desc, id desc limit ${RECENT_SEARCH_LIMIT})`.execute(trx);
    return toRecentSearch(inserted.rows[0]);
  });
}

/** Under /api/v1/auth (the scope authenticates first): the signed-in user's own searches only. */
export async function recentSearchesRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get('/recentSearches', { schema: { querystring: Type.Object({}) } }, async (request) => ({
    data: await listRecentSearches(ctx.db as unknown as Kysely<any>, request.auth!.userId),
  }));

  app.post<{ Body: Body }>('/recentSearches', { schema: { body: RecentSearchBody } }, async (request, reply) => {
    const body = request.body;
    if (body.viewport && body.viewport.ne.lat < body.viewport.sw.lat) {
      throw badRequest(RECENT_SEARCH_MESSAGES.viewportOrder, { viewport: RECENT_SEARCH_MESSAGES.viewportOrder });
    }
    const saved = await recordRecentSearch(ctx.db as unknown as Kysely<any>, request.auth!.userId, body);
    reply.code(201);
    return { data: saved };
  });
}
