import { sql } from 'kysely';
import type { ClosedRecord } from '../../../shared/valuation/backtest-rules';
import type { Db } from '../../db/database';
import { SOURCES, type ModelKind } from './market-models';

/**
 * The sales (`value`) or leases (`rent`) that closed after `since`, a page at a time in id order
 * (`after` the last id read), as the accuracy backtest reads them: one JSON value a page (rows of
 * fields each parsed on their own cost PGlite several times as much), pages short enough that the
 * requests waiting for PGlite's one connection are not held long.
 */
export async function readClosedPage(
  db: Db,
  kind: ModelKind,
  since: string,
  after: string | null,
  limit: number,
  /** One copy of each repeated text (ZIPs, cities, states, dates) across the pages: a million records hold a few thousand. */
  intern: (text: string) => string = (text) => text,
): Promise<ClosedRecord[]> {
  const { table, amount } = SOURCES[kind];
  const { rows } = await sql<{ page: string | null }>`
    select json_agg(json_build_array(id, latitude, longitude, beds, nullif(baths_total, 0), area, nullif(zip, ''), city, state,
      ${amount}, close_date::text) order by id)::text as page
    from (
      select * from ${table}
      where close_date > ${since}::date and (${after}::uuid is null or id > ${after}::uuid)
      order by id
      limit ${limit}
    ) r`.execute(db);
  type Row = [string, number, number, number | null, number | null, number | null, string | null, string, string, number, string];
  return (JSON.parse(rows[0]?.page ?? '[]') as Row[]).map(
    ([id, latitude, longitude, beds, baths, area, zip, city, state, amountValue, closeDate]) => ({
      id,
      latitude,
      longitude,
      beds,
      baths,
      area,
      zip: zip === null ? null : intern(zip),
      city: intern(city),
      state: intern(state),
      amount: amountValue,
      closeDate: intern(closeDate),
    }),
  );
}
