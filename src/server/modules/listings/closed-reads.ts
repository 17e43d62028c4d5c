import { sql } from 'kysely';
import type { ClosedRecord } from '../../../shared/valuation/backtest-rules';
import { parseClosedPage } from '../../../shared/valuation/closed-page';
import type { Db } from '../../db/database';
import { SOURCES, type ModelKind } from './market-models';

/** A page of closed records as the database wrote it: one JSON array of rows, how many, the last id. */
export interface ClosedPageText {
  json: string;
  count: number;
  lastId: string | null;
}

/**
 * The sales (`value`) or leases (`rent`) that closed after `since`, a page at a time in id order
 * (`after` the last id read), as the accuracy backtest reads them: one JSON value a page (rows of
 * fields each parsed on their own cost PGlite several times as much), pages short enough that the
 * requests waiting for PGlite's one connection are not held long. Parsed by `parseClosedPage`
 * (src/shared/valuation/closed-page.ts), which the backtest does on its own thread.
 */
export async function readClosedPageText(
  db: Db,
  kind: ModelKind,
  since: string,
  after: string | null,
  limit: number,
): Promise<ClosedPageText> {
  const { table, amount } = SOURCES[kind];
  const { rows } = await sql<{ page: string | null; n: number; last: string | null }>`
    select json_agg(json_build_array(id, latitude, longitude, beds, nullif(baths_total, 0), area, nullif(zip, ''), city, state,
      ${amount}, close_date::text) order by id)::text as page, count(*)::int as n, (array_agg(id order by id desc))[1]::text as last
    from (
      select * from ${table}
      where close_date > ${since}::date and (${after}::uuid is null or id > ${after}::uuid)
      order by id
      limit ${limit}
    ) r`.execute(db);
  return { json: rows[0]?.page ?? '[]', count: Number(rows[0]?.n ?? 0), lastId: rows[0]?.last ?? null };
}

/** A page read and parsed at once (tests, the bench's reads). */
export async function readClosedPage(
  db: Db,
  kind: ModelKind,
  since: string,
  after: string | null,
  limit: number,
  intern?: (text: string) => string,
): Promise<ClosedRecord[]> {
  return parseClosedPage((await readClosedPageText(db, kind, since, after, limit)).json, intern);
}
