import type { Static, TSchema } from '@sinclair/typebox';
import type { Transaction } from 'kysely';
import type { BulkRequest } from '../../../shared/schemas/admin';
import { trimValues, type FieldErrors } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Tables } from '../../db/schema';
import { conflict, notFound, throwIfInvalid } from '../../http/errors';
import { checkId } from '../../http/ids';
import { changed, writeAudit, type AuditChange, type AuditView } from '../audit';
import {
  createCatalogRepository,
  type CatalogRepository,
  type CatalogRow,
  type CatalogShape,
  type CatalogValues,
} from '../catalog';
import { accountHasUsersMessage, type CatalogDefinition, type CatalogForm } from './catalog-definitions';
import { ACTIVE_COLUMN_MESSAGE, bulkConflict, checkBodyId, pageOf, parseActive, parseSort } from './common';
import { writeCsv } from '../../lib/csv';
import { importReport, readImportFile, throwIfRowsInvalid } from '../../http/import-file';
import type { ImportingSection } from './section';

/** One generic section for the simple catalogues (markets, interests, strategies, accounts). */
export function createCatalogSection<S extends TSchema>(db: Db, def: CatalogDefinition<S>): ImportingSection<S, CatalogForm> {
  const keys = def.fields.map((f) => f.key);
  const shape: CatalogShape = {
    table: def.table,
    columns: keys,
    searchColumns: def.searchKeys,
    uniqueColumns: def.uniqueKeys,
    withUsers: def.withUsers,
  };
  const rows = (q: Db | Transaction<Tables>): CatalogRepository => createCatalogRepository(q, shape);
  const store = rows(db);
  const orderOf = (sort: string | undefined) => parseSort(sort, def.sortFields[0]);

  const auditView = (row: CatalogValues & { active: boolean }): AuditView => ({
    ...Object.fromEntries(keys.map((k) => [k, row[k] ?? ''])),
    active: row.active,
  });

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

  async function assertUnique(trx: Transaction<Tables>, values: CatalogValues, exceptId?: string) {
    // The message names the existing item as it is spelled.
    const existing = await rows(trx).findSame(values, exceptId);
    if (existing) throw conflict(def.duplicateMessage(existing));
  }

  /** Runs a write; a unique violation (a concurrent insert won) becomes the same 409. */
  async function write<T>(values: CatalogValues | null, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (values && isUniqueViolation(error)) throw conflict(def.duplicateMessage(values));
      throw error;
    }
  }

  async function findRow(q: Db | Transaction<Tables>, id: string, lock = false): Promise<CatalogRow> {
    const row = await rows(q).find(id, lock);
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
      if (!query) return (await store.list(orderOf(undefined))).map(def.toItem);
      const { page, pageSize, offset } = pageOf(query);
      const [items, total] = await Promise.all([
        store.list(orderOf(query.sort), query.q, { limit: pageSize, offset }),
        store.count(query.q),
      ]);
      return { items: items.map(def.toItem), total, page, pageSize };
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
        const created = await rows(trx).insert({ ...values, active });
        await writeAudit(trx, actor, [audit('create', created, null, auditView({ ...values, active }))]);
        return created;
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
        await rows(trx).update(id, after);
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
        await rows(trx).remove([id]);
        await writeAudit(trx, actor, [audit('delete', id, auditView(row), null)]);
      });
    },

    async bulk(actor, request: BulkRequest) {
      const ids = request.ids?.map((raw) => checkId(def.thing, raw));
      return write(null, async (trx) => {
        const store = rows(trx);
        const selected = await store.lockSelection(ids ? { ids } : { q: request.q });
        let target: CatalogRow[];
        const changes: AuditChange[] = [];
        if (request.action === 'delete') {
          const problems = deleteProblems(selected);
          if (problems.length) throw bulkConflict(problems);
          target = selected;
          await store.remove(target.map((r) => r.id));
          for (const row of target) changes.push(audit('delete', row.id, auditView(row), null));
        } else {
          const active = request.action === 'activate';
          target = selected.filter((r) => r.active !== active);
          await store.setActive(
            target.map((r) => r.id),
            active,
          );
          for (const row of target) changes.push(audit(request.action, row.id, auditView(row), auditView({ ...row, active })));
        }
        await writeAudit(trx, actor, changes);
        return { action: request.action, matched: selected.length, changed: target.length };
      });
    },

    async exportCsv(q) {
      const all = await store.list(orderOf(undefined), q);
      return writeCsv(
        [...keys, 'active'],
        all.map((row) => [...keys.map((k) => row[k] ?? ''), row.active]),
      );
    },

    async importCsv(actor, csv, dryRun) {
      const fileRows = readImportFile(csv, { columns: [...keys, 'active'], required: def.requiredColumns });
      const existing = new Map((await store.naturalKeys()).map((row) => [uniqueKey(row), row]));
      const inFile = new Map<string, number>();
      const records: Array<CatalogValues & { active: boolean }> = [];
      const firstKey = def.uniqueKeys[0];
      for (const row of fileRows) {
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
      const report = importReport(fileRows);
      if (dryRun) return report;
      throwIfRowsInvalid(report);
      try {
        report.created = await write(null, async (trx) => {
          const ids = await rows(trx).insertMany(records);
          await writeAudit(
            trx,
            actor,
            ids.map((id, i) => audit('import', id, null, auditView(records[i]))),
          );
          return ids.length;
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
