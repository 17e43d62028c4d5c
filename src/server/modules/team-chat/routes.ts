import { Envelope } from '../../../shared/schemas/common';
import { TeamMessage, TeamMessageSent } from '../../../shared/schemas/notes';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { MailService } from '../mail';
import { createUsersRepository } from '../users';
import { createTeamChatService } from './service';
import { limiter } from '../auth';

export const TEAM_MESSAGE_LIMIT_PER_HOUR = 20;

/**
 * Under /api/v1/auth: POST /teamMessage, the radial menu's Chat (service.ts sends it to the admins).
 * At most TEAM_MESSAGE_LIMIT_PER_HOUR a user an hour.
 */
export const teamChatRoutes: RoutePlugin<RouteOptions & { mail: MailService }> = async (app, { ctx, mail }) => {
  const teamChat = createTeamChatService({ users: createUsersRepository(ctx.db), mail });
  const perUser = limiter(app, 'team-message', TEAM_MESSAGE_LIMIT_PER_HOUR, 60 * 60_000, (request) => request.auth!.userId);
  app.post(
    '/teamMessage',
    { preHandler: perUser, schema: { body: TeamMessage, response: { 201: Envelope(TeamMessageSent) } } },
    async (request, reply) => {
      const sentTo = await teamChat.send(request.auth!.userId, request.body.message, request.body.page);
      return reply.code(201).send({ data: { sentTo } });
    },
  );
};
