import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../db/database';
import type { Actor, Page } from './common';

export type EntityType = 'user' | 'market' | 'interest' | 'strategy' | 'account';
export const ENTITY_TYPES: readonly EntityType[] = ['user', 'market', 'interest', 'strategy', 'account'];

export type AuditAction = 'create' | 'update' | 'delete' | 'activate' | 'deactivate' | 'import';

export interface AuditChange {
  action: AuditAction;
  entityType: EntityType;
  entityId: string;
  before: object | null;
  after: object | null;
}

export interface AuditEntry {
  _id: string;
  at: string;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

const CHUNK = 500;

/** jsonb from a JSON text, the same on pg and PGlite (which would otherwise encode a string as a JSON string). */
const jsonb = (value: object | null) => (value === null ? null : sql`cast(cast(${JSON.stringify(value)} as text) as jsonb)`);

/**
 * Writes one entry per change inside the caller's transaction. Views passed here are built by the
 * sections from explicit field lists, so they never contain passwords or hashes.
 */
export async function writeAudit(trx: Transaction<DB>, actor: Actor, changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const me = await trx.selectFrom('users').select('username').where('id', '=', actor.id).executeTakeFirst();
  for (let start = 0; start < changes.length; start += CHUNK) {
    await trx
      .insertInto('audit_log')
      .values(
        changes.slice(start, start + CHUNK).map((change) => ({
          actor_id: actor.id,
          actor_username: me?.username ?? null,
          action: change.action,
          entity_type: change.entityType,
          entity_id: change.entityId,
          before: jsonb(change.before),
          after: jsonb(change.after),
        })),
      )
      .execute();
  }
}

/** True when the two views differ (an update that changes nothing writes no entry). */
export const changed = (before: object, after: object): boolean => JSON.stringify(before) !== JSON.stringify(after);

export interface AuditQuery {
  entityType?: EntityType;
  entityId?: string;
  actorId?: string;
  page?: number;
  pageSize?: number;
}

export async function listAudit(db: Db, query: AuditQuery): Promise<Page<AuditEntry>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  let base = db.selectFrom('audit_log');
  if (query.entityType) base = base.where('entity_type', '=', query.entityType);
  if (query.entityId) base = base.where('entity_id', '=', query.entityId);
  if (query.actorId) base = base.where('actor_id', '=', query.actorId);
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
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<string>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
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
