import { sql } from 'kysely';
import type { ModelCell } from '../../../shared/valuation/market-model';
import { fitMarketModel, MODEL_RULES, monthNumber, type MarketModel } from '../../../shared/valuation/market-model';
import { monthsBefore } from '../../../shared/stats';
import type { Db } from '../../db/database';

/**
 * The markets' models of prices (from the sold comps) and of rents (from the leases), which the value
 * and rent estimates adjust their comps with (src/shared/valuation/market-model.ts). Fitted on the
 * window of months up to the newest sale (lease), from (ZIP, month) cells the database aggregates,
 * and kept in `market_models`; fitted again by the recomputation when the sales (leases) changed.
 */

export type ModelKind = 'value' | 'rent';

/** Each kind's closed records: the table, its amount column. */
export const SOURCES = {
  value: { table: sql.raw('sold_comps'), amount: sql.raw('close_price') },
  rent: { table: sql.raw('leases'), amount: sql.raw('rent') },
} as const;

/** The markets' models of one kind, by marketKey. */
export type MarketModels = Map<string, MarketModel>;

/** What the records of a kind are now (count and sums over the window): a change in them asks for a new fit. */
async function fingerprint(db: Db, kind: ModelKind, since: string, asOf: string): Promise<string> {
  const { table, amount } = SOURCES[kind];
  const { rows } = await sql<{ f: string }>`
    select concat_ws(':', count(*), sum(${amount}), sum(coalesce(area, 0)), sum(coalesce(beds, 0)), sum(baths_total),
      sum(close_date - date '2000-01-01'), sum(length(zip)), sum(latitude)) as f
    from ${table} where close_date > ${since}::date and close_date <= ${asOf}::date`.execute(db);
  return `${asOf}|${rows[0].f}`;
}

/** The (market, ZIP, month) cells of a kind's window, summed by the database (one JSON value: cheaper to read on PGlite). */
async function readCells(db: Db, kind: ModelKind, since: string, asOf: string) {
  const { table, amount } = SOURCES[kind];
  const { rows } = await sql<{ cells: string | null }>`
    select json_agg(json_build_array(market, city, state, zip, month, n, sy, syy, s1, s2, s3, s11, s12, s13, s22, s23, s33, s1y, s2y, s3y))::text as cells
    from (
      select lower(trim(city)) || '|' || upper(trim(state)) as market, min(trim(city)) as city, min(upper(trim(state))) as state, zip,
        (extract(year from close_date) * 12 + extract(month from close_date) - 1)::int as month,
        count(*)::int as n, sum(y) as sy, sum(y * y) as syy, sum(x1) as s1, sum(x2) as s2, sum(x3) as s3,
        sum(x1 * x1) as s11, sum(x1 * x2) as s12, sum(x1 * x3) as s13, sum(x2 * x2) as s22, sum(x2 * x3) as s23, sum(x3 * x3) as s33,
        sum(x1 * y) as s1y, sum(x2 * y) as s2y, sum(x3 * y) as s3y
      from (
        select city, state, zip, close_date, ln(${amount}::float8) as y, ln(area::float8) as x1, beds::float8 as x2, baths_total::float8 as x3
        from ${table}
        where close_date > ${since}::date and close_date <= ${asOf}::date
          and ${amount} > 0 and area > 0 and beds is not null and baths_total > 0 and zip <> ''
      ) o
      group by 1, zip, 5
    ) c`.execute(db);
  type Row = [string, string, string, string, ...number[]];
  const markets = new Map<string, { city: string; state: string; cells: ModelCell[] }>();
  for (const [market, city, state, zip, month, n, sy, syy, s1, s2, s3, s11, s12, s13, s22, s23, s33, s1y, s2y, s3y] of JSON.parse(
    rows[0]?.cells ?? '[]',
  ) as Row[]) {
    let entry = markets.get(market);
    if (!entry) markets.set(market, (entry = { city, state, cells: [] }));
    entry.cells.push({
      zip,
      month,
      n,
      sumY: sy,
      sumYY: syy,
      sumX: [s1, s2, s3],
      sumXX: [s11, s12, s13, s12, s22, s23, s13, s23, s33],
      sumXY: [s1y, s2y, s3y],
    });
  }
  return markets;
}

/**
 * The markets' models of a kind as of `asOf` (the newest sale's or lease's date): the stored ones when
 * the records they were fitted on are unchanged, else fitted again and stored.
 */
export async function marketModels(db: Db, kind: ModelKind, asOf: string): Promise<MarketModels> {
  const since = monthsBefore(asOf, MODEL_RULES.windowMonths);
  const now = await fingerprint(db, kind, since, asOf);
  const fit = await db.selectFrom('market_model_fits').select('fingerprint').where('kind', '=', kind).executeTakeFirst();
  if (fit?.fingerprint === now) {
    const stored = await db.selectFrom('market_models').select(['market', 'model']).where('kind', '=', kind).execute();
    return new Map(stored.map((m) => [m.market, m.model]));
  }
  const refMonth = monthNumber(asOf);
  const models: MarketModels = new Map();
  const rows: Array<{
    kind: ModelKind;
    market: string;
    city: string;
    state: string;
    ref_month: number;
    observations: number;
    model: string;
  }> = [];
  for (const [market, { city, state, cells }] of await readCells(db, kind, since, asOf)) {
    const model = fitMarketModel(cells, refMonth);
    if (!model) continue;
    models.set(market, model);
    rows.push({ kind, market, city, state, ref_month: refMonth, observations: model.observations, model: JSON.stringify(model) });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('market_models').where('kind', '=', kind).execute();
    if (rows.length) await trx.insertInto('market_models').values(rows).execute();
    await trx
      .insertInto('market_model_fits')
      .values({ kind, fingerprint: now, as_of: asOf })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ fingerprint: now, as_of: asOf, fitted_at: sql`now()` }))
      .execute();
  });
  return models;
}

/** The newest close date of a kind's records, else today. */
export async function newestClose(db: Db, kind: ModelKind): Promise<string> {
  const { table } = SOURCES[kind];
  const { rows } = await sql<{ d: string | null }>`select max(close_date)::text as d from ${table}`.execute(db);
  return rows[0]?.d ?? new Date().toISOString().slice(0, 10);
}

/**
 * What the sales and the leases of the models' windows are now, in one text: the accuracy backtest
 * runs again when it differs from the one its last run measured (an import or a feed sync added or
 * changed closed sales or leases).
 */
export async function closedRecordsFingerprint(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const kind of ['value', 'rent'] as const) {
    const asOf = await newestClose(db, kind);
    parts.push(await fingerprint(db, kind, monthsBefore(asOf, MODEL_RULES.windowMonths), asOf));
  }
  return parts.join(';');
}
