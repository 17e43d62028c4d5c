import { sql, type Transaction } from 'kysely';
import type { AuditAction, EntityType } from '../../../shared/schemas/admin';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';
import { inChunks } from '../../lib/in-chunks';

/** What an entry keeps of an entity: fields from an explicit list, never a password or hash. */
export type AuditView = Record<string, unknown>;

export interface AuditRow {
  actor_id: string;
  actor_username: string | null;
  action: AuditAction;
  entity_type: EntityType;
  entity_id: string;
  before: AuditView | null;
  after: AuditView | null;
}

export interface AuditFilter {
  entityType?: EntityType;
  entityId?: string;
  actorId?: string;
}

const CHUNK = 500;

/** jsonb from a JSON text, the same on pg and PGlite (which would otherwise encode a string as a JSON string). */
const jsonb = (value: AuditView | null) =>
  value === null ? null : sql<AuditView>`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;

/** The audit log's rows: appended inside the caller's transaction, read newest first. */
export function createAuditRepository(db: Db | Transaction<Tables>) {
  const filtered = (filter: AuditFilter) => {
    let base = db.selectFrom('audit_log');
    if (filter.entityType) base = base.where('entity_type', '=', filter.entityType);
    if (filter.entityId) base = base.where('entity_id', '=', filter.entityId);
    if (filter.actorId) base = base.where('actor_id', '=', filter.actorId);
    return base;
  };
  return {
    async append(rows: AuditRow[]): Promise<void> {
      await inChunks(rows, CHUNK, (chunk) =>
        db
          .insertInto('audit_log')
          .values(chunk.map((row) => ({ ...row, before: jsonb(row.before), after: jsonb(row.after) })))
          .execute(),
      );
    },

    async page(filter: AuditFilter, limit: number, offset: number) {
      const base = filtered(filter);
      const [rows, count] = await Promise.all([
        base
          .select([
            sql<string>`id::text`.as('id'),
            'at',
            'actor_id',
            'actor_username',
            'action',
            'entity_type',
            'entity_id',
            'before',
            'after',
          ])
          // The table's bigint, not the text alias above: as text "9" sorts after "10".
          .orderBy(sql`audit_log.id`, 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
