/** The mailer (SMTP or the outbox) and the messages the app sends. */
export { createOutboxMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';
export { createMailService, type MailService } from './service';
