import type { Static, TSchema } from '@sinclair/typebox';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { BulkRequest } from '../../../shared/schemas/admin';
import { trimValues, type FieldErrors } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import { contains, likePattern } from '../../db/text-search';
import { conflict, notFound, throwIfInvalid } from '../../http/errors';
import { checkId } from '../../http/ids';
import { changed, writeAudit, type AuditChange, type AuditView } from '../audit';
import { inChunks } from '../../lib/in-chunks';
import {
  accountHasUsersMessage,
  type CatalogColumn,
  type CatalogDefinition,
  type CatalogForm,
  type CatalogRow,
  type CatalogTable,
  type CatalogValues,
} from './catalog-definitions';
import { ACTIVE_COLUMN_MESSAGE, bulkConflict, checkBodyId, pageOf, parseActive, parseSort } from './common';
import { writeCsv } from '../../lib/csv';
import { importReport, readImportFile, throwIfRowsInvalid } from './import-file';
import type { ImportingSection } from './section';

const CHUNK = 5000;

type CatalogEb = ExpressionBuilder<DB, CatalogTable>;

/** One generic section for the simple catalogues (markets, interests, strategies, accounts). */
export function createCatalogSection<S extends TSchema>(db: Db, def: CatalogDefinition<S>): ImportingSection<S, CatalogForm> {
  const keys = def.fields.map((f) => f.key);
  const column = (key: CatalogColumn) => db.dynamic.ref<CatalogColumn>(`${def.table}.${key}`);

  const select = (q: Kysely<DB>) =>
    q
      .selectFrom(def.table)
      .select([`${def.table}.id as id`, `${def.table}.active as active`, ...keys.map(column)])
      .$if(def.withUsers === true, (query) =>
        query.select(
          sql<number>`(select count(*)::int from users u where u.account_id = ${sql.ref(`${def.table}.id`)})`.as('userCount'),
        ),
      );

  const auditView = (row: CatalogValues & { active: boolean }): AuditView => ({
    ...Object.fromEntries(keys.map((k) => [k, row[k] ?? ''])),
    active: row.active,
  });

  /** Rows matching `q` in any search column, case-insensitively; everything when it is empty. */
  const search = (q: string | undefined) => (eb: CatalogEb) => {
    const text = (q ?? '').trim();
    if (!text) return eb.lit(true);
    const pattern = likePattern(text);
    return eb.or(def.searchKeys.map((k) => contains(sql`${column(k)}`, pattern)));
  };

  function ordered<O>(query: SelectQueryBuilder<DB, CatalogTable, O>, sort: string | undefined) {
    const { field, desc } = parseSort(sort, def.sortFields[0]);
    const dir = sql.raw(desc ? 'desc' : 'asc');
    const first = keys.find((k) => k === field);
    let out = query.orderBy(first ? sql`lower(${column(first)}) ${dir}` : sql`${sql.ref(`${def.table}.active`)} ${dir}`);
    for (const k of keys.filter((k) => k !== field && k !== 'description')) out = out.orderBy(sql`lower(${column(k)})`);
    return out.orderBy(`${def.table}.id`);
  }

  /** Trimmed values; `state` upper-cased. */
  function normalize(body: CatalogValues): CatalogValues {
    const values: CatalogValues = {};
    for (const field of def.fields) {
      const text = (body[field.key] ?? '').trim();
      values[field.key] = field.upper ? text.toUpperCase() : text;
    }
    return values;
  }

  function validate(values: CatalogValues): FieldErrors {
    const errors = { ...def.validate(trimValues(values)) };
    for (const field of def.fields) {
      if (!errors[field.key] && (values[field.key] ?? '').length > field.maxLength) {
        errors[field.key] = `${field.key[0].toUpperCase()}${field.key.slice(1)} must be at most ${field.maxLength} characters`;
      }
    }
    return errors;
  }

  const uniqueKey = (values: CatalogValues) => def.uniqueKeys.map((k) => (values[k] ?? '').toLowerCase()).join('\u0000');

  async function assertUnique(trx: Transaction<DB>, values: CatalogValues, exceptId?: string) {
    let query = trx.selectFrom(def.table).select(def.uniqueKeys.map(column));
    for (const k of def.uniqueKeys) query = query.where(sql`lower(${column(k)})`, '=', (values[k] ?? '').toLowerCase());
    if (exceptId) query = query.where(`${def.table}.id`, '<>', exceptId);
    // The message names the existing item as it is spelled.
    const existing = await query.executeTakeFirst();
    if (existing) throw conflict(def.duplicateMessage(existing));
  }

  /** Runs a write; a unique violation (a concurrent insert won) becomes the same 409. */
  async function write<T>(values: CatalogValues | null, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (values && isUniqueViolation(error)) throw conflict(def.duplicateMessage(values));
      throw error;
    }
  }

  async function findRow(q: Kysely<DB>, id: string, lock = false): Promise<CatalogRow> {
    const row = await select(q)
      .where(`${def.table}.id`, '=', id)
      .$if(lock, (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) throw notFound(`The ${def.thing} was not found. It may have been deleted.`);
    return row;
  }

  function deleteProblems(rows: CatalogRow[]): Array<{ id: string; message: string }> {
    if (!def.withUsers) return [];
    return rows
      .filter((row) => (row.userCount ?? 0) > 0)
      .map((row) => ({ id: row.id, message: accountHasUsersMessage(row.name ?? '', row.userCount ?? 0) }));
  }

  const audit = (action: AuditChange['action'], id: string, before: AuditView | null, after: AuditView | null): AuditChange => ({
    action,
    entityType: def.thing,
    entityId: id,
    before,
    after,
  });

  return {
    section: def.section,
    thing: def.thing,
    sortFields: def.sortFields,
    item: def.item,
    form: def.form,

    async list(query) {
      if (!query) return (await ordered(select(db), undefined).execute()).map(def.toItem);
      const { page, pageSize, offset } = pageOf(query);
      const [rows, count] = await Promise.all([
        ordered(select(db).where(search(query.q)), query.sort)
          .limit(pageSize)
          .offset(offset)
          .execute(),
        db
          .selectFrom(def.table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(search(query.q))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(def.toItem), total: Number(count.n), page, pageSize };
    },

    async get(rawId): Promise<Static<S>> {
      return def.toItem(await findRow(db, checkId(def.thing, rawId)));
    },

    async create(actor, body) {
      const values = normalize(body);
      throwIfInvalid(validate(values));
      const active = body.active === true;
      const id = await write(values, async (trx) => {
        await assertUnique(trx, values);
        const row = await trx
          .insertInto(def.table)
          .values({ ...values, active })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, actor, [audit('create', row.id, null, auditView({ ...values, active }))]);
        return row.id;
      });
      return def.toItem(await findRow(db, id));
    },

    async update(actor, rawId, body) {
      const id = checkId(def.thing, rawId);
      checkBodyId(def.thing, body._id, id);
      const values = normalize(body);
      throwIfInvalid(validate(values));
      await write(values, async (trx) => {
        const before = await findRow(trx, id, true);
        const active = typeof body.active === 'boolean' ? body.active : before.active;
        await assertUnique(trx, values, id);
        const after = { ...values, active };
        if (!changed(auditView(before), auditView(after))) return;
        await trx
          .updateTable(def.table)
          .set({ ...after, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        await writeAudit(trx, actor, [audit('update', id, auditView(before), auditView(after))]);
      });
      return def.toItem(await findRow(db, id));
    },

    async remove(actor, rawId) {
      const id = checkId(def.thing, rawId);
      await write(null, async (trx) => {
        const row = await findRow(trx, id, true);
        const problems = deleteProblems([row]);
        if (problems.length) throw conflict(problems[0].message);
        await trx.deleteFrom(def.table).where('id', '=', id).execute();
        await writeAudit(trx, actor, [audit('delete', id, auditView(row), null)]);
      });
    },

    async bulk(actor, request: BulkRequest) {
      const ids = request.ids?.map((raw) => checkId(def.thing, raw));
      return write(null, async (trx) => {
        const rows = await select(trx)
          .where((eb) => (ids ? (ids.length ? eb(`${def.table}.id`, 'in', ids) : eb.lit(false)) : search(request.q)(eb)))
          .forUpdate()
          .execute();
        let target: CatalogRow[];
        const changes: AuditChange[] = [];
        if (request.action === 'delete') {
          const problems = deleteProblems(rows);
          if (problems.length) throw bulkConflict(problems);
          target = rows;
          await inChunks(
            target.map((r) => r.id),
            CHUNK,
            (chunk) => trx.deleteFrom(def.table).where('id', 'in', chunk).execute(),
          );
          for (const row of target) changes.push(audit('delete', row.id, auditView(row), null));
        } else {
          const active = request.action === 'activate';
          target = rows.filter((r) => r.active !== active);
          await inChunks(
            target.map((r) => r.id),
            CHUNK,
            (chunk) =>
              trx
                .updateTable(def.table)
                .set({ active, updated_at: sql<Date>`now()` })
                .where('id', 'in', chunk)
                .execute(),
          );
          for (const row of target) changes.push(audit(request.action, row.id, auditView(row), auditView({ ...row, active })));
        }
        await writeAudit(trx, actor, changes);
        return { action: request.action, matched: rows.length, changed: target.length };
      });
    },

    async exportCsv(q) {
      const rows = await ordered(select(db).where(search(q)), undefined).execute();
      return writeCsv(
        [...keys, 'active'],
        rows.map((row) => [...keys.map((k) => row[k] ?? ''), row.active]),
      );
    },

    async importCsv(actor, csv, dryRun) {
      const rows = readImportFile(csv, { columns: [...keys, 'active'], required: def.requiredColumns });
      const existing = new Map(
        (await db.selectFrom(def.table).select(def.uniqueKeys.map(column)).execute()).map((row) => [uniqueKey(row), row]),
      );
      const inFile = new Map<string, number>();
      const records: Array<CatalogValues & { active: boolean }> = [];
      const firstKey = def.uniqueKeys[0];
      for (const row of rows) {
        const values = normalize(row.values);
        row.values = { ...row.values, ...values };
        Object.assign(row.errors, validate(values));
        const active = parseActive(row.values.active);
        if (active === undefined) row.errors.active = ACTIVE_COLUMN_MESSAGE;
        const key = uniqueKey(values);
        if (!row.errors[firstKey] && def.uniqueKeys.every((k) => values[k] !== '')) {
          const found = existing.get(key);
          if (found) row.errors[firstKey] = def.duplicateMessage(found);
          else if (inFile.has(key)) row.errors[firstKey] = `The same ${def.thing} is on row ${inFile.get(key)}`;
          else inFile.set(key, row.row);
        }
        records.push({ ...values, active: active ?? false });
      }
      const report = importReport(rows);
      if (dryRun) return report;
      throwIfRowsInvalid(report);
      try {
        report.created = await write(null, async (trx) => {
          const created: AuditChange[] = [];
          await inChunks(records, CHUNK, async (chunk) => {
            const ids = await trx.insertInto(def.table).values(chunk).returning('id').execute();
            ids.forEach((r, i) => created.push(audit('import', r.id, null, auditView(chunk[i]))));
          });
          await writeAudit(trx, actor, created);
          return created.length;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`Some ${def.section} were added meanwhile; nothing was imported. Check the file again.`);
        throw error;
      }
      return report;
    },
  };
}
