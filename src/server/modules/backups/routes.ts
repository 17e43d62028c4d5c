import { BackupRunAnswer, BackupStatus } from '../../../shared/schemas/backups';
import { Envelope, NoQuery } from '../../../shared/schemas/common';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import { actorOf, writeAudit } from '../audit';
import { requireRole } from '../auth';
import type { BackupWorker } from './backup-worker';

export interface BackupsRouteOptions extends RouteOptions {
  worker: BackupWorker;
}

/** The audit log's id of the backups (its entries are about the one set of backups; the log's ids are UUIDs). */
export const BACKUPS_ENTITY_ID = '00000000-0000-4000-8000-000000000041';

/**
 * The admin "Backups" section under /api/v1/admin (Admin only; docs/admin-api.md, "Backups"): the
 * schedule, the backups in BACKUP_DIR and the last failure, and "Back up now" (audit-logged).
 */
export const backupsRoutes: RoutePlugin<BackupsRouteOptions> = async (app, { ctx, worker }) => {
  app.addHook('onRequest', ctx.authenticate);
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/backups',
    { schema: { querystring: NoQuery, response: { 200: Envelope(BackupStatus) } }, logLevel: 'warn' },
    async () => ({ data: await worker.status() }),
  );

  app.post(
    '/backups',
    { schema: { querystring: NoQuery, response: { 202: Envelope(BackupRunAnswer) } } },
    async (request, reply) => {
      // started: false with the reason in words: one is being written, or another server holds the lock.
      const { started, message } = await worker.backUpNow();
      await ctx.db
        .transaction()
        .execute((trx) =>
          writeAudit(trx, actorOf(request), [
            { action: 'run', entityType: 'backup', entityId: BACKUPS_ENTITY_ID, before: null, after: { started } },
          ]),
        );
      return reply.code(202).send({ data: { started, ...(message ? { message } : {}), status: await worker.status() } });
    },
  );
};
