import { sql } from 'kysely';
import type { Rate, RatesListQuery, RatesPage } from '../../../shared/schemas/rates';
import { FINANCING_PRODUCT, loanTermMonths } from '../../../shared/invest';
import type { Db } from '../../db/database';

/** SQL for the latest rate of a product (by week): a scalar subquery, null when it has none. */
export function latestRateSql(product = FINANCING_PRODUCT) {
  return sql<
    number | null
  >`(select rate from rates where lower(product) = lower(${product}) order by as_of desc, created_at desc limit 1)`;
}

/** A rate's stored fields, as the admin form writes them (product and week unique). */
export interface RateValues {
  product: string;
  rate: number;
  asOf: string;
  source: string;
}

export interface RateRow {
  id: string;
  product: string;
  rate: number;
  as_of: string;
  source: string;
}

export const toRate = (r: RateRow): Rate => ({
  _id: r.id,
  product: r.product,
  rate: r.rate,
  termMonths: loanTermMonths(r.product),
  asOf: r.as_of,
  source: r.source,
});

const SORT_SQL = {
  asOf: sql`as_of`,
  product: sql`lower(product)`,
  rate: sql`rate`,
} as const;

/** The feed's row as the Rates screen reads it. */
export interface FeedRecord {
  url: string;
  lastFetchAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastWritten: number | null;
}

/** The rates and the rates feed's record. */
export function createRatesRepository(db: Db) {
  return {
    /** The latest rate of a product (by week), or null. */
    async latestRate(product = FINANCING_PRODUCT): Promise<number | null> {
      const row = await sql<{ rate: number | null }>`select ${latestRateSql(product)} as rate`.execute(db);
      return row.rows[0]?.rate ?? null;
    },

    /** A page of rates, newest survey week first unless `sort` says otherwise; `q` matches the product. */
    /** Each product's latest rate. */
    async latestOfEachProduct(): Promise<Rate[]> {
      const rows = await sql<RateRow>`
    select distinct on (lower(product)) id, product, rate, as_of::text as as_of, source
    from rates order by lower(product), as_of desc, created_at desc`.execute(db);
      return rows.rows.map(toRate);
    },

    async listRates(query: RatesListQuery): Promise<RatesPage> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 50;
      const sort = query.sort ?? '-asOf';
      const desc = sort.startsWith('-');
      const field = (desc ? sort.slice(1) : sort) as keyof typeof SORT_SQL;
      const direction = desc ? sql`desc` : sql`asc`;
      const q = query.q?.trim() ?? '';
      const where = q ? sql`where strpos(lower(product), lower(${q})) > 0` : sql``;
      const rows = await sql<RateRow & { total: number }>`
        select id, product, rate, as_of::text as as_of, source, count(*) over ()::int as total
        from rates ${where}
        order by ${SORT_SQL[field]} ${direction}, as_of desc, lower(product), id
        limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
      let total = rows.rows[0]?.total;
      if (total === undefined) {
        // Past the last page: still say how many match.
        const count = await sql<{ n: number }>`select count(*)::int as n from rates ${where}`.execute(db);
        total = count.rows[0].n;
      }
      return { items: rows.rows.map(toRate), total, page, pageSize };
    },

    async findRate(id: string): Promise<Rate | null> {
      const row = await sql<RateRow>`
        select id, product, rate, as_of::text as as_of, source from rates where id = ${id}::uuid`.execute(db);
      return row.rows[0] ? toRate(row.rows[0]) : null;
    },

    /** The rates of these exact product names and weeks, locked, by `product|asOf`. */
    async findExactWeeks(keys: Array<{ product: string; as_of: string }>): Promise<Map<string, Rate>> {
      if (!keys.length) return new Map();
      const rows = await sql<RateRow>`
        select r.id, r.product, r.rate, r.as_of::text as as_of, r.source
        from rates r join json_to_recordset(${JSON.stringify(keys)}::json) as k(product text, as_of date)
          on r.product = k.product and r.as_of = k.as_of
        for update of r`.execute(db);
      return new Map(rows.rows.map((r) => [`${r.product}|${r.as_of}`, toRate(r)]));
    },

    /** The rate of a product (any case) and week other than `exceptId`, if there is one. */
    async findSameWeek(product: string, asOf: string, exceptId?: string): Promise<Rate | null> {
      const row = await sql<RateRow>`
        select id, product, rate, as_of::text as as_of, source from rates
        where lower(product) = lower(${product}) and as_of = ${asOf}::date
          and (${exceptId ?? null}::uuid is null or id <> ${exceptId ?? null}::uuid)
        limit 1`.execute(db);
      return row.rows[0] ? toRate(row.rows[0]) : null;
    },

    async insertRate(values: RateValues): Promise<Rate> {
      const row = await sql<RateRow>`
        insert into rates (product, rate, as_of, source)
        values (${values.product}, ${values.rate}, ${values.asOf}::date, ${values.source})
        returning id, product, rate, as_of::text as as_of, source`.execute(db);
      return toRate(row.rows[0]);
    },

    /** Rewrites a rate; null when it no longer exists. */
    async updateRate(id: string, values: RateValues): Promise<Rate | null> {
      const row = await sql<RateRow>`
        update rates set product = ${values.product}, rate = ${values.rate}, as_of = ${values.asOf}::date,
          source = ${values.source}, created_at = now()
        where id = ${id}::uuid
        returning id, product, rate, as_of::text as as_of, source`.execute(db);
      return row.rows[0] ? toRate(row.rows[0]) : null;
    },

    /** Deletes a rate; false when it did not exist. */
    /** Adds the rate, or replaces that product's rate of that week; whether it was added. */
    async upsertRate(input: {
      product: string;
      rate: number;
      asOf: string;
      source: string;
    }): Promise<{ rate: Rate; created: boolean }> {
      const row = await sql<RateRow & { created: boolean }>`
      insert into rates (product, rate, as_of, source)
      values (${input.product}, ${input.rate}, ${input.asOf}::date, ${input.source})
      on conflict (product, as_of) do update set rate = excluded.rate, source = excluded.source, created_at = now()
      returning id, product, rate, as_of::text as as_of, source, (xmax = 0) as created`.execute(db);
      return { rate: toRate(row.rows[0]), created: row.rows[0].created };
    },

    /** Writes these weeks' rates in one statement; the rates added or changed. */
    async upsertRates(values: Array<{ product: string; rate: number; as_of: string }>, source: string): Promise<Rate[]> {
      if (!values.length) return [];
      const result = await sql<RateRow>`
      insert into rates (product, rate, as_of, source)
      select product, rate, as_of, ${source} from json_to_recordset(${JSON.stringify(values)}::json) as v(product text, rate float8, as_of date)
      on conflict (product, as_of) do update set rate = excluded.rate, source = excluded.source
      where (rates.rate, rates.source) is distinct from (excluded.rate, excluded.source)
      returning id, product, rate, as_of::text as as_of, source`.execute(db);
      return result.rows.map(toRate);
    },

    async deleteRate(id: string): Promise<boolean> {
      const result = await sql`delete from rates where id = ${id}::uuid`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** The stored rates of some products over some weeks: `product|asOf` → rate (the import's preview). */
    async ratesOfWeeks(products: string[], weeks: string[]): Promise<Map<string, number>> {
      if (!weeks.length) return new Map();
      const rows = await sql<{ product: string; as_of: string; rate: number }>`
        select product, as_of::text as as_of, rate from rates
        where product = any(${products}::text[]) and as_of = any(${weeks}::date[])`.execute(db);
      return new Map(rows.rows.map((r) => [`${r.product}|${r.as_of}`, r.rate]));
    },

    async readFeedRecord(): Promise<FeedRecord | null> {
      const row = await db.selectFrom('rates_feed').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!row) return null;
      return {
        url: row.url,
        lastFetchAt: row.last_fetch_at,
        lastSuccessAt: row.last_success_at,
        lastError: row.last_error,
        lastWritten: row.last_written,
      };
    },

    /** Records how a fetch of `url` ended: `written` rates after a success, or the failure's message. */
    async recordFeedFetch(url: string, outcome: { ok: true; written: number } | { ok: false; error: string }): Promise<void> {
      const now = new Date();
      const values = outcome.ok
        ? { url, last_fetch_at: now, last_success_at: now, last_error: null, last_written: outcome.written }
        : { url, last_fetch_at: now, last_error: outcome.error };
      await db
        .insertInto('rates_feed')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
  };
}

export type RatesRepository = ReturnType<typeof createRatesRepository>;
