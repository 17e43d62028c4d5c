/**
 * Minimal fetch classes for Jest's jsdom environment, which has no fetch/Request/Response/Headers.
 * Just enough for RTK Query's fetchBaseQuery: tests replace globalThis.fetch with a mock.
 */
interface HeaderLike {
  forEach(fn: (value: string, key: string) => void): void;
}
type HeaderInit = Record<string, string> | Array<[string, string]> | HeaderLike | undefined;

const isHeaderLike = (value: unknown): value is HeaderLike =>
  typeof value === 'object' && value !== null && typeof (value as HeaderLike).forEach === 'function' && !Array.isArray(value);

export class MiniHeaders {
  private readonly map = new Map<string, string>();
  constructor(init?: HeaderInit) {
    if (!init) return;
    if (isHeaderLike(init)) init.forEach((value, key) => this.set(key, value));
    else if (Array.isArray(init)) init.forEach(([k, v]) => this.set(k, v));
    else Object.entries(init as Record<string, string>).forEach(([k, v]) => this.set(k, String(v)));
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }
  append(name: string, value: string): void {
    const prev = this.get(name);
    this.set(name, prev ? `${prev}, ${value}` : value);
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void): void {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

interface MiniRequestInit {
  method?: string;
  headers?: HeaderInit;
  body?: unknown;
  signal?: AbortSignal | null;
}

export class MiniRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: MiniHeaders;
  readonly body: unknown;
  readonly signal: AbortSignal | null;
  constructor(input: string | MiniRequest, init: MiniRequestInit = {}) {
    const base = typeof input === 'string' ? undefined : input;
    this.url = typeof input === 'string' ? new URL(input, 'http://localhost').toString() : input.url;
    this.method = (init.method ?? base?.method ?? 'GET').toUpperCase();
    this.headers = new MiniHeaders(init.headers ?? base?.headers);
    this.body = init.body ?? base?.body ?? null;
    this.signal = init.signal ?? base?.signal ?? null;
  }
  clone(): MiniRequest {
    return new MiniRequest(this);
  }
  async text(): Promise<string> {
    return typeof this.body === 'string' ? this.body : '';
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

export class MiniResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText: string;
  readonly headers: MiniHeaders;
  private readonly bodyText: string;
  constructor(body: string | null = null, init: { status?: number; headers?: HeaderInit; statusText?: string } = {}) {
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.statusText = init.statusText ?? '';
    this.headers = new MiniHeaders(init.headers);
    this.bodyText = body ?? '';
  }
  clone(): MiniResponse {
    return new MiniResponse(this.bodyText, { status: this.status, headers: this.headers, statusText: this.statusText });
  }
  async text(): Promise<string> {
    return this.bodyText;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.bodyText);
  }
}

export function installFetchPolyfill(): void {
  const g = globalThis as Record<string, unknown>;
  if (!g.Headers) g.Headers = MiniHeaders;
  if (!g.Request) g.Request = MiniRequest;
  if (!g.Response) g.Response = MiniResponse;
  if (!g.fetch) {
    g.fetch = () => Promise.reject(new Error('fetch is not mocked in this test'));
  }
}

/** A JSON response as the server sends it. */
export function jsonResponse(status: number, body?: unknown): Response {
  const ResponseClass = (globalThis as unknown as { Response: typeof MiniResponse }).Response;
  return new ResponseClass(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  }) as unknown as Response;
}
