/**
 * A polite client of a RESO Web API server (OData v4 over HTTP, OAuth2 client credentials or a fixed
 * bearer token): one request at a time, a timeout on each, the token fetched again before it
 * expires (and once more when the server refuses it), `Retry-After` honoured on 429 and 503, and
 * exponential back-off with jitter on other failures a retry may cure (5xx, a dropped connection, a
 * timeout, a page that is not JSON). Errors say what happened in words an admin can act on.
 */

export interface ResoCredentials {
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  bearerToken?: string;
}

export interface RetryPolicy {
  /** Tries of one request in all (the first included). */
  attempts: number;
  /** The first back-off; doubled at each next try, with ±50 % jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this gives up the run (the next scheduled one tries again). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000, maxRetryAfterMs: 10 * 60_000 };

export interface ResoClientOptions extends ResoCredentials {
  /** The service root, without a trailing slash. */
  apiUrl: string;
  /** One request (and reading its body) may take this long. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Aborted when the app closes: a wait or a request in flight ends at once. */
  signal?: AbortSignal;
  /** Each retry, for the log. */
  onRetry?: (message: string) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** A request that failed for good (after its retries, or at once when a retry cannot help). */
export class ResoError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ResoError';
  }
}

/** A failure the next try may not meet: it is retried after a wait. */
class Transient extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null = null,
  ) {
    super(message);
  }
}

/** The token is refreshed when less than this share of its life, or a minute, is left. */
const REFRESH_SHARE = 0.25;
const REFRESH_MARGIN_MS = 60_000;
/** A token endpoint that gives no `expires_in`: the token is taken to last this long. */
const DEFAULT_TOKEN_SECONDS = 3600;

/** An OData (or OAuth2) error body's message, if the body has one. */
function errorMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      error_description?: unknown;
      message?: unknown;
    };
    if (typeof parsed.error === 'object' && parsed.error && typeof parsed.error.message === 'string') return parsed.error.message;
    if (typeof parsed.error_description === 'string') return parsed.error_description;
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself, if short
  }
  const text = body.trim();
  return text && text.length <= 200 && !text.startsWith('<') ? text : null;
}

/** Retry-After: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Why a fetch failed, from undici's error (its cause carries the code: ECONNREFUSED, ENOTFOUND…). */
function networkProblem(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** The path of a URL, for messages (the query may be long). */
const where = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
};

export class ResoClient {
  private token: { value: string; expiresAt: number; lifetimeMs: number } | null = null;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(private readonly options: ResoClientOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  get apiUrl(): string {
    return this.options.apiUrl;
  }

  /** GET a resource of the service (a path below the root, or a whole nextLink) as parsed JSON. */
  getJson(pathOrUrl: string): Promise<unknown> {
    return this.get(pathOrUrl, 'application/json', (body, url) => {
      try {
        return JSON.parse(body) as unknown;
      } catch (error) {
        // A page cut short or garbled on the way: the next try may get it whole.
        throw new Transient(`The MLS sent a page that is not valid JSON (${(error as Error).message}; ${where(url)})`);
      }
    });
  }

  /** GET a resource as text (the $metadata document). */
  getText(pathOrUrl: string, accept = 'application/xml'): Promise<string> {
    return this.get(pathOrUrl, accept, (body) => body);
  }

  url(pathOrUrl: string): string {
    return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${this.options.apiUrl}/${pathOrUrl.replace(/^\//, '')}`;
  }

  private async get<T>(pathOrUrl: string, accept: string, read: (body: string, url: string) => T): Promise<T> {
    const url = this.url(pathOrUrl);
    let refreshed = false;
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      if (last) {
        const wait = last.waitMs ?? this.backoff(attempt - 1);
        if (wait > this.retry.maxRetryAfterMs) {
          throw new ResoError(`${last.message}; the MLS asked to wait ${Math.round(wait / 1000)} s, longer than a run waits`);
        }
        this.options.onRetry?.(
          `${last.message}; trying again in ${(wait / 1000).toFixed(1)} s (try ${attempt} of ${this.retry.attempts})`,
        );
        await this.sleep(wait);
      }
      try {
        return read(await this.once(url, accept), url);
      } catch (error) {
        if (error instanceof Unauthorized) {
          // The token may have expired early or been revoked: a new one, once.
          if (refreshed || this.options.bearerToken) {
            throw new ResoError(
              `The MLS refused the access token (HTTP 401 at ${where(url)}${error.detail ? `: ${error.detail}` : ''}): ${
                this.options.bearerToken
                  ? 'check RESO_BEARER_TOKEN'
                  : 'check that RESO_CLIENT_ID and RESO_CLIENT_SECRET are allowed to read this service'
              }`,
              401,
            );
          }
          refreshed = true;
          this.token = null;
          attempt--; // not a failure of the server's: the retry does not count
          last = null;
          continue;
        }
        if (!(error instanceof Transient)) throw error;
        last = error;
      }
    }
    throw new ResoError(`${last!.message} (${this.retry.attempts} tries)`);
  }

  /** One request: its text, or a Transient / Unauthorized / ResoError. */
  private async once(url: string, accept: string): Promise<string> {
    const token = await this.accessToken();
    const { signal, done } = this.requestSignal();
    try {
      let response: Response;
      try {
        response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept }, signal });
      } catch (error) {
        throw this.fetchFailure(error, url);
      }
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        if (this.options.signal?.aborted) throw new ResoError('Stopped: the server is shutting down');
        if (signal.aborted)
          throw new Transient(`The MLS did not finish its answer within ${this.timeoutMs / 1000} s (${where(url)})`);
        throw new Transient(`The connection to the MLS broke during its answer (${networkProblem(error)}, ${where(url)})`);
      }
      const status = response.status;
      if (status === 401) throw new Unauthorized(errorMessage(body));
      if (status === 429 || status === 503) {
        throw new Transient(
          `The MLS answered HTTP ${status}${status === 429 ? ' (too many requests)' : ' (unavailable)'}`,
          retryAfterMs(response.headers.get('retry-after')),
        );
      }
      if (status >= 500) {
        const detail = errorMessage(body);
        throw new Transient(`The MLS answered HTTP ${status}${detail ? `: ${detail}` : ''} (${where(url)})`);
      }
      if (status >= 400) throw this.refused(status, errorMessage(body), url);
      return body;
    } finally {
      done();
    }
  }

  /** A refusal a retry would not change (400, 403, 404…), in words that say what to check. */
  private refused(status: number, detail: string | null, url: string): ResoError {
    const said = detail ? `: ${detail}` : '';
    if (status === 400)
      return new ResoError(
        `The MLS refused the query (HTTP 400${said}); if RESO_FILTER is set, check it is a filter this server accepts`,
        status,
      );
    if (status === 403)
      return new ResoError(
        `The MLS answered HTTP 403 (forbidden${said}): the credentials may not give access to ${where(url)}`,
        status,
      );
    if (status === 404)
      return new ResoError(
        `Nothing at ${where(url)} (HTTP 404${said}): check that RESO_API_URL is the service root (the Property resource is under it)`,
        status,
      );
    return new ResoError(`The MLS answered HTTP ${status}${said} (${where(url)})`, status);
  }

  private fetchFailure(error: unknown, url: string): Error {
    if (this.options.signal?.aborted) return new ResoError('Stopped: the server is shutting down');
    const e = error as Error;
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
      return new Transient(`The MLS did not answer within ${this.timeoutMs / 1000} s (${where(url)})`);
    return new Transient(`Could not reach the MLS at ${new URL(url).origin} (${networkProblem(error)})`);
  }

  /** The request's own timeout, and the app's stop. */
  private requestSignal(): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), this.timeoutMs);
    const stop = () => controller.abort(this.options.signal?.reason);
    this.options.signal?.addEventListener('abort', stop, { once: true });
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', stop);
      },
    };
  }

  /** Doubling from the base, ±50 % jitter, capped. */
  private backoff(failures: number): number {
    const exact = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (failures - 1));
    return Math.round(exact * (0.5 + Math.random()));
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.options.signal;
    if (signal?.aborted) return Promise.reject(new ResoError('Stopped: the server is shutting down'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', stop);
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(new ResoError('Stopped: the server is shutting down'));
      };
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  /** The fixed token, or the client-credentials token (fetched again when it is near its end). */
  private async accessToken(): Promise<string> {
    if (this.options.bearerToken) return this.options.bearerToken;
    const now = Date.now();
    const t = this.token;
    if (t && t.expiresAt - now > Math.min(REFRESH_MARGIN_MS, t.lifetimeMs * REFRESH_SHARE)) return t.value;
    this.token = await this.fetchToken();
    return this.token.value;
  }

  private async fetchToken(): Promise<{ value: string; expiresAt: number; lifetimeMs: number }> {
    const { tokenUrl, clientId, clientSecret } = this.options;
    if (!tokenUrl || !clientId || !clientSecret)
      throw new ResoError('No credentials: set RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET');
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      if (last) await this.sleep(last.waitMs ?? this.backoff(attempt - 1));
      const { signal, done } = this.requestSignal();
      try {
        let response: Response;
        try {
          response = await fetch(tokenUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: clientId,
              client_secret: clientSecret,
            }).toString(),
            signal,
          });
        } catch (error) {
          const failure = this.fetchFailure(error, tokenUrl);
          if (failure instanceof Transient) {
            last = new Transient(`${failure.message} (the token endpoint, RESO_TOKEN_URL)`);
            continue;
          }
          throw failure;
        }
        const body = await response.text().catch(() => '');
        const detail = errorMessage(body);
        if (response.status === 429 || response.status >= 500) {
          last = new Transient(
            `The token endpoint (RESO_TOKEN_URL) answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
            retryAfterMs(response.headers.get('retry-after')),
          );
          continue;
        }
        if (!response.ok) {
          throw new ResoError(
            `The token endpoint refused the client credentials (HTTP ${response.status}${detail ? `: ${detail}` : ''}): check RESO_CLIENT_ID, RESO_CLIENT_SECRET and RESO_TOKEN_URL`,
            response.status,
          );
        }
        let parsed: { access_token?: unknown; expires_in?: unknown };
        try {
          parsed = JSON.parse(body) as typeof parsed;
        } catch {
          throw new ResoError(`The token endpoint (RESO_TOKEN_URL) did not answer with JSON: is it the OAuth2 token URL?`);
        }
        if (typeof parsed.access_token !== 'string' || !parsed.access_token) {
          throw new ResoError(
            'The token endpoint (RESO_TOKEN_URL) answered without an access_token: is it the OAuth2 token URL?',
          );
        }
        const seconds = Number(parsed.expires_in);
        const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_SECONDS) * 1000;
        return { value: parsed.access_token, expiresAt: Date.now() + lifetimeMs, lifetimeMs };
      } finally {
        done();
      }
    }
    throw new ResoError(`${last!.message} (${this.retry.attempts} tries)`);
  }
}

class Unauthorized extends Error {
  constructor(readonly detail: string | null) {
    super('unauthorized');
  }
}
