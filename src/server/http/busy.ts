import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/api-types';
import { AppError } from './errors';

/**
 * A request must not hang: the waits a request may queue in (a database connection, a turn of the
 * password hasher) are limited while it runs, and past the limit it gets 503 with Retry-After.
 * Background work (recomputes, imports, the first start's demo load) waits as long as it takes.
 * The request scope is an AsyncLocalStorage entered in onRequest and kept through the handler.
 */
const requestScope = new AsyncLocalStorage<true>();

export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => requestScope.run(true, done));
}

/** Runs `work` outside any request's scope: background work a request starts waits without a limit. */
export function inBackground<T>(work: () => T): T {
  return requestScope.exit(work);
}

/** Background work's pause between steps: the requests waiting meanwhile run first. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

export class ServerBusyError extends AppError {
  /** The Retry-After to send: when a try again is likely to get through. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = RETRY_AFTER_SECONDS) {
    super(503, ERROR_CODES.busy, message);
    this.name = 'ServerBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * In a request: `pending`, unless it takes longer than `limitMs` (0 = no limit), in which case the
 * request gets `busy()`, and what `pending` brings later is handed to `release`. Outside a request,
 * or when the wait is not limited: `pending` as it is.
 */
export async function waitAtMost<T>(
  pending: Promise<T>,
  limitMs: number,
  release: (late: T) => unknown,
  busy: () => ServerBusyError,
): Promise<T> {
  if (limitMs <= 0 || requestScope.getStore() !== true) return pending;
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      late = true;
      reject(busy());
    }, limitMs);
  });
  try {
    return await Promise.race([pending, limit]);
  } finally {
    clearTimeout(timer);
    if (late) pending.then(release, () => undefined);
  }
}
