import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A listing that left the market before the database held it (past_listings, migration 0039). */
export interface PastListingRecord {
  listing_key: string;
  city: string;
  state: string;
  zip: string;
  area: number | null;
  latitude: number;
  longitude: number;
  /** Its price when it came on the market. */
  list_price: number;
  /** Its cuts' days (YYYY-MM-DD), oldest first, and the prices they went to. */
  cut_dates: string[];
  cut_prices: number[];
  on_market_date: string;
  off_market_date: string;
}

/**
 * Writes past listings in one statement; a key already there is left as it is (they are history:
 * loading the same set again changes nothing). Returns how many were new.
 */
export async function insertPastListings(db: Db, records: readonly PastListingRecord[]): Promise<number> {
  if (!records.length) return 0;
  const result = await sql<{ inserted: number }>`
    with up as (
      insert into past_listings (listing_key, city, state, zip, area, latitude, longitude, list_price, cut_dates,
        cut_prices, on_market_date, off_market_date)
      select * from json_to_recordset(${JSON.stringify(records)}::json) as v(listing_key text, city text, state text,
        zip text, area integer, latitude double precision, longitude double precision, list_price integer,
        cut_dates date[], cut_prices integer[], on_market_date date, off_market_date date)
      on conflict (listing_key) do nothing
      returning 1
    )
    select count(*)::int as inserted from up`.execute(db);
  return result.rows[0].inserted;
}
