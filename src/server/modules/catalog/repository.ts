import { sql, type ExpressionBuilder, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Tables } from '../../db/schema';
import { contains, likePattern } from '../../db/text-search';
import { inChunks } from '../../lib/in-chunks';
import type { Db } from '../../db/database';

/** The catalogues an admin edits, each a table of a few text columns and `active`. */
export type CatalogTable = 'markets' | 'interests' | 'strategies' | 'accounts';
export type CatalogColumn = 'city' | 'state' | 'description' | 'name';

/** A catalogue's text values by column (each table has some of the columns). */
export type CatalogValues = Partial<Record<CatalogColumn, string>>;

/** A catalogue row as the admin section reads it. */
export type CatalogRow = CatalogValues & { id: string; active: boolean; userCount?: number };

/** What the SQL needs to know of one catalogue. */
export interface CatalogShape {
  table: CatalogTable;
  /** Its text columns, in form order. */
  columns: readonly CatalogColumn[];
  searchColumns: readonly CatalogColumn[];
  /** The natural key, compared case-insensitively (a unique index backs it). */
  uniqueColumns: readonly CatalogColumn[];
  /** accounts: each row carries how many users it has. */
  withUsers?: boolean;
}

/** A list's order: one of the text columns, or `active`; ties go by the other columns, then id. */
export interface CatalogOrder {
  field: string;
  desc: boolean;
}

/** Which rows a bulk action means: these ids, or every row matching the search text. */
export type CatalogSelection = { ids: string[] } | { q: string | undefined };

const CHUNK = 5000;

type CatalogEb = ExpressionBuilder<Tables, CatalogTable>;

/** One catalogue's rows, on `q` (the database or a transaction). */
export function createCatalogRepository(q: Db, shape: CatalogShape) {
  const { table, columns } = shape;
  const column = (key: CatalogColumn) => q.dynamic.ref<CatalogColumn>(`${table}.${key}`);

  const select = () =>
    q
      .selectFrom(table)
      .select([`${table}.id as id`, `${table}.active as active`, ...columns.map(column)])
      .$if(shape.withUsers === true, (query) =>
        query.select(
          sql<number>`(select count(*)::int from users u where u.account_id = ${sql.ref(`${table}.id`)})`.as('userCount'),
        ),
      );

  /** Rows matching `text` in any search column, case-insensitively; everything when it is empty. */
  const matching = (text: string | undefined) => (eb: CatalogEb) => {
    const trimmed = (text ?? '').trim();
    if (!trimmed) return eb.lit(true);
    const pattern = likePattern(trimmed);
    return eb.or(shape.searchColumns.map((k) => contains(sql`${column(k)}`, pattern)));
  };

  function ordered<O>(query: SelectQueryBuilder<Tables, CatalogTable, O>, order: CatalogOrder) {
    const dir = sql.raw(order.desc ? 'desc' : 'asc');
    const first = columns.find((k) => k === order.field);
    let out = query.orderBy(first ? sql`lower(${column(first)}) ${dir}` : sql`${sql.ref(`${table}.active`)} ${dir}`);
    for (const k of columns.filter((k) => k !== order.field && k !== 'description')) out = out.orderBy(sql`lower(${column(k)})`);
    return out.orderBy(`${table}.id`);
  }

  const selected = (selection: CatalogSelection) => (eb: CatalogEb) =>
    'ids' in selection
      ? selection.ids.length
        ? eb(`${table}.id`, 'in', selection.ids)
        : eb.lit(false)
      : matching(selection.q)(eb);

  return {
    /** Rows matching `search` in `order`; a page of them when `page` is given. */
    async list(order: CatalogOrder, search?: string, page?: { limit: number; offset: number }): Promise<CatalogRow[]> {
      return ordered(select().where(matching(search)), order)
        .$if(page !== undefined, (query) => query.limit(page!.limit).offset(page!.offset))
        .execute();
    },

    async count(search?: string): Promise<number> {
      const row = await q
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where(matching(search))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One row; locked until the transaction ends with `lock`. */
    async find(id: string, lock = false): Promise<CatalogRow | undefined> {
      return select()
        .where(`${table}.id`, '=', id)
        .$if(lock, (query) => query.forUpdate())
        .executeTakeFirst();
    },

    /** The row with the same natural key (as it is spelled there), other than `exceptId`. */
    async findSame(values: CatalogValues, exceptId?: string): Promise<CatalogValues | undefined> {
      let query = q.selectFrom(table).select(shape.uniqueColumns.map(column));
      for (const k of shape.uniqueColumns) query = query.where(sql`lower(${column(k)})`, '=', (values[k] ?? '').toLowerCase());
      if (exceptId) query = query.where(`${table}.id`, '<>', exceptId);
      return query.executeTakeFirst();
    },

    /** Every row's natural key. */
    async naturalKeys(): Promise<CatalogValues[]> {
      return q.selectFrom(table).select(shape.uniqueColumns.map(column)).execute();
    },

    /** The rows a bulk action means, locked until the transaction ends. */
    async lockSelection(selection: CatalogSelection): Promise<CatalogRow[]> {
      return select().where(selected(selection)).forUpdate().execute();
    },

    async insert(values: CatalogValues & { active: boolean }): Promise<string> {
      const row = await q.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Inserts the rows in chunks; their ids in the same order. */
    async insertMany(rows: ReadonlyArray<CatalogValues & { active: boolean }>): Promise<string[]> {
      const ids: string[] = [];
      await inChunks([...rows], CHUNK, async (chunk) => {
        for (const r of await q.insertInto(table).values(chunk).returning('id').execute()) ids.push(r.id);
      });
      return ids;
    },

    async update(id: string, values: CatalogValues & { active: boolean }): Promise<void> {
      await q
        .updateTable(table)
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async setActive(ids: string[], active: boolean): Promise<void> {
      await inChunks(ids, CHUNK, (chunk) =>
        q
          .updateTable(table)
          .set({ active, updated_at: sql<Date>`now()` })
          .where('id', 'in', chunk)
          .execute(),
      );
    },

    async remove(ids: string[]): Promise<void> {
      await inChunks(ids, CHUNK, (chunk) => q.deleteFrom(table).where('id', 'in', chunk).execute());
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/**
 * Fills a catalogue with its first rows when it is empty (an admin's deletions stick). Distinct
 * created_at values keep the rows' order (lookups sort by created_at).
 */
export async function seedCatalog(
  q: Db,
  table: 'strategies' | 'interests',
  rows: ReadonlyArray<{ name: string; description: string }>,
): Promise<void> {
  const present = await q
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(present.n) > 0) return;
  const start = Date.now();
  const values: Array<Insertable<Tables['strategies']>> = rows.map((row, i) => ({
    ...row,
    created_at: new Date(start + i),
    updated_at: new Date(start + i),
  }));
  await q.insertInto(table).values(values).execute();
}
