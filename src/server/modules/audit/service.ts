import type { Transaction } from 'kysely';
import type { AuditAction, AuditEntry, AuditQuery, EntityType } from '../../../shared/schemas/admin';
import type { Paged } from '../../../shared/schemas/common';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { createUsersRepository } from '../users';
import type { Actor } from './actor';
import { createAuditRepository, type AuditView } from './repository';

export type { AuditView } from './repository';

export interface AuditChange {
  action: AuditAction;
  entityType: EntityType;
  entityId: string;
  before: AuditView | null;
  after: AuditView | null;
}

/** Writes one entry per change inside the caller's transaction. */
export async function writeAudit(trx: Transaction<Tables>, actor: Actor, changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const username = await createUsersRepository(trx).findUsername(actor.id);
  await createAuditRepository(trx).append(
    changes.map((change) => ({
      actor_id: actor.id,
      actor_username: username ?? null,
      action: change.action,
      entity_type: change.entityType,
      entity_id: change.entityId,
      before: change.before,
      after: change.after,
    })),
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
  const filter = {
    entityType: query.entityType,
    entityId: idFilter('entityId', query.entityId),
    actorId: idFilter('actorId', query.actorId),
  };
  const { rows, total } = await createAuditRepository(db).page(filter, pageSize, (page - 1) * pageSize);
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
    total,
    page,
    pageSize,
  };
}
