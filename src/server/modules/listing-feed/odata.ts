import { RESO_FIELDS } from '../listings';
import { ResoError } from './reso-client';

/**
 * The OData v4 queries of the RESO `Property` resource the sync and the reconciliation send, and
 * how their answers are read. docs/listings.md, "Connecting an MLS".
 */

/** Where replication stands: the last ModificationTimestamp written (as the server wrote it) and ListingKey. */
export interface FeedCursor {
  modifiedAt: string;
  listingKey: string;
}

/** Fields of the Data Dictionary the importer does not map but the sync reads. */
const SYNC_FIELDS = ['ListingKey', 'ModificationTimestamp', 'StandardStatus', 'PropertyType'];

/** The engine's estimates: local fields of some feeds (the demo's), not the Data Dictionary's. */
const LOCAL_FIELDS = new Set(['EstimatedMonthlyRent', 'RehabEstimate', 'ArvEstimate', 'NightlyRateEstimate']);

/** Every field the importer maps (fromReso's RESO_FIELDS) and the sync needs, in a stable order. */
export const MAPPED_FIELDS: readonly string[] = [...new Set([...SYNC_FIELDS, ...Object.keys(RESO_FIELDS)])];

/** What is selected when the server's $metadata cannot be read: the Data Dictionary's names alone. */
export const STANDARD_FIELDS: readonly string[] = MAPPED_FIELDS.filter((f) => !LOCAL_FIELDS.has(f));

/** The fields the sync cannot work without. */
const REQUIRED_FIELDS = ['ListingKey', 'ModificationTimestamp', 'StandardStatus'];

/**
 * The Property entity type's fields in a CSDL document ($metadata), or null when the document has
 * none (not CSDL, or no Property).
 */
export function propertyFieldsOf(metadata: string): Set<string> | null {
  const entity = /<(?:\w+:)?EntityType\b[^>]*\bName="Property"[^>]*>([\s\S]*?)<\/(?:\w+:)?EntityType>/.exec(metadata);
  if (!entity) return null;
  const names = [...entity[1].matchAll(/<(?:\w+:)?Property\b[^>]*\bName="([^"]+)"/g)].map((m) => m[1]);
  return names.length ? new Set(names) : null;
}

/**
 * The fields to $select: those we map that the server declares (a real server answers 400 to a
 * $select of a field it does not have), or the standard ones without a document. An error when the
 * server's Property lacks a field replication needs.
 */
export function fieldsToSelect(declared: Set<string> | null): string[] {
  if (!declared) return [...STANDARD_FIELDS];
  const missing = REQUIRED_FIELDS.filter((f) => !declared.has(f));
  if (missing.length) {
    throw new ResoError(
      `The MLS's Property resource has no ${missing.join(', ')} (its $metadata): replication needs them; is RESO_API_URL a RESO Web API service root?`,
    );
  }
  return MAPPED_FIELDS.filter((f) => declared.has(f));
}

/** A string literal of OData: in single quotes, a quote inside doubled. */
export const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** An OData DateTimeOffset literal as servers write it (the fraction of any length, Z or an offset). */
const DATE_TIME_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,12})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** The row's ModificationTimestamp when it is one the next filter can carry, else null. */
export function modificationTimestamp(row: Record<string, unknown>): string | null {
  const value = row.ModificationTimestamp;
  return typeof value === 'string' && DATE_TIME_OFFSET.test(value) && Number.isFinite(Date.parse(value)) ? value : null;
}

/** The row's place in the replication order, when it has a key and a timestamp. */
export function cursorOf(row: Record<string, unknown>): FeedCursor | null {
  const modifiedAt = modificationTimestamp(row);
  const key = row.ListingKey;
  return modifiedAt && typeof key === 'string' && key ? { modifiedAt, listingKey: key } : null;
}

/** The digits of a timestamp's second fraction, to 12 places (finer than Date's milliseconds). */
const fraction = (value: string) => (/\.(\d+)/.exec(value)?.[1] ?? '').padEnd(12, '0');

/** Orders two cursors as the server's `$orderby=ModificationTimestamp,ListingKey` does. */
export function compareCursors(a: FeedCursor, b: FeedCursor): number {
  const seconds = Math.floor(Date.parse(a.modifiedAt) / 1000) - Math.floor(Date.parse(b.modifiedAt) / 1000);
  if (seconds !== 0) return Math.sign(seconds);
  const fa = fraction(a.modifiedAt);
  const fb = fraction(b.modifiedAt);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.listingKey < b.listingKey ? -1 : a.listingKey > b.listingKey ? 1 : 0;
}

/** The rows after a cursor, in the replication order: a later timestamp, or the same one and a later key. */
export function afterCursorFilter(cursor: FeedCursor): string {
  const at = cursor.modifiedAt;
  return `(ModificationTimestamp gt ${at} or (ModificationTimestamp eq ${at} and ListingKey gt ${odataString(cursor.listingKey)}))`;
}

/** Whether the whole filter is one parenthesised expression: `(a or b)`, not `(a) or (b)`. */
function wrapped(filter: string): boolean {
  if (!filter.startsWith('(')) return false;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (c === "'")
      quoted = !quoted; // a doubled quote toggles twice
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')' && --depth === 0) return i === filter.length - 1;
  }
  return false;
}

/** `a and b` of the filters given (each parenthesised unless it is already), or null for none. */
export function allOf(...filters: Array<string | null | undefined>): string | null {
  const parts = filters.filter((f): f is string => !!f);
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0] : parts.map((f) => (wrapped(f) ? f : `(${f})`)).join(' and ');
}

export interface PropertyQuery {
  filter: string | null;
  orderby: string;
  top: number;
  skip?: number;
  select: readonly string[];
  count?: boolean;
}

/** The path and query of a Property request, relative to the service root. */
export function propertyPath(query: PropertyQuery): string {
  const params: string[] = [];
  const add = (name: string, value: string) => params.push(`${name}=${encodeURIComponent(value)}`);
  if (query.filter) add('$filter', query.filter);
  add('$orderby', query.orderby);
  add('$top', String(query.top));
  if (query.skip) add('$skip', String(query.skip));
  add('$select', query.select.join(','));
  if (query.count) add('$count', 'true');
  return `Property?${params.join('&')}`;
}

/** An OData collection answer: its rows, the count when asked, the next page's link when given. */
export interface ODataPage {
  rows: Array<Record<string, unknown>>;
  count: number | null;
  nextLink: string | null;
}

export function readPage(body: unknown): ODataPage {
  const b = body as { value?: unknown; '@odata.count'?: unknown; '@odata.nextLink'?: unknown } | null;
  if (!b || typeof b !== 'object' || !Array.isArray(b.value)) {
    throw new ResoError('The MLS answered without a "value" array: is RESO_API_URL an OData service root?');
  }
  const rows = b.value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
  const count = Number(b['@odata.count']);
  const next = b['@odata.nextLink'];
  return {
    rows,
    count: b['@odata.count'] === undefined || !Number.isInteger(count) ? null : count,
    nextLink: typeof next === 'string' && next ? next : null,
  };
}
