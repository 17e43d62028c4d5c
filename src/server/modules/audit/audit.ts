import { sql, type Transaction } from 'kysely';
import type { AuditAction, AuditEntry, AuditQuery, EntityType } from '../../../shared/schemas/admin';
import type { Paged } from '../../../shared/schemas/common';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { inChunks } from '../../lib/in-chunks';
import { createUsersRepository } from '../users';
import type { Actor } from './actor';

/** What an entry keeps of an entity: fields from an explicit list, never a password or hash. */
export type AuditView = Record<string, unknown>;

export interface AuditChange {
  action: AuditAction;
  entityType: EntityType;
  entityId: string;
  before: AuditView | null;
  after: AuditView | null;
}

const CHUNK = 500;

/** jsonb from a JSON text, the same on pg and PGlite (which would otherwise encode a string as a JSON string). */
const jsonb = (value: AuditView | null) =>
  value === null ? null : sql<AuditView>`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;

/** Writes one entry per change inside the caller's transaction. */
export async function writeAudit(trx: Transaction<Tables>, actor: Actor, changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const username = await createUsersRepository(trx).findUsername(actor.id);
  await inChunks(changes, CHUNK, (chunk) =>
    trx
      .insertInto('audit_log')
      .values(
        chunk.map((change) => ({
          actor_id: actor.id,
          actor_username: username ?? null,
          action: change.action,
          entity_type: change.entityType,
          entity_id: change.entityId,
          before: jsonb(change.before),
          after: jsonb(change.after),
        })),
      )
      .execute(),
  );
}

/** True when the two views differ (an update that changes nothing writes no entry). */
export const changed = (before: AuditView, after: AuditView): boolean => JSON.stringify(before) !== JSON.stringify(after);

/** An id filter of the log: empty = not given; otherwise it must be an id. */
function idFilter(key: 'entityId' | 'actorId', value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isUuid(value)) throw badRequest(`${key} is not a valid ID`, { [key]: 'Not a valid ID' });
  return value;
}

/** The log, newest first. */
export async function listAudit(db: Db, query: AuditQuery): Promise<Paged<AuditEntry>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const entityId = idFilter('entityId', query.entityId);
  const actorId = idFilter('actorId', query.actorId);
  let base = db.selectFrom('audit_log');
  if (query.entityType) base = base.where('entity_type', '=', query.entityType);
  if (entityId) base = base.where('entity_id', '=', entityId);
  if (actorId) base = base.where('actor_id', '=', actorId);
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
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      at: new Date(row.at).toISOString(),
      actorId: row.actor_id,
      actorUsername: row.actor_username,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
