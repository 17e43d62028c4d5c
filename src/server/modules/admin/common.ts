import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldErrors } from '../../../shared/validation';
import { invalidIdMessage } from '../../../shared/validation';
import { badRequest, conflict } from '../../http/errors';

/** Who is acting: the signed-in Admin. */
export interface Actor {
  id: string;
}

export type BulkAction = 'activate' | 'deactivate' | 'delete';
export const BULK_ACTIONS: readonly BulkAction[] = ['activate', 'deactivate', 'delete'];

export interface ListQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const LIST_KEYS = ['q', 'page', 'pageSize', 'sort'];

/** The plain call (no list parameter at all) answers the whole list as an array. */
export const isPaged = (query: object): boolean => Object.keys(query).some((key) => LIST_KEYS.includes(key));

export function pageOf(query: ListQuery): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** `sort` → field and direction; the schema has already checked the field against the whitelist. */
export function parseSort(sort: string | undefined, fallback: string): { field: string; desc: boolean } {
  const value = sort || fallback;
  return value.startsWith('-') ? { field: value.slice(1), desc: true } : { field: value, desc: false };
}

/** Every value `sort` may take for these fields: `field` and `-field`. */
export const sortValues = (fields: readonly string[]): string[] => fields.flatMap((f) => [f, `-${f}`]);

/** `%q%` with LIKE's wildcards escaped; compare with `lower(column) like lower(pattern)`. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(<expression>) LIKE lower(<pattern>)`: case-insensitive substring match, served by the trigram indexes. */
export function contains(expression: RawBuilder<unknown> | Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${expression}) like lower(${pattern})`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** 400 'Invalid {thing} ID provided' unless `id` is a well-formed id. */
export function checkId(thing: string, id: string | undefined): string {
  const value = (id ?? '').trim();
  if (!isUuid(value)) throw badRequest(invalidIdMessage(thing), { id: invalidIdMessage(thing) });
  return value.toLowerCase();
}

/** 400 VALIDATION_FAILED with the field messages, worded like the schema errors. */
export function validationFailed(fields: FieldErrors): Error {
  const messages = Object.values(fields);
  return badRequest(messages.length === 1 ? messages[0] : `${messages.join('. ')}.`, fields);
}

export function throwIfInvalid(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

/** A bulk request refused because of some rows: 409 naming them (message) and by id (fields). */
export function bulkConflict(problems: Array<{ id: string; message: string }>): Error {
  const shown = problems.slice(0, 3).map((p) => p.message);
  const more = problems.length > shown.length ? ` …and ${problems.length - shown.length} more.` : '';
  return conflict(`Nothing was changed. ${shown.join(' ')}${more}`, Object.fromEntries(problems.map((p) => [p.id, p.message])));
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';

/** Parses the `active` column of an import: true/false, yes/no, 1/0, active/inactive; empty = false. */
export function parseActive(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === '' || ['false', 'no', '0', 'inactive', 'n'].includes(value)) return false;
  if (['true', 'yes', '1', 'active', 'y'].includes(value)) return true;
  return undefined;
}

export const ACTIVE_COLUMN_MESSAGE = 'Active must be true or false';

/** "1 user", "3 users". */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
