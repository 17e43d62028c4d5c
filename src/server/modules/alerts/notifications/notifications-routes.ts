import { NotificationsAnswer } from '../../../../shared/schemas/alerts';
import { Envelope, ErrorBody, IdParams, NoContent, NoQuery } from '../../../../shared/schemas/common';
import type { RoutePlugin } from '../../../http/route-context';
import { checkId } from '../../../http/ids';
import { notFound } from '../../../http/errors';
import { createNotificationsRepository } from './notifications-repository';

export const NOTIFICATION_NOT_FOUND =
  'Notification not found: it may have been removed with its saved search, its pipeline deal or its listing';

/** The caller's alert notifications, under /api/v1/auth (docs/investor-api.md, "Notifications"). */
export const notificationsRoutes: RoutePlugin = async (app, { ctx }) => {
  const notifications = createNotificationsRepository(ctx.db);

  app.get(
    '/notifications',
    // The header's bell asks every little while: its requests are not logged.
    { schema: { querystring: NoQuery, response: { 200: Envelope(NotificationsAnswer) } }, logLevel: 'warn' },
    async (request) => ({ data: await notifications.list(request.auth!.userId) }),
  );

  app.post(
    '/notifications/read-all',
    { schema: { querystring: NoQuery, response: { 204: NoContent } } },
    async (request, reply) => {
      await notifications.markAllRead(request.auth!.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/:id/read',
    { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody } } },
    async (request, reply) => {
      const id = checkId('notification', request.params.id);
      if (!(await notifications.markRead(request.auth!.userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
