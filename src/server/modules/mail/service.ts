import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer';
import { escapeHtml } from '../../lib/html';

export interface MailServiceOptions {
  mailer: Mailer;
  from: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function createMailService({ mailer, from, publicUrl, log }: MailServiceOptions) {
  return {
    /** The links of a message are built from PUBLIC_URL, never from a request's Host header. */
    publicUrl,

    /** A message another module wrote (the alerts' e-mails), from the configured sender. */
    async send(message: MailMessage): Promise<void> {
      await mailer.send({ ...message, from });
      if (mailer.kind === 'outbox') log.debug(`Mail "${message.subject}" to ${message.to} written to the outbox`);
    },

    /** The link is built from PUBLIC_URL, never from the request's Host header. */
    resetLink(token: string): string {
      return `${publicUrl}/passwordReset/${encodeURIComponent(token)}`;
    },

    async sendPasswordReset(to: string, token: string): Promise<void> {
      const link = this.resetLink(token);
      const text = [
        'Hello,',
        '',
        'Someone asked to reset the password of your Dealmap account.',
        'Open this link within one hour to choose a new password:',
        '',
        link,
        '',
        'If it was not you, ignore this email; your password stays the same.',
        '',
        'Dealmap',
      ].join('\n');
      const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Someone asked to reset the password of your Dealmap account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p style="color:#666;font-size:90%">${escapeHtml(link)}</p>
<p>If it was not you, ignore this email; your password stays the same.</p>
<p>Dealmap</p>
</body></html>`;
      await mailer.send({ from, to, subject: 'Reset your Dealmap password', text, html });
      // Only without SMTP (development): the message sits in the outbox, so show the link.
      if (mailer.kind === 'outbox') log.info(`Password reset link for ${to}: ${link}`);
    },

    /** A user's message to the team (the radial menu's Chat); replying answers the user. */
    async sendTeamMessage(input: { to: string[]; replyTo: string; senderName: string; message: string; page?: string }) {
      const where = input.page ? `${publicUrl}${input.page.startsWith('/') ? input.page : `/${input.page}`}` : null;
      const text = [
        `${input.senderName} <${input.replyTo}> wrote from Dealmap${where ? ` (${where})` : ''}:`,
        '',
        input.message,
        '',
        'Reply to this email to answer them.',
      ].join('\n');
      const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p><strong>${escapeHtml(input.senderName)}</strong> &lt;${escapeHtml(input.replyTo)}&gt; wrote from Dealmap${
        where ? ` (<a href="${escapeHtml(where)}">${escapeHtml(where)}</a>)` : ''
      }:</p>
<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(input.message)}</blockquote>
<p style="color:#666;font-size:90%">Reply to this email to answer them.</p>
</body></html>`;
      await mailer.send({
        from,
        to: input.to.join(', '),
        replyTo: input.replyTo,
        subject: `Dealmap: a message from ${input.senderName}`,
        text,
        html,
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
