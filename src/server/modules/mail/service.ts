import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';

export interface MailServiceOptions {
  mailer: Mailer;
  from: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createMailService({ mailer, from, publicUrl, log }: MailServiceOptions) {
  return {
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
  };
}

export type MailService = ReturnType<typeof createMailService>;
