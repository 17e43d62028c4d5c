import { sql, type Kysely, type Transaction } from 'kysely';
import {
  trimValues,
  validateAccountForm,
  validateMarketForm,
  validateNamedItemForm,
  type FieldErrors,
} from '../../../shared/validation';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import { changed, writeAudit, type AuditChange, type EntityType } from './audit';
import {
  ACTIVE_COLUMN_MESSAGE,
  bulkConflict,
  checkId,
  contains,
  isUniqueViolation,
  likePattern,
  pageOf,
  parseActive,
  parseSort,
  plural,
  throwIfInvalid,
  type Actor,
  type ListQuery,
  type Page,
} from './common';
import { writeCsv } from './csv';
import { finishImport, readImportFile, type AdminSection, type BulkRequest, type BulkResult } from './section';

/**
 * One generic section for the simple catalogues (markets, interests, strategies, accounts): a
 * table whose wire fields are its columns, plus `active`. The definitions below say what differs.
 */
export interface CatalogDefinition {
  thing: EntityType;
  section: string;
  table: 'markets' | 'interests' | 'strategies' | 'accounts';
  /** Text fields, wire name = column name, in form order. */
  fields: ReadonlyArray<{ key: string; maxLength: number; upper?: boolean }>;
  validate(values: Record<string, unknown>): FieldErrors;
  /** The natural key, compared case-insensitively (a unique index backs it). */
  uniqueKeys: readonly string[];
  duplicateMessage(values: Record<string, unknown>): string;
  searchKeys: readonly string[];
  sortFields: readonly string[];
  defaultSort: string;
  /** Required columns of an import (the others may be left out). */
  requiredColumns: readonly string[];
  /** accounts: items carry `userCount`, and an account with users cannot be deleted. */
  withUsers?: boolean;
}

export const MARKETS: CatalogDefinition = {
  thing: 'market',
  section: 'markets',
  table: 'markets',
  fields: [
    { key: 'city', maxLength: 100 },
    { key: 'state', maxLength: 2, upper: true },
    { key: 'description', maxLength: 2000 },
  ],
  validate: (v) => validateMarketForm(v as never),
  uniqueKeys: ['city', 'state'],
  duplicateMessage: (v) => `A market for ${v.city}, ${v.state} already exists.`,
  searchKeys: ['city', 'state', 'description'],
  sortFields: ['city', 'state', 'active'],
  defaultSort: 'city',
  requiredColumns: ['city', 'state'],
};

const named = (
  thing: 'interest' | 'strategy',
  section: string,
  table: 'interests' | 'strategies',
  article: string,
): CatalogDefinition => ({
  thing,
  section,
  table,
  fields: [
    { key: 'name', maxLength: 200 },
    { key: 'description', maxLength: 2000 },
  ],
  validate: (v) => validateNamedItemForm(v as never),
  uniqueKeys: ['name'],
  duplicateMessage: (v) => `${article} ${thing} named "${v.name}" already exists.`,
  searchKeys: ['name', 'description'],
  sortFields: ['name', 'active'],
  defaultSort: 'name',
  requiredColumns: ['name', 'description'],
});

export const INTERESTS = named('interest', 'interests', 'interests', 'An');
export const STRATEGIES = named('strategy', 'strategies', 'strategies', 'A');

export const ACCOUNTS: CatalogDefinition = {
  thing: 'account',
  section: 'accounts',
  table: 'accounts',
  fields: [{ key: 'name', maxLength: 200 }],
  validate: (v) => validateAccountForm(v as never),
  uniqueKeys: ['name'],
  duplicateMessage: (v) => accountExistsMessage(String(v.name)),
  searchKeys: ['name'],
  sortFields: ['name', 'active'],
  defaultSort: 'name',
  requiredColumns: ['name'],
  withUsers: true,
};

export const accountExistsMessage = (name: string) => `An account named "${name}" already exists.`;
export const accountHasUsersMessage = (name: string, users: number) =>
  `The account ${name} still has ${plural(users, 'user')}. Move or delete them first.`;

type Row = Record<string, unknown> & { id: string; active: boolean; userCount?: number };
type Item = Record<string, unknown> & { _id: string };

const CHUNK = 5000;
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export function createCatalogSection(db: Db, def: CatalogDefinition): AdminSection {
  // The definitions pick the table at run time; Kysely's table typing cannot follow, hence `any` here only.
  const anyDb = db as unknown as Kysely<any>;
  const keys = def.fields.map((f) => f.key);
  const auditKeys = [...keys, 'active'];

  const select = (q: Kysely<any> | Transaction<any>) => {
    let query = q.selectFrom(`${def.table} as t`).select(['t.id', ...keys.map((k) => `t.${k}`), 't.active']);
    if (def.withUsers) {
      query = query.select(sql<number>`(select count(*)::int from users u where u.account_id = t.id)`.as('userCount'));
    }
    return query;
  };

  const toItem = (row: Row): Item => ({
    _id: row.id,
    ...Object.fromEntries(keys.map((k) => [k, row[k]])),
    active: row.active,
    ...(def.withUsers ? { userCount: Number(row.userCount ?? 0) } : {}),
  });
  const auditView = (row: Record<string, unknown>) => Object.fromEntries(auditKeys.map((k) => [k, row[k]]));

  const searchWhere = (q: string | undefined) => (eb: any) => {
    const text = (q ?? '').trim();
    if (!text) return eb.val(true);
    const pattern = likePattern(text);
    return eb.or(def.searchKeys.map((k) => contains(sql.ref(`t.${k}`), pattern)));
  };

  const orderBy = (query: any, sort: string | undefined) => {
    const { field, desc } = parseSort(sort, def.defaultSort);
    const dir = desc ? 'desc' : 'asc';
    const expression = field === 'active' ? sql.ref('t.active') : sql`lower(${sql.ref(`t.${field}`)})`;
    query = query.orderBy(expression, dir);
    for (const k of keys.filter((k) => k !== field && k !== 'description'))
      query = query.orderBy(sql`lower(${sql.ref(`t.${k}`)})`);
    return query.orderBy('t.id');
  };

  /** Trimmed values; `state` upper-cased; `active` from the body or the fallback. */
  function normalize(body: Record<string, unknown>): Record<string, string> {
    const values: Record<string, string> = {};
    for (const field of def.fields) {
      const raw = body[field.key];
      const text = typeof raw === 'string' ? raw.trim() : '';
      values[field.key] = field.upper ? text.toUpperCase() : text;
    }
    return values;
  }

  function validate(values: Record<string, string>): FieldErrors {
    const errors = { ...def.validate(trimValues(values)) };
    for (const field of def.fields) {
      if (!errors[field.key] && values[field.key].length > field.maxLength) {
        errors[field.key] = `${field.key[0].toUpperCase()}${field.key.slice(1)} must be at most ${field.maxLength} characters`;
      }
    }
    return errors;
  }

  const uniqueKey = (values: Record<string, unknown>) =>
    def.uniqueKeys.map((k) => String(values[k]).toLowerCase()).join('\u0000');

  async function assertUnique(trx: Transaction<any>, values: Record<string, string>, exceptId?: string) {
    let query = trx.selectFrom(def.table).select(['id', ...def.uniqueKeys]);
    for (const k of def.uniqueKeys) query = query.where(sql`lower(${sql.ref(k)})`, '=', values[k].toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    // The message names the existing item as it is spelled.
    const existing = await query.executeTakeFirst();
    if (existing) throw conflict(def.duplicateMessage(existing));
  }

  /** Runs a write; a unique violation (a concurrent insert won) becomes the same 409. */
  async function write<T>(values: Record<string, string> | null, work: (trx: Transaction<any>) => Promise<T>): Promise<T> {
    try {
      return await anyDb.transaction().execute(work);
    } catch (error) {
      if (values && isUniqueViolation(error)) throw conflict(def.duplicateMessage(values));
      throw error;
    }
  }

  async function findRow(q: Kysely<any> | Transaction<any>, id: string, lock = false): Promise<Row> {
    let query = select(q).where('t.id', '=', id);
    if (lock) query = query.forUpdate(['t']);
    const row = (await query.executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound(`The ${def.thing} was not found. It may have been deleted.`);
    return row;
  }

  function deleteProblems(rows: Row[]): Array<{ id: string; message: string }> {
    if (!def.withUsers) return [];
    const problems: Array<{ id: string; message: string }> = [];
    for (const row of rows) {
      const users = Number(row.userCount ?? 0);
      if (users > 0) problems.push({ id: row.id, message: accountHasUsersMessage(String(row.name), users) });
    }
    return problems;
  }

  return {
    section: def.section,
    thing: def.thing,
    sortFields: def.sortFields,

    async list(query: ListQuery | null) {
      if (!query) {
        const rows = (await orderBy(select(anyDb), undefined).execute()) as Row[];
        return rows.map(toItem);
      }
      const { page, pageSize, offset } = pageOf(query);
      const [rows, count] = await Promise.all([
        orderBy(select(anyDb).where(searchWhere(query.q)), query.sort)
          .limit(pageSize)
          .offset(offset)
          .execute() as Promise<Row[]>,
        anyDb
          .selectFrom(`${def.table} as t`)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(searchWhere(query.q))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toItem), total: Number(count.n), page, pageSize } satisfies Page<unknown>;
    },

    async get(rawId) {
      return toItem(await findRow(anyDb, checkId(def.thing, rawId)));
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
        await writeAudit(trx as never, actor, [
          { action: 'create', entityType: def.thing, entityId: row.id, before: null, after: auditView({ ...values, active }) },
        ]);
        return row.id as string;
      });
      return toItem(await findRow(anyDb, id));
    },

    async update(actor, rawId, body) {
      const id = checkId(def.thing, rawId);
      if (typeof body._id === 'string' && body._id.trim() !== '' && body._id.trim().toLowerCase() !== id) {
        throw badRequest(`The _id in the body does not match the ${def.thing} in the URL`, { _id: 'Does not match the URL' });
      }
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
          .set({ ...after, updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        await writeAudit(trx as never, actor, [
          { action: 'update', entityType: def.thing, entityId: id, before: auditView(before), after: auditView(after) },
        ]);
      });
      return toItem(await findRow(anyDb, id));
    },

    async remove(actor, rawId) {
      const id = checkId(def.thing, rawId);
      await write(null, async (trx) => {
        const row = await findRow(trx, id, true);
        const problems = deleteProblems([row]);
        if (problems.length) throw conflict(problems[0].message);
        await trx.deleteFrom(def.table).where('id', '=', id).execute();
        await writeAudit(trx as never, actor, [
          { action: 'delete', entityType: def.thing, entityId: id, before: auditView(row), after: null },
        ]);
      });
    },

    async bulk(actor, request: BulkRequest): Promise<BulkResult> {
      const ids = request.ids?.map((raw) => checkId(def.thing, raw));
      return write(null, async (trx) => {
        let query = select(trx);
        query = ids
          ? ids.length
            ? query.where('t.id', 'in', ids)
            : query.where(sql<boolean>`false`)
          : query.where(searchWhere(request.q));
        const rows = (await query.forUpdate(['t']).execute()) as Row[];
        let target: Row[];
        const changes: AuditChange[] = [];
        if (request.action === 'delete') {
          const problems = deleteProblems(rows);
          if (problems.length) throw bulkConflict(problems);
          target = rows;
          for (const batch of chunks(target.map((r) => r.id))) await trx.deleteFrom(def.table).where('id', 'in', batch).execute();
          for (const row of target)
            changes.push({ action: 'delete', entityType: def.thing, entityId: row.id, before: auditView(row), after: null });
        } else {
          const active = request.action === 'activate';
          target = rows.filter((r) => r.active !== active);
          for (const batch of chunks(target.map((r) => r.id))) {
            await trx
              .updateTable(def.table)
              .set({ active, updated_at: sql`now()` })
              .where('id', 'in', batch)
              .execute();
          }
          for (const row of target) {
            changes.push({
              action: request.action,
              entityType: def.thing,
              entityId: row.id,
              before: auditView(row),
              after: auditView({ ...row, active }),
            });
          }
        }
        await writeAudit(trx as never, actor, changes);
        return { action: request.action, matched: rows.length, changed: target.length };
      });
    },

    async exportCsv(q) {
      const rows = (await orderBy(select(anyDb).where(searchWhere(q)), undefined).execute()) as Row[];
      return writeCsv(
        auditKeys,
        rows.map((row) => [...keys.map((k) => row[k]), row.active ? 'true' : 'false']),
      );
    },

    async importCsv(actor, csv, dryRun) {
      const rows = readImportFile(csv, { columns: auditKeys, required: def.requiredColumns });
      const existing = new Map(
        (
          (await anyDb
            .selectFrom(def.table)
            .select(def.uniqueKeys as string[])
            .execute()) as Array<Record<string, unknown>>
        ).map((row) => [uniqueKey(row), row]),
      );
      const inFile = new Map<string, number>();
      const records: Array<Record<string, unknown>> = [];
      for (const row of rows) {
        const values = normalize(row.values);
        row.values = { ...row.values, ...values };
        Object.assign(row.errors, validate(values));
        const active = parseActive(row.values.active);
        if (active === undefined) row.errors.active = ACTIVE_COLUMN_MESSAGE;
        const key = uniqueKey(values);
        const column = def.uniqueKeys[0];
        if (!row.errors[column] && def.uniqueKeys.every((k) => values[k] !== '')) {
          const found = existing.get(key);
          if (found) row.errors[column] = def.duplicateMessage(found);
          else if (inFile.has(key)) row.errors[column] = `The same ${def.thing} is on row ${inFile.get(key)}`;
          else inFile.set(key, row.row);
        }
        records.push({ ...values, active: active ?? false });
      }
      return finishImport(rows, dryRun, () =>
        write(null, async (trx) => {
          const created: AuditChange[] = [];
          for (const batch of chunks(records)) {
            const ids = await trx.insertInto(def.table).values(batch).returning('id').execute();
            ids.forEach((r: { id: string }, i: number) =>
              created.push({ action: 'import', entityType: def.thing, entityId: r.id, before: null, after: auditView(batch[i]) }),
            );
          }
          await writeAudit(trx as never, actor, created);
          return created.length;
        }).catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw conflict(`Some ${def.section} were added meanwhile; nothing was imported. Check the file again.`);
          throw error;
        }),
      );
    },
  };
}
