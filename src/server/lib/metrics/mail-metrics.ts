import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

const messages = new Counter({
  name: 'dealmap_mail_messages_total',
  help: "E-mails handed to the mail transport ('smtp', or 'outbox': files in DATA_DIR/outbox without SMTP_URL), by outcome",
  labelNames: ['transport', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const countMail = (transport: string, ok: boolean): void => messages.inc({ transport, outcome: ok ? 'sent' : 'failed' });
