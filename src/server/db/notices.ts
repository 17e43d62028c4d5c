import { Client } from 'pg';

export interface NoticeHandlers {
  /** A notice on the channel from this schema (committed: PostgreSQL delivers NOTIFY at commit). */
  onNotice(payload: string): void;
  /** Listening (again): notices from now on arrive. */
  onListening(): void;
  /** The connection is lost: notices may be missed until onListening. */
  onLost(error: Error): void;
}

export interface NoticeSubscription {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

/**
 * LISTEN on a connection of its own, reconnecting with a growing pause when it drops. A notice's
 * payload starts with the schema it was sent from (`<schema>` or `<schema>:<rest>`): several
 * databases' schemas on one PostgreSQL server (tests) share channels, so the others' are dropped.
 */
export function listenForNotices(
  connection: { connectionString: string; schema?: string },
  channel: string,
  handlers: NoticeHandlers,
): NoticeSubscription {
  let client: Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error: Error) => {
    if (closed) return;
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => undefined);
    void dead?.end().catch(() => undefined);
    handlers.onLost(error);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    timer = null;
    if (closed) return;
    const next = new Client({
      connectionString: connection.connectionString,
      // Named, so an operator (or a test) can tell it in pg_stat_activity.
      application_name: `dealmap notices${connection.schema ? ` ${connection.schema}` : ''}`,
      ...(connection.schema ? { options: `-c search_path=${connection.schema}` } : {}),
    });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost(new Error('the notice connection ended')));
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0].schema;
      next.on('notification', (notice) => {
        if (notice.channel !== channel) return;
        const payload = notice.payload ?? '';
        const [from, ...rest] = payload.split(':');
        if (from === schema) handlers.onNotice(rest.join(':'));
      });
      await next.query(`listen "${channel}"`);
      if (closed || client !== next) return;
      retryMs = FIRST_RETRY_MS;
      handlers.onListening();
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}
