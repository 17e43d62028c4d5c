import { sql, type Selectable } from 'kysely';
import type { AlertFrequency } from '../../../../shared/vocabulary';
import type { Db } from '../../../db/database';
import type { SavedSearchesTable } from '../../../db/schema';

/**
 * What a saved search stores of the search page (saved-searches-service.ts derives it from the
 * request): the view, the query as the URL carries it, and the same filters as typed columns, which
 * the alerts' matcher joins (savedSearchMatchSql in properties/search-scan.ts).
 */
export type SavedSearchView = Pick<Selectable<SavedSearchesTable>, 'south' | 'west' | 'north' | 'east' | 'place'>;

export type SavedSearchFilterColumns = Pick<
  Selectable<SavedSearchesTable>,
  | 'query'
  | 'min_price'
  | 'max_price'
  | 'min_beds'
  | 'min_baths'
  | 'deal'
  | 'strategy'
  | 'min_coc'
  | 'min_days'
  | 'max_days'
  | 'min_cut'
  | 'min_below_value'
>;

export interface NewSavedSearchRow extends SavedSearchView, SavedSearchFilterColumns {
  userId: string;
  name: string;
  alert: AlertFrequency;
}

/** A PATCH: any of the name, the alert, the place alone, the view and the filters (each group whole). */
export interface SavedSearchUpdate {
  name?: string;
  alert?: AlertFrequency;
  /** A new label for the view it watches (the view itself unchanged). */
  place?: string | null;
  view?: SavedSearchView;
  filters?: SavedSearchFilterColumns;
}

export type SavedSearchRow = Selectable<SavedSearchesTable> & { new_count: number };

/** A user's saved searches with how many matches each found since the user last looked. */
function selectWithNewCount(db: Db) {
  return db
    .selectFrom('saved_searches as s')
    .selectAll('s')
    .select(
      sql<number>`(select count(*)::int from alert_matches m where m.search_id = s.id and m.matched_at > s.last_viewed_at)`.as(
        'new_count',
      ),
    );
}

/**
 * The saved_searches rows of one user (the alerts module owns the table). Every read and write is
 * scoped to the owner, so another user's id behaves like an unknown one; each write is one
 * transaction.
 */
export function createSavedSearchesRepository(db: Db) {
  const findOne = (q: Db, userId: string, id: string): Promise<SavedSearchRow | undefined> =>
    selectWithNewCount(q).where('s.user_id', '=', userId).where('s.id', '=', id).executeTakeFirst();

  return {
    /** Newest first. */
    list: (userId: string): Promise<SavedSearchRow[]> =>
      selectWithNewCount(db).where('s.user_id', '=', userId).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute(),

    find: (userId: string, id: string) => findOne(db, userId, id),

    /**
     * Inserts a search (created, updated and last viewed now: its current matches are the baseline).
     * The user's row is locked first, so concurrent saves of one user count one after the other;
     * 'limit' when the user already holds `limit` searches. A taken name throws the unique violation (23505).
     */
    async insert(row: NewSavedSearchRow, limit: number): Promise<SavedSearchRow | 'limit'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('saved_searches')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', row.userId)
          .executeTakeFirstOrThrow();
        if (n >= limit) return 'limit';
        const { userId, query, ...columns } = row;
        const inserted = await trx
          .insertInto('saved_searches')
          .values({ ...columns, user_id: userId, query: JSON.stringify(query) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return (await findOne(trx, userId, inserted.id))!;
      });
    },

    /**
     * Applies the changes; a new view or new filters move `updated_at` to now (the matcher's baseline:
     * it reports only listings that change after it). `undefined` when the user has no such search.
     * A taken name throws the unique violation (23505).
     */
    async update(userId: string, id: string, changes: SavedSearchUpdate): Promise<SavedSearchRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const { query, ...filterColumns } = changes.filters ?? {};
        const updated = await trx
          .updateTable('saved_searches')
          .set({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.alert !== undefined ? { alert: changes.alert } : {}),
            ...(changes.place !== undefined ? { place: changes.place } : {}),
            ...changes.view,
            ...filterColumns,
            ...(query !== undefined ? { query: JSON.stringify(query) } : {}),
            ...(changes.view || changes.filters ? { updated_at: sql<Date>`now()` } : {}),
          })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        return updated ? findOne(trx, userId, id) : undefined;
      });
    },

    /** These searches' names and alert settings by name, locked until the transaction ends (the unsubscribe link). */
    async lockAlerts(ids: string[]) {
      return db
        .selectFrom('saved_searches')
        .select(['id', 'name', 'alert'])
        .where('id', 'in', ids)
        .orderBy('name')
        .forUpdate()
        .execute();
    },

    async turnAlertsOff(ids: string[]): Promise<void> {
      if (ids.length) await db.updateTable('saved_searches').set({ alert: 'off' }).where('id', 'in', ids).execute();
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db.deleteFrom('saved_searches').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },

    /**
     * The user looked at the search now: its new count starts again from zero, and its notifications
     * (alert_matches) are read. One transaction. `undefined` when the user has no such search.
     */
    async markViewed(userId: string, id: string): Promise<SavedSearchRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const viewed = await trx
          .updateTable('saved_searches')
          .set({ last_viewed_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!viewed) return undefined;
        await trx
          .updateTable('alert_matches')
          .set({ read_at: sql<Date>`now()` })
          .where('search_id', '=', id)
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .execute();
        return findOne(trx, userId, id);
      });
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
