import { sql } from 'kysely';
import type { PlaceQuery } from '../../../shared/place-query';
import type { Place } from '../../../shared/schemas/places';
import type { Db } from '../../db/database';
import type { PlacesTable } from '../../db/schema';
import { escapeLike } from '../../db/text-search';
import { addMarketsOfListings } from '../catalog';

/** At most this many places answer one query. */
export const MAX_PLACES = 5;

/**
 * Rebuilds the places from the listed listings (not off market): a row per city and state, and per
 * ZIP, with the mean position, the extent and the count of their listings. Run after a bulk write (demo data, feed
 * import); one transaction, so a reader sees the old places or the new ones.
 */
async function rebuildPlaces(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('places').execute();
    const cities = await sql`
      insert into places (kind, key, city, state, zip, latitude, longitude, south, west, north, east, listings)
      select 'city', lower(city) || '|' || upper(state), mode() within group (order by city), upper(state), null,
        avg(latitude), avg(longitude), min(latitude), min(longitude), max(latitude), max(longitude), count(*)
      from properties
      where city is not null and state is not null and btrim(city) <> '' and off_market_at is null
      group by lower(city), upper(state)`.execute(trx);
    const zips = await sql`
      insert into places (kind, key, city, state, zip, latitude, longitude, south, west, north, east, listings)
      select 'zip', zip, mode() within group (order by city), mode() within group (order by upper(state)), zip,
        avg(latitude), avg(longitude), min(latitude), min(longitude), max(latitude), max(longitude), count(*)
      from properties
      where zip ~ '^[0-9]{5}$' and city is not null and state is not null and off_market_at is null
      group by zip`.execute(trx);
    await addMarketsOfListings(trx);
    return Number(cities.numAffectedRows ?? 0) + Number(zips.numAffectedRows ?? 0);
  });
}

function toPlace(row: PlacesTable): Place {
  const where = `${row.city}, ${row.state}`;
  return {
    kind: row.kind,
    label: row.kind === 'zip' ? `${row.zip} (${where})` : where,
    city: row.city,
    state: row.state,
    zip: row.zip,
    center: { lat: row.latitude, lng: row.longitude },
    bounds: { ne: { lat: row.north, lng: row.east }, sw: { lat: row.south, lng: row.west } },
    listings: row.listings,
  };
}

/** The places a query names: a ZIP exactly; a city by its name (and state), else by its name's start. */
async function findPlaces(db: Db, query: PlaceQuery): Promise<Place[]> {
  if (query.kind === 'zip') {
    const rows = await db.selectFrom('places').selectAll().where('kind', '=', 'zip').where('key', '=', query.zip).execute();
    return rows.map(toPlace);
  }
  const cities = (match: 'exact' | 'prefix') => {
    let q = db.selectFrom('places').selectAll().where('kind', '=', 'city');
    q =
      match === 'exact'
        ? q.where(sql<string>`lower(city)`, '=', query.city.toLowerCase())
        : q.where(sql<string>`lower(city)`, 'like', `${escapeLike(query.city.toLowerCase())}%`);
    if (query.state) q = q.where('state', '=', query.state);
    return q.orderBy('listings', 'desc').orderBy('key').limit(MAX_PLACES).execute();
  };
  const exact = await cities('exact');
  return (exact.length ? exact : await cities('prefix')).map(toPlace);
}

/** Our geocoding: the places the listings are in, rebuilt after bulk writes, found by name or ZIP. */
export function createPlacesRepository(db: Db) {
  return {
    /** The places rebuilt from the listings (and their cities made markets); how many places there are. */
    refreshPlaces: () => rebuildPlaces(db),
    findPlaces: (query: PlaceQuery) => findPlaces(db, query),
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;

/** What other modules call after a bulk write (the demo load, a feed import). */
export const refreshPlaces = (db: Db): Promise<number> => createPlacesRepository(db).refreshPlaces();
