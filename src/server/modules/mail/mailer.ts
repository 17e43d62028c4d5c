import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { countMail } from '../../lib/metrics/mail-metrics';
import { ensurePrivateDir, writePrivateFile } from '../../lib/private-files';

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. an alert's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail. `outbox` mailers write files instead; the app then logs links for developers. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'custom';
  send(message: MailMessage & { from: string }): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

/** Writes each message as `<timestamp>-<random>.eml` under `dir` (development without SMTP). */
export function createOutboxMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      // Each message holds a live password-reset link: owner-only, like the rest of DATA_DIR.
      ensurePrivateDir(dir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writePrivateFile(path.join(dir, name), info.message as Buffer);
    },
  };
}

/** `mailer`, each message counted in the metrics as sent or failed by its transport. */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        await mailer.send(message);
        countMail(mailer.kind, true);
      } catch (error) {
        countMail(mailer.kind, false);
        throw error;
      }
    },
  };
}
