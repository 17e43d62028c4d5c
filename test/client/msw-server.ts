/**
 * The client tests' network: an msw server (msw/node) that answers the app's real fetch calls.
 * test/client/setup.ts starts it before each file, resets its handlers after each test and closes it
 * at the end; an unhandled request fails the test's fetch and is reported. Tests add handlers with
 * `mockApi` (api-mock.tsx) or `answerAll` below, both of which log what was sent.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What every test gets unless it says otherwise: a server that has finished starting (GET /healthz). */
export const READY_HEALTH = { data: { status: 'ok', state: 'ready', progress: null } };
export const server = setupServer(http.get('*/healthz', () => HttpResponse.json(READY_HEALTH)));

/** One request as the server received it: the body parsed as JSON (undefined when empty). */
export interface SentCall {
  method: string;
  /** The path without the query string. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/**
 * Logs a request, in the order the app sent them. The entry is pushed at once and its body filled in
 * when read, so two requests in flight keep their order.
 */
export async function logRequest(sent: SentCall[], request: Request): Promise<SentCall> {
  const url = new URL(request.url);
  const call: SentCall = {
    method: request.method,
    path: url.pathname,
    search: url.searchParams,
    headers: request.headers,
    body: undefined,
  };
  sent.push(call);
  const text = await request.clone().text();
  call.body = text ? (JSON.parse(text) as unknown) : undefined;
  return call;
}

/** A JSON answer as the server sends it (no body when `body` is undefined, e.g. a 204). */
export function jsonResponse(status: number, body?: unknown): Response {
  return body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
}

/** Answers every request with `respond` (which sees the logged call too); returns the log. */
export function answerAll(respond: (request: Request, call: SentCall) => Response | Promise<Response>): SentCall[] {
  const sent: SentCall[] = [];
  server.use(http.all('*', async ({ request }) => respond(request, await logRequest(sent, request))));
  return sent;
}
