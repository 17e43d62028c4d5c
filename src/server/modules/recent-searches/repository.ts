import { sql, type Selectable } from 'kysely';
import type { NewRecentSearch, RecentSearch } from '../../../shared/schemas/recent-searches';
import type { Db } from '../../db/database';
import type { RecentSearchesTable } from '../../db/schema';

/** How many recent searches are kept per user (the newest). */
export const RECENT_SEARCH_LIMIT = 10;

const COLUMNS = ['id', 'place_id', 'name', 'formatted_address', 'lat', 'lng', 'viewport', 'filters', 'created_at'] as const;

function toRecentSearch(row: Pick<Selectable<RecentSearchesTable>, (typeof COLUMNS)[number]>): RecentSearch {
  return {
    _id: row.id,
    placeId: row.place_id,
    name: row.name,
    formattedAddress: row.formatted_address,
    lat: row.lat,
    lng: row.lng,
    viewport: row.viewport,
    filters: row.filters,
    createdAt: row.created_at.toISOString(),
  };
}

/** The signed-in user's recent searches, newest first (at most RECENT_SEARCH_LIMIT kept). */
export function createRecentSearchesRepository(db: Db) {
  return {
    async listRecentSearches(userId: string): Promise<RecentSearch[]> {
      const rows = await db
        .selectFrom('recent_searches')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(RECENT_SEARCH_LIMIT)
        .execute();
      return rows.map(toRecentSearch);
    },

    /**
     * Records a search: the same name (case-insensitive) moves to the top with the new details; then
     * only the newest RECENT_SEARCH_LIMIT of the user's searches are kept. One transaction.
     */
    async recordRecentSearch(userId: string, search: NewRecentSearch, filters: Record<string, string>): Promise<RecentSearch> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('recent_searches')
          .values({
            user_id: userId,
            place_id: search.placeId ?? null,
            name: search.name.trim(),
            formatted_address: search.formattedAddress.trim(),
            lat: search.lat,
            lng: search.lng,
            viewport: search.viewport ? JSON.stringify(search.viewport) : null,
            filters: JSON.stringify(filters),
            created_at: sql<Date>`clock_timestamp()`,
          })
          .onConflict((oc) =>
            oc.expression(sql`user_id, lower(name)`).doUpdateSet((eb) => ({
              place_id: eb.ref('excluded.place_id'),
              name: eb.ref('excluded.name'),
              formatted_address: eb.ref('excluded.formatted_address'),
              lat: eb.ref('excluded.lat'),
              lng: eb.ref('excluded.lng'),
              viewport: eb.ref('excluded.viewport'),
              filters: eb.ref('excluded.filters'),
              created_at: eb.ref('excluded.created_at'),
            })),
          )
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .deleteFrom('recent_searches')
          .where('user_id', '=', userId)
          .where('id', 'not in', (eb) =>
            eb
              .selectFrom('recent_searches')
              .select('id')
              .where('user_id', '=', userId)
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(RECENT_SEARCH_LIMIT),
          )
          .execute();
        return toRecentSearch(inserted);
      });
    },
  };
}

export type RecentSearchesRepository = ReturnType<typeof createRecentSearchesRepository>;
