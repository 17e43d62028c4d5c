import { Envelope } from '../../../shared/schemas/common';
import { TeamMessage, TeamMessageSent } from '../../../shared/schemas/notes';
import type { RoutePlugin } from '../../context';
import { badRequest } from '../../http/errors';
import { limiter } from '../auth';

export const TEAM_MESSAGE_LIMIT_PER_HOUR = 20;
export const TEAM_CHAT_MESSAGES = {
  empty: 'Write a message first',
  noTeam: 'There is no active administrator to receive messages yet',
} as const;

/**
 * Under /api/v1/auth: POST /teamMessage, the radial menu's Chat. The message goes by mail (SMTP, or
 * the outbox without it) to every active Admin — the team running this Dealmap — with the sender as
 * Reply-To, so the team answers by replying. At most TEAM_MESSAGE_LIMIT_PER_HOUR a user an hour.
 */
export const teamChatRoutes: RoutePlugin = async (app, { ctx }) => {
  const perUser = limiter(app, 'team-message', TEAM_MESSAGE_LIMIT_PER_HOUR, 60 * 60_000, (request) => request.auth!.userId);
  app.post(
    '/teamMessage',
    { preHandler: perUser, schema: { body: TeamMessage, response: { 201: Envelope(TeamMessageSent) } } },
    async (request, reply) => {
      const message = request.body.message.trim();
      if (!message) throw badRequest(TEAM_CHAT_MESSAGES.empty, { message: TEAM_CHAT_MESSAGES.empty });
      const [sender, admins] = await Promise.all([
        ctx.db
          .selectFrom('users')
          .select(['username', 'first_name', 'last_name'])
          .where('id', '=', request.auth!.userId)
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('users as u')
          .innerJoin('roles as r', 'r.id', 'u.role_id')
          .select('u.username')
          .where('r.name', '=', 'Admin')
          .where('u.active', '=', true)
          .execute(),
      ]);
      if (admins.length === 0) throw badRequest(TEAM_CHAT_MESSAGES.noTeam);
      await ctx.services.mail.sendTeamMessage({
        to: admins.map((a) => a.username),
        replyTo: sender.username,
        senderName: `${sender.first_name} ${sender.last_name}`.trim() || sender.username,
        message,
        page: request.body.page,
      });
      return reply.code(201).send({ data: { sentTo: admins.length } });
    },
  );
};
