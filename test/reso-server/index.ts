import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROPERTY_FIELDS, edmTypeOf, metadataXml, type EdmType } from './fields';
import { QueryError, compileFilter, parseFilter, type Bound, type CompiledFilter, type FilterExpr } from './filter';
import { RecordStore, serialize, type Entry, type Selection } from './store';

export { resoRecords } from './records';

/**
 * A RESO Web API (OData v4) server for the listing feed's tests and bench: an OAuth2 client-credentials
 * token endpoint and the Property resource with $filter, $orderby, $top, $skip, $select, $count and
 * server-driven paging (@odata.nextLink), plus faults a test queues for the next Property requests
 * and the paging quirks of real servers (a capped $top, paging by nextLink alone, a filter ignored).
 * Records are kept sorted by (ModificationTimestamp, ListingKey), so a page after a replication cursor
 * is a binary search and a slice of pre-serialised JSON, whatever the feed's size.
 */

/** How the server pages (each may be changed while it runs: ResoServer.configure). */
export interface ResoPaging {
  /** The most rows a page holds ($top is capped by it); default 1000. */
  pageSize?: number;
  /**
   * Whether pages link to the next (@odata.nextLink); default true. False: the client pages with
   * $skip (or by key), and a page capped by pageSize looks like the last.
   */
  nextLink?: boolean;
  /**
   * Pages only by its own links: a client's $skip is ignored (each page starts at the first row) and
   * the links carry a $skiptoken, whatever the order. Default false.
   */
  nextLinkOnly?: boolean;
  /** A `ListingKey gt '…'` in $filter is ignored (taken as true), as some servers do. Default false. */
  ignoreKeyAfter?: boolean;
}

export interface ResoServerOptions extends ResoPaging {
  clientId: string;
  clientSecret: string;
  /** The access tokens' lifetime (expires_in); default 3600. */
  tokenSeconds?: number;
}

export type ResoFault =
  /** An error status; Retry-After (seconds, or an HTTP date) sent when given. */
  | { kind: 'status'; status: 429 | 500 | 503; retryAfter?: number | string }
  /** A 200 whose body is not valid JSON (the page cut short, sent whole). */
  | { kind: 'malformed' }
  /** The presented token answers 401 from now on (as if it expired early). */
  | { kind: 'expire-token' }
  /** The socket destroyed halfway through the page's body. */
  | { kind: 'drop' }
  /** No answer for `ms` (then the page as usual), or never when no `ms`: for the client's request timeout. */
  | { kind: 'stall'; ms?: number };

/** A request's OData query options, parsed. */
export interface ResoQuery {
  filter?: string;
  top?: number;
  skip?: number;
  select?: string[];
  orderby?: string;
  count?: boolean;
  skiptoken?: string;
}

export interface ResoRequest {
  method: string;
  /** The URL's path, e.g. /reso/odata/Property or /oauth2/token. */
  path: string;
  query: ResoQuery;
  /** The status answered (0 while a stalled request has none yet). */
  status: number;
  /** Records in the page served. */
  rows?: number;
  /** The fault that answered it, if one did. */
  fault?: ResoFault['kind'];
}

export interface ResoServer {
  /** The service root, e.g. http://127.0.0.1:PORT/reso/odata. */
  readonly url: string;
  /** The OAuth2 token endpoint, http://127.0.0.1:PORT/oauth2/token. */
  readonly tokenUrl: string;
  /**
   * Adds records or merges them into the stored ones of their ListingKey (fields given replace, others
   * stay). A record without ModificationTimestamp gets the server clock's next instant (strictly
   * increasing: 1 ms past the newest timestamp when the clock has not moved). Returns the stored records.
   */
  upsert(records: readonly Record<string, unknown>[]): Record<string, unknown>[];
  /**
   * Takes listings out of the feed: by default as a deleted record (StandardStatus 'Delete' with a new
   * ModificationTimestamp, which an incremental sync sees); with `vanish`, gone without a trace (only a
   * reconciliation notices).
   */
  remove(listingKeys: readonly string[], options?: { vanish?: boolean }): void;
  /** The feed's records in (ModificationTimestamp, ListingKey) order. */
  records(): Record<string, unknown>[];
  /** Every request answered (or under way), oldest first; a test may empty it (`requests.length = 0`). */
  readonly requests: ResoRequest[];
  /** Changes how the next requests are paged (the options not given stay as they are). */
  configure(paging: ResoPaging): void;
  /** Queues a fault for the next `times` (default 1) authorised, valid Property requests, after those already queued. */
  fault(fault: ResoFault, times?: number): void;
  close(): Promise<void>;
}

const ROOT = '/reso/odata';
const TOKEN_PATH = '/oauth2/token';
const JSON_TYPE = 'application/json; odata.metadata=minimal; charset=utf-8';
const QUERY_OPTIONS = new Set(['$filter', '$top', '$skip', '$select', '$orderby', '$count', '$skiptoken', '$format']);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const ODATA_CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

function odataError(status: number, message: string): string {
  return JSON.stringify({ error: { code: ODATA_CODES[status] ?? String(status), message } });
}

interface OrderKey {
  field: string;
  desc: boolean;
}

/** A parsed Property query: what the page needs. */
interface PropertyQuery {
  filter: CompiledFilter;
  filterText: string;
  top: number | undefined;
  skip: number;
  select: Selection | null;
  /** Null: the natural (ModificationTimestamp, ListingKey) order. */
  order: OrderKey[] | null;
  count: boolean;
  after: Bound | null;
}

export async function startResoServer(options: ResoServerOptions): Promise<ResoServer> {
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const paging: Required<ResoPaging> = {
    pageSize: options.pageSize ?? 1000,
    nextLink: options.nextLink ?? true,
    nextLinkOnly: options.nextLinkOnly ?? false,
    ignoreKeyAfter: options.ignoreKeyAfter ?? false,
  };
  const store = new RecordStore();
  const fields = new Map<string, EdmType>(Object.entries(PROPERTY_FIELDS));
  /** Token -> when it expires (ms). */
  const tokens = new Map<string, number>();
  const faults: ResoFault[] = [];
  const requests: ResoRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const counts = new Map<string, { version: number; count: number }>();
  let origin = '';

  const fieldType = (field: string): EdmType | undefined => fields.get(field);

  function learnFields(records: readonly Record<string, unknown>[]): void {
    for (const record of records)
      for (const field in record) {
        if (fields.has(field)) continue;
        const value = record[field];
        if (value !== undefined && value !== null) fields.set(field, edmTypeOf(value));
      }
  }

  function send(
    res: http.ServerResponse,
    log: ResoRequest,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void {
    log.status = status;
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(status, { 'content-type': JSON_TYPE, 'odata-version': '4.0', 'content-length': bytes.length, ...headers });
    res.end(bytes);
  }

  function authorise(req: http.IncomingMessage): string {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const challenge = (description: string) => ({
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    });
    if (!match)
      throw new HttpError(401, 'An Authorization: Bearer <access token> header is required.', { 'www-authenticate': 'Bearer' });
    const expires = tokens.get(match[1]);
    if (expires === undefined)
      throw new HttpError(401, 'The access token is not valid.', challenge('The access token is not valid'));
    if (Date.now() >= expires)
      throw new HttpError(401, 'The access token has expired.', challenge('The access token has expired'));
    return match[1];
  }

  function parseQuery(url: URL, log: ResoRequest): PropertyQuery {
    for (const name of url.searchParams.keys())
      if (name.startsWith('$') && !QUERY_OPTIONS.has(name))
        throw new HttpError(400, `The query option '${name}' is not supported by this server.`);
    const get = (name: string): string | null => url.searchParams.get(name);
    const count = (name: string): number | undefined => {
      const text = get(name);
      if (text === null) return undefined;
      if (!/^\d+$/.test(text)) throw new HttpError(400, `${name} must be a non-negative integer, not '${text}'.`);
      return Number(text);
    };

    const filterText = get('$filter');
    const top = count('$top');
    const skip = count('$skip');
    const countText = get('$count');
    const selectText = get('$select');
    const orderText = get('$orderby');
    const skiptoken = get('$skiptoken');
    if (filterText !== null) log.query.filter = filterText;
    if (top !== undefined) log.query.top = top;
    if (skip !== undefined) log.query.skip = skip;
    if (orderText !== null) log.query.orderby = orderText;
    if (skiptoken !== null) log.query.skiptoken = skiptoken;
    if (countText !== null && countText !== 'true' && countText !== 'false')
      throw new HttpError(400, `$count must be true or false, not '${countText}'.`);
    if (countText !== null) log.query.count = countText === 'true';

    let select: Selection | null = null;
    if (selectText !== null) {
      const names = selectText.split(',').map((s) => s.trim());
      log.query.select = names;
      if (!names.includes('*')) {
        for (const name of names)
          if (!fields.has(name))
            throw new HttpError(400, `Could not find a property named '${name}' on type 'org.reso.metadata.Property'.`);
        select = { key: names.join(','), fields: names, set: new Set(names) };
      }
    }

    let order: OrderKey[] | null = null;
    if (orderText !== null) {
      const keys = orderText.split(',').map((part) => {
        const m = /^\s*([A-Za-z_]\w*)(?:\s+(asc|desc))?\s*$/.exec(part);
        if (!m) throw new HttpError(400, `$orderby: '${part.trim()}' is not a field name with an optional asc or desc.`);
        if (!fields.has(m[1]))
          throw new HttpError(400, `Could not find a property named '${m[1]}' on type 'org.reso.metadata.Property'.`);
        return { field: m[1], desc: m[2] === 'desc' };
      });
      const natural =
        keys.length <= 2 &&
        keys[0].field === 'ModificationTimestamp' &&
        !keys[0].desc &&
        (keys.length === 1 || (keys[1].field === 'ListingKey' && !keys[1].desc));
      order = natural ? null : keys;
    }

    let filter: CompiledFilter;
    try {
      const parsed = filterText === null ? null : parseFilter(filterText, fieldType);
      filter = compileFilter(parsed && paging.ignoreKeyAfter ? ignoringKeyAfter(parsed) : parsed);
    } catch (error) {
      if (error instanceof QueryError) throw new HttpError(400, error.message);
      throw error;
    }

    let after: Bound | null = null;
    // Paging by its own links alone, the server does not read a client's $skip.
    let rowsToSkip = paging.nextLinkOnly ? 0 : (skip ?? 0);
    if (skiptoken !== null) {
      const token = Buffer.from(skiptoken, 'base64url').toString('utf8');
      const offset = /^o\.(\d+)$/.exec(token);
      const m = /^(\d+)\.(\d+)\.(.+)$/.exec(token);
      if (offset) rowsToSkip = Number(offset[1]);
      else if (!m || order) throw new HttpError(400, `The $skiptoken '${skiptoken}' is not one this server gave.`);
      else after = { ts: Number(m[1]), sub: Number(m[2]), key: m[3], strict: true };
    }
    return { filter, filterText: filterText ?? '', top, skip: rowsToSkip, select, order, count: countText === 'true', after };
  }

  /** Where the filter's rows begin: past every bound. */
  function startOf(bounds: readonly Bound[]): number {
    let start = 0;
    for (const bound of bounds) start = Math.max(start, store.positionOf(bound));
    return start;
  }

  function countOf(q: PropertyQuery): number {
    const start = startOf(q.filter.bounds);
    const residual = q.filter.residual;
    if (!residual) return store.size - start;
    const cached = counts.get(q.filterText);
    if (cached?.version === store.version) return cached.count;
    let count = 0;
    for (let i = start; i < store.size; i++) if (residual(store.at(i))) count++;
    counts.set(q.filterText, { version: store.version, count });
    return count;
  }

  /** The page's rows, and whether more follow. */
  function pageOf(q: PropertyQuery, limit: number): { rows: Entry[]; more: boolean } {
    const residual = q.filter.residual;
    if (q.order) {
      const matches = store
        .all()
        .slice(startOf(q.filter.bounds))
        .filter((e) => !residual || residual(e));
      matches.sort(comparator(q.order));
      return { rows: matches.slice(q.skip, q.skip + limit), more: q.skip + limit < matches.length };
    }
    const start = startOf(q.after ? [...q.filter.bounds, q.after] : q.filter.bounds);
    if (!residual) {
      const from = Math.min(start + q.skip, store.size);
      const to = Math.min(from + limit, store.size);
      const rows: Entry[] = [];
      for (let i = from; i < to; i++) rows.push(store.at(i));
      return { rows, more: to < store.size };
    }
    const rows: Entry[] = [];
    let skipped = 0;
    for (let i = start; i < store.size; i++) {
      const entry = store.at(i);
      if (!residual(entry)) continue;
      if (skipped < q.skip) skipped++;
      else if (rows.length < limit) rows.push(entry);
      else return { rows, more: true };
    }
    return { rows, more: false };
  }

  function nextLinkOf(url: URL, q: PropertyQuery, rows: Entry[]): string {
    const params: [string, string][] = [];
    for (const [name, value] of url.searchParams) if (name !== '$skip' && name !== '$skiptoken') params.push([name, value]);
    if (q.order && paging.nextLinkOnly)
      params.push(['$skiptoken', Buffer.from(`o.${q.skip + rows.length}`, 'utf8').toString('base64url')]);
    else if (q.order) params.push(['$skip', String(q.skip + rows.length)]);
    else {
      const last = rows[rows.length - 1];
      params.push(['$skiptoken', Buffer.from(`${last.ts}.${last.sub}.${last.key}`, 'utf8').toString('base64url')]);
    }
    return `${origin}${ROOT}/Property?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
  }

  function propertyPage(url: URL, q: PropertyQuery): { body: string; rows: number } {
    const limit = Math.min(q.top ?? paging.pageSize, paging.pageSize);
    const { rows, more } = pageOf(q, limit);
    const context = `${origin}${ROOT}/$metadata#Property${q.select ? `(${q.select.key})` : ''}`;
    let body = `{"@odata.context":${JSON.stringify(context)}`;
    if (q.count) body += `,"@odata.count":${countOf(q)}`;
    body += ',"value":[';
    for (let i = 0; i < rows.length; i++) body += (i ? ',' : '') + serialize(rows[i], q.select);
    body += ']';
    if (paging.nextLink && more && rows.length > 0) body += `,"@odata.nextLink":${JSON.stringify(nextLinkOf(url, q, rows))}`;
    return { body: `${body}}`, rows: rows.length };
  }

  function serveProperty(req: http.IncomingMessage, res: http.ServerResponse, url: URL, log: ResoRequest): void {
    const token = authorise(req);
    const q = parseQuery(url, log);
    const fault = faults.shift();
    if (fault) log.fault = fault.kind;
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      const messages = {
        429: 'Too many requests: slow down.',
        500: 'An internal error occurred.',
        503: 'The service is unavailable.',
      };
      send(res, log, fault.status, odataError(fault.status, messages[fault.status]), headers);
      return;
    }
    if (fault?.kind === 'expire-token') {
      tokens.set(token, 0);
      throw new HttpError(401, 'The access token has expired.', {
        'www-authenticate': 'Bearer error="invalid_token", error_description="The access token has expired"',
      });
    }
    if (fault?.kind === 'stall') {
      if (fault.ms === undefined) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        const page = propertyPage(url, q);
        log.rows = page.rows;
        send(res, log, 200, page.body);
      }, fault.ms);
      timers.add(timer);
      return;
    }
    const page = propertyPage(url, q);
    log.rows = page.rows;
    if (fault?.kind === 'malformed') {
      send(res, log, 200, page.body.slice(0, Math.floor(page.body.length / 2)));
      return;
    }
    if (fault?.kind === 'drop') {
      const bytes = Buffer.from(page.body, 'utf8');
      log.status = 200;
      res.writeHead(200, { 'content-type': JSON_TYPE, 'odata-version': '4.0', 'content-length': bytes.length });
      res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
      return;
    }
    send(res, log, 200, page.body);
  }

  async function serveToken(req: http.IncomingMessage, res: http.ServerResponse, log: ResoRequest): Promise<void> {
    const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}) => {
      log.status = status;
      const body = JSON.stringify({ error, error_description: description });
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'The token endpoint takes POST.');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 65536) return oauthError(400, 'invalid_request', 'The request body is too large.');
      chunks.push(chunk);
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      // RFC 6749 2.3.1: the id and the secret are form-encoded before they are joined and base64-encoded.
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        clientId = clientSecret = null;
      }
      if (colon < 0) clientId = clientSecret = null;
    }
    if (form.get('grant_type') !== 'client_credentials')
      return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
    if (clientId !== options.clientId || clientSecret !== options.clientSecret)
      return oauthError(401, 'invalid_client', 'Unknown client or wrong secret.', { 'www-authenticate': 'Basic realm="reso"' });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + tokenSeconds * 1000);
    log.status = 200;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: tokenSeconds }));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const log: ResoRequest = { method: req.method ?? 'GET', path: url.pathname, query: {}, status: 0 };
    requests.push(log);
    try {
      if (url.pathname === TOKEN_PATH) return await serveToken(req, res, log);
      const path = url.pathname.replace(/\/+$/, '');
      if (path !== ROOT && !path.startsWith(`${ROOT}/`)) throw new HttpError(404, `No resource at ${url.pathname}.`);
      if (req.method !== 'GET') throw new HttpError(405, `${req.method} is not supported: the feed is read-only.`);
      if (path === `${ROOT}/Property`) return serveProperty(req, res, url, log);
      if (path === ROOT) {
        authorise(req);
        const doc = {
          '@odata.context': `${origin}${ROOT}/$metadata`,
          value: [{ name: 'Property', kind: 'EntitySet', url: 'Property' }],
        };
        return send(res, log, 200, JSON.stringify(doc));
      }
      if (path === `${ROOT}/$metadata`) {
        authorise(req);
        log.status = 200;
        res.writeHead(200, { 'content-type': 'application/xml', 'odata-version': '4.0' });
        res.end(metadataXml(fields));
        return;
      }
      throw new HttpError(404, `Resource not found for the segment '${path.slice(ROOT.length + 1)}'.`);
    } catch (error) {
      if (error instanceof HttpError) return send(res, log, error.status, odataError(error.status, error.message), error.headers);
      send(res, log, 500, odataError(500, (error as Error).message));
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${ROOT}`,
    tokenUrl: `${origin}${TOKEN_PATH}`,
    requests,
    upsert(records) {
      learnFields(records);
      return store.upsert(records);
    },
    remove(listingKeys, removeOptions) {
      for (const key of listingKeys) if (!store.has(key)) throw new Error(`remove: no record ${key}`);
      if (removeOptions?.vanish) store.vanish(listingKeys);
      else store.upsert(listingKeys.map((key) => ({ ListingKey: key, StandardStatus: 'Delete' })));
    },
    records() {
      return store.all().map((e) => ({ ...e.record }));
    },
    configure(changes) {
      Object.assign(paging, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
    },
    fault(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** The filter with each `ListingKey gt '…'` taken as true (`ListingKey ne null`: every record has a key). */
function ignoringKeyAfter(expr: FilterExpr): FilterExpr {
  switch (expr.op) {
    case 'and':
    case 'or':
      return { op: expr.op, left: ignoringKeyAfter(expr.left), right: ignoringKeyAfter(expr.right) };
    case 'not':
      return { op: 'not', operand: ignoringKeyAfter(expr.operand) };
    case 'gt':
      return expr.field === 'ListingKey' ? { op: 'ne', field: 'ListingKey', literal: { kind: 'null' } } : expr;
    default:
      return expr;
  }
}

function comparator(order: OrderKey[]): (a: Entry, b: Entry) => number {
  return (a, b) => {
    for (const { field, desc } of order) {
      if (field === 'ModificationTimestamp') {
        const c = a.ts - b.ts || a.sub - b.sub;
        if (c !== 0) return desc ? -c : c;
        continue;
      }
      const x = a.record[field];
      const y = b.record[field];
      if (x === y) continue;
      // Nulls first in ascending order, as OData sorts them.
      const c = x == null ? -1 : y == null ? 1 : (x as number | string) < (y as number | string) ? -1 : 1;
      return desc ? -c : c;
    }
    return 0;
  };
}
