import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** An index of the listings, sold comps or leases tables, as dropMaintainedIndexes found it. */
export interface DroppedIndex {
  name: string;
  /** Its `create index` statement (pg_get_indexdef). */
  definition: string;
}

/**
 * Drops the indexes of the listings (and their returns copy, migration 0031), sold comps and leases that the feed upserts only keep up to date
 * and never read: not the unique keys (ON CONFLICT, the sold keys' lookups) nor the partial index that
 * markListingsNear probes. A bulk load does this inside its transaction and builds them again at its
 * end (restoreIndexes): one sort per index instead of an entry per row, PostgreSQL's own advice for
 * populating a database. Other sessions would wait on the tables until that transaction ends.
 */
export async function dropMaintainedIndexes(trx: Db): Promise<DroppedIndex[]> {
  const indexes = await sql<DroppedIndex>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid in ('properties'::regclass, 'sold_comps'::regclass, 'leases'::regclass, 'property_returns'::regclass) and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and c.relname <> 'properties_point_clean_idx'
    order by c.relname`.execute(trx);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  return indexes.rows;
}

/** The returns copy's triggers that copy the listings' inserts and updates (migration 0031). */
const COPY_TRIGGERS = ['properties_returns_insert', 'properties_returns_update'];

/**
 * Stops copying each written listing into the returns copy (`property_returns`, migration 0031)
 * for the rest of a bulk load's transaction: rebuildReturnsCopy writes it whole at the end, in map
 * order, instead of a trigger's upsert per batch. Other sessions cannot write the listings meanwhile
 * (dropMaintainedIndexes holds them).
 */
export async function suspendReturnsCopy(trx: Db): Promise<void> {
  for (const trigger of COPY_TRIGGERS) await sql`alter table properties disable trigger ${sql.id(trigger)}`.execute(trx);
}

/**
 * Writes the returns copy again from the listed listings, sorted by position (the order its heat-map
 * reads want: migration 0033), and copies each write again from then on. Before restoreIndexes, so
 * its position index is built once over the sorted rows.
 */
export async function rebuildReturnsCopy(trx: Db): Promise<void> {
  for (const trigger of COPY_TRIGGERS) await sql`alter table properties enable trigger ${sql.id(trigger)}`.execute(trx);
  // The copy's columns are the listings' columns of the same names.
  const columns = await sql<{ names: string }>`
    select string_agg(quote_ident(attname), ', ' order by attnum) as names from pg_attribute
    where attrelid = 'property_returns'::regclass and attnum > 0 and not attisdropped`.execute(trx);
  const names = sql.raw(columns.rows[0].names);
  await sql`truncate property_returns`.execute(trx);
  await sql`insert into property_returns (${names}) select ${names} from properties where off_market_at is null
    order by longitude, latitude`.execute(trx);
}

/** Builds again the indexes dropMaintainedIndexes dropped. */
export async function restoreIndexes(trx: Db, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
}

/** Whether the listings, sold comps and leases hold fewer than `rows` rows together (reads at most that many of each). */
export async function holdFewerRowsThan(db: Db, rows: number): Promise<boolean> {
  const limit = Math.max(0, Math.ceil(rows));
  const result = await sql<{ n: number }>`
    select (select count(*) from (select 1 from properties limit ${limit}) p)::int
      + (select count(*) from (select 1 from sold_comps limit ${limit}) s)::int
      + (select count(*) from (select 1 from leases limit ${limit}) l)::int as n`.execute(db);
  return result.rows[0].n < limit;
}
