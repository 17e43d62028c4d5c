import { boundsProblems } from '../../../../shared/geo/bounds';
import type { MapBounds } from '../../../../shared/schemas/geo';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_MAX,
  type NewSavedSearch,
  type SavedSearch,
  type SavedSearchChanges,
} from '../../../../shared/schemas/alerts';
import {
  parseSearchFilters,
  searchFilterParams,
  SORT_MESSAGES,
  type SearchFilterParams,
} from '../../../../shared/search-filters';
import type { Db } from '../../../db/database';
import { isUniqueViolation } from '../../../db/errors';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { checkId } from '../../../http/ids';
import {
  createSavedSearchesRepository,
  type SavedSearchFilterColumns,
  type SavedSearchRow,
  type SavedSearchUpdate,
  type SavedSearchView,
} from './saved-searches-repository';

export const SAVED_SEARCH_MESSAGES = {
  notFound: 'Saved search not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  nameTaken: (name: string) => `You already have a saved search named "${name}". Choose another name.`,
  limit: `You already have ${MAX_SAVED_SEARCHES} saved searches, the most one user can keep. Delete one on the dashboard to save another.`,
  nothingToChange: 'Nothing to change: send a name, alert, place, bounds or query',
  antimeridian:
    'This view crosses the antimeridian (180° longitude), which a saved search cannot watch: pan the map so the view stays on one side of it',
} as const;

/** The trimmed name, or 400. */
function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(SAVED_SEARCH_MESSAGES.nameRequired, { name: SAVED_SEARCH_MESSAGES.nameRequired });
  if (name.length > SAVED_SEARCH_NAME_MAX)
    throw badRequest(SAVED_SEARCH_MESSAGES.nameTooLong, { name: SAVED_SEARCH_MESSAGES.nameTooLong });
  return name;
}

/**
 * The view's columns, or 400: the map's bounds rules (corners in range, north of south, east of west,
 * not a point) without the search's span limit, since a saved search may watch a whole region. A view
 * across the antimeridian (east edge west of the west edge) gets its own message.
 */
function checkView(bounds: MapBounds, place: string | undefined): SavedSearchView {
  if (bounds.ne.lng < bounds.sw.lng && Math.abs(bounds.ne.lng) <= 180 && Math.abs(bounds.sw.lng) <= 180) {
    throw badRequest(SAVED_SEARCH_MESSAGES.antimeridian, { bounds: SAVED_SEARCH_MESSAGES.antimeridian });
  }
  const problems = boundsProblems(bounds, { maxSpan: false });
  if (problems.length) {
    const message = problems.length === 1 ? problems[0] : `${problems.join('. ')}.`;
    throw badRequest(message, { bounds: message });
  }
  const placeName = place?.trim();
  return {
    south: bounds.sw.lat,
    west: bounds.sw.lng,
    north: bounds.ne.lat,
    east: bounds.ne.lng,
    place: placeName ? placeName : null,
  };
}

/**
 * The query's filters and sort, or 400 with the search's own messages. Stored twice: `query`
 * normalised as the URL writes it (searchFilterParams, then sort and order), for the client to
 * restore the page; and the typed columns the matcher joins.
 */
function checkQuery(query: NewSavedSearch['query']): SavedSearchFilterColumns {
  const params = query ?? {};
  const { filters, problems } = parseSearchFilters(params as SearchFilterParams);
  if (problems.length) throw badRequest(problems.join('. '), { query: problems.join('. ') });
  if (params.sort === 'coc' && filters.strategy === undefined) {
    throw badRequest(SORT_MESSAGES.cocNeedsStrategy, { 'query.sort': SORT_MESSAGES.cocNeedsStrategy });
  }
  return {
    query: {
      ...searchFilterParams(filters),
      ...(params.sort !== undefined ? { sort: params.sort } : {}),
      ...(params.order !== undefined ? { order: params.order } : {}),
    },
    min_price: filters.minPrice ?? null,
    max_price: filters.maxPrice ?? null,
    min_beds: filters.minBeds ?? null,
    min_baths: filters.minBaths ?? null,
    deal: filters.deal ?? null,
    strategy: filters.strategy ?? null,
    min_coc: filters.minCoc ?? null,
    min_days: filters.minDays ?? null,
    max_days: filters.maxDays ?? null,
    min_cut: filters.minCut ?? null,
    min_below_value: filters.minBelowValue ?? null,
  };
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    bounds: { ne: { lat: row.north, lng: row.east }, sw: { lat: row.south, lng: row.west } },
    place: row.place,
    query: row.query,
    alert: row.alert,
    newCount: row.new_count,
    lastViewedAt: row.last_viewed_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const nameTaken = (name: string) =>
  conflict(SAVED_SEARCH_MESSAGES.nameTaken(name), { name: SAVED_SEARCH_MESSAGES.nameTaken(name) });

/** Turns the unique violation of a taken name into 409. */
async function naming<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** A user's saved searches (docs/investor-api.md, "Saved searches"). */
export function createSavedSearchesService(db: Db) {
  const repository = createSavedSearchesRepository(db);
  const checkSearchId = (id: string) => checkId('saved search', id);

  return {
    async list(userId: string): Promise<SavedSearch[]> {
      return (await repository.list(userId)).map(toSavedSearch);
    },

    async create(userId: string, body: NewSavedSearch): Promise<SavedSearch> {
      const name = checkName(body.name);
      const view = checkView(body.bounds, body.place);
      const filters = checkQuery(body.query);
      const row = await naming(name, () =>
        repository.insert({ userId, name, alert: body.alert ?? 'instant', ...view, ...filters }, MAX_SAVED_SEARCHES),
      );
      if (row === 'limit') throw conflict(SAVED_SEARCH_MESSAGES.limit);
      return toSavedSearch(row);
    },

    /**
     * Renames, changes the alert, relabels the place, or replaces the view (bounds, with the place
     * given or none) or the filters and sort (the whole query).
     */
    async update(userId: string, id: string, body: SavedSearchChanges): Promise<SavedSearch> {
      const searchId = checkSearchId(id);
      const changes: SavedSearchUpdate = {};
      if (body.name !== undefined) changes.name = checkName(body.name);
      if (body.alert !== undefined) changes.alert = body.alert;
      if (body.bounds !== undefined) changes.view = checkView(body.bounds, body.place);
      else if (body.place !== undefined) changes.place = body.place.trim() || null;
      if (body.query !== undefined) changes.filters = checkQuery(body.query);
      // Members the schema does not know are dropped before this (Fastify's removeAdditional), so a
      // body of only those arrives empty.
      if (!Object.keys(changes).length) throw badRequest(SAVED_SEARCH_MESSAGES.nothingToChange);
      const row = await naming(changes.name, () => repository.update(userId, searchId, changes));
      if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return toSavedSearch(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, checkSearchId(id)))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    },

    async markViewed(userId: string, id: string): Promise<SavedSearch> {
      const row = await repository.markViewed(userId, checkSearchId(id));
      if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return toSavedSearch(row);
    },
  };
}
