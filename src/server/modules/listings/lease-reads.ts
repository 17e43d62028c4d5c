import { sql } from 'kysely';
import type { LeaseCandidate } from '../../../shared/rent-estimate';
import type { Db } from '../../db/database';

/** The recomputation's reads of the leases: their reference date, the candidates near a batch, the cities' medians. */
export function createLeaseReads(db: Db) {
  return {
    /** The newest lease's date (the estimate's "today", like the sold comps'), else today. */
    async asOf(): Promise<string> {
      const row = await sql<{ d: string | null }>`select max(close_date)::text as d from leases`.execute(db);
      return row.rows[0]?.d ?? new Date().toISOString().slice(0, 10);
    },

    /**
     * The leases closed in [since, asOf] inside a box (one range of the position index: a join to
     * many small boxes made the planner scan the table for each), as one JSON value: rows of fields
     * each parsed on their own cost PGlite several times as much.
     */
    async candidates(
      box: { s: number; n: number; w: number; e: number },
      since: string,
      asOf: string,
    ): Promise<LeaseCandidate[]> {
      const result = await sql<{ leases: string | null }>`
        select json_agg(json_build_array(l.id, l.latitude, l.longitude, l.beds, l.area, l.rent, l.close_date - date '1970-01-01',
          nullif(l.baths_total, 0), nullif(l.zip, '')))::text as leases
        from leases l
        where l.longitude between ${box.w} and ${box.e} and l.latitude between ${box.s} and ${box.n}
          and l.close_date between ${since}::date and ${asOf}::date`.execute(db);
      const rows = JSON.parse(result.rows[0]?.leases ?? '[]') as Array<
        [string, number, number, number | null, number | null, number, number, number | null, string | null]
      >;
      return rows.map(([id, latitude, longitude, beds, area, rent, closeDay, baths, zip]) => ({
        id,
        latitude,
        longitude,
        beds,
        area,
        rent,
        closeDay,
        baths,
        zip,
      }));
    },

    /**
     * Each city's median rent per square foot of its leases closed in [since, asOf], keyed like the
     * markets (city lower-cased | state upper-cased): the fallback rent of a listing with too few lease comps.
     */
    async cityRentsPerSqft(since: string, asOf: string): Promise<Map<string, number>> {
      const result = await sql<{ key: string; per_sqft: number }>`
        select lower(trim(city)) || '|' || upper(trim(state)) as key,
          percentile_cont(0.5) within group (order by rent / area) as per_sqft
        from leases
        where area > 0 and close_date between ${since}::date and ${asOf}::date
        group by 1`.execute(db);
      return new Map(result.rows.map((r) => [r.key, Number(r.per_sqft)]));
    },
  };
}
