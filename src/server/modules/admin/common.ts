import { DEFAULT_PAGE_SIZE, type ListQuery } from '../../../shared/schemas/admin';
import { badRequest, conflict } from '../../http/errors';

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

/** A bulk request refused because of some rows: 409 naming them (message) and by id (fields). */
export function bulkConflict(problems: Array<{ id: string; message: string }>): Error {
  const shown = problems.slice(0, 3).map((p) => p.message);
  const more = problems.length > shown.length ? ` …and ${problems.length - shown.length} more.` : '';
  return conflict(`Nothing was changed. ${shown.join(' ')}${more}`, Object.fromEntries(problems.map((p) => [p.id, p.message])));
}

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

/** 400 unless the body's `_id`, when given, names the item of the URL. */
export function checkBodyId(thing: string, bodyId: string | undefined, id: string): void {
  const given = (bodyId ?? '').trim().toLowerCase();
  if (given !== '' && given !== id) {
    throw badRequest(`The _id in the body does not match the ${thing} in the URL`, { _id: 'Does not match the URL' });
  }
}
