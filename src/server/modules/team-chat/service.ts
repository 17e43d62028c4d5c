import type { MailService } from '../mail';
import type { UsersRepository } from '../users';
import { badRequest } from '../../http/errors';

export const TEAM_CHAT_MESSAGES = {
  empty: 'Write a message first',
  noTeam: 'There is no active administrator to receive messages yet',
} as const;

/**
 * A message to the team running this Dealmap: by mail (SMTP, or the outbox without it) to every
 * active Admin, with the sender as Reply-To, so the team answers by replying.
 */
export function createTeamChatService(deps: { users: UsersRepository; mail: MailService }) {
  return {
    /** Sends it; how many admins it went to. */
    async send(senderId: string, text: string, page: string | undefined): Promise<number> {
      const message = text.trim();
      if (!message) throw badRequest(TEAM_CHAT_MESSAGES.empty, { message: TEAM_CHAT_MESSAGES.empty });
      const [sender, admins] = await Promise.all([deps.users.findDetails(senderId), deps.users.activeUsernamesWithRole('Admin')]);
      if (!sender) throw badRequest('Sign in again to send a message');
      if (admins.length === 0) throw badRequest(TEAM_CHAT_MESSAGES.noTeam);
      await deps.mail.sendTeamMessage({
        to: admins,
        replyTo: sender.username,
        senderName: `${sender.first_name} ${sender.last_name}`.trim() || sender.username,
        message,
        page,
      });
      return admins.length;
    },
  };
}
