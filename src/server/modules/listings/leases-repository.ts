import { sql } from 'kysely';
import { MAX_LEASE_RADIUS_MILES } from '../../../shared/rent-estimate';
import type { Db } from '../../db/database';
import { LEASE_COLUMNS, type LeaseRecord } from './feed-records';
import {
  ANY_CLEAN_LISTING,
  columnList,
  lastPerKey,
  markListingsNear,
  placesOf,
  recordset,
  withNewIds,
  type UpsertCounts,
} from './upsert-sql';

/**
 * Inserts new leases and updates changed ones (by ListingKey; a row whose every field is unchanged is
 * not written). The listings within the widest lease radius of a changed lease, where it is now and
 * where it was, are marked for recomputation: those that could gain it as a lease comp, and those
 * whose lease_comp_ids hold it (a lease comp is never farther than that radius from its listing).
 * The key is the leases' own: a lease that shares its key with a listing or a sold comp leaves them as
 * they are (docs/decisions.md, issue 29).
 */
export async function upsertLeases(db: Db, records: readonly LeaseRecord[]): Promise<UpsertCounts> {
  const rows = lastPerKey(records);
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const data = LEASE_COLUMNS.filter((c) => c !== 'listing_key');
  // One statement, its parts seeing the table as it was before it (`before`: where the changed
  // leases were); the written leases' places come back as one JSON text (see upsertSold).
  const result = await sql<{ inserted: number; updated: number; places: string | null; before: string | null; clean: boolean }>`
    with up as (
      insert into leases as l (id, ${columnList(LEASE_COLUMNS)})
      select id, ${columnList(LEASE_COLUMNS)}
      from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(LEASE_COLUMNS, { id: 'uuid' })})
      on conflict (listing_key) do update set
        ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
        updated_at = now()
      where (${columnList(data, 'l.')}) is distinct from (${columnList(data, 'excluded.')})
      returning id, latitude, longitude, (xmax = 0) as inserted
    )
    select (select count(*) filter (where inserted) from up)::int as inserted,
      (select count(*) filter (where not inserted) from up)::int as updated,
      (select json_agg(json_build_array(id, latitude, longitude)) from up)::text as places,
      (select json_agg(json_build_array(l.id, l.latitude, l.longitude)) from leases l join up on up.id = l.id
        where not up.inserted)::text as before,
      ${ANY_CLEAN_LISTING} as clean`.execute(db);
  const { inserted, updated, places, before, clean } = result.rows[0];
  if (clean) await markListingsNear(db, placesOf(places, before), MAX_LEASE_RADIUS_MILES);
  return { inserted, updated, unchanged: rows.length - inserted - updated };
}
