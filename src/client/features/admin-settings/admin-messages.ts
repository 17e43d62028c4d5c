import { DEFAULT_ERROR_MESSAGE } from '../../api/base-query';
import type { BulkAction, SectionKey, ThingKey } from './admin-settings-api';
import { THING_OF } from './admin-settings-api';
import { deleteFailedMessage } from '../../../shared/outcome-messages';

/** The titles, buttons and messages of each admin section, word for word. */
export interface SectionTexts {
  /** 'Users' */
  title: string;
  /** 'User' */
  entity: string;
  /** 'user' */
  thing: ThingKey;
  /** 'users' (plural, lower case) */
  plural: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function sectionTexts(section: SectionKey): SectionTexts {
  const thing = THING_OF[section];
  return { title: capital(section), entity: capital(thing), thing, plural: section };
}

export const addTitle = (entity: string) => `Add New ${entity}`;
export const editTitle = (entity: string) => `Edit ${entity}`;
export const createButton = (entity: string) => `Create ${entity}`;
export const updateButton = (entity: string) => `Update ${entity}`;
export const loadDefault = (thing: string) => `An error occurred while loading ${thing} data`;
export const listLoadDefault = (plural: string) => `Failed to load ${plural}`;
export const searchPlaceholder = (plural: string) => `Search ${plural}`;

/** '1 user', '3 users', '2 strategies'. */
export function countOf(n: number, section: SectionKey): string {
  return `${n} ${n === 1 ? THING_OF[section] : section}`;
}

const BULK_VERB: Record<BulkAction, string> = { activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete' };
const BULK_PAST: Record<BulkAction, string> = { activate: 'activated', deactivate: 'deactivated', delete: 'deleted' };

/** 'Deactivate 3 users?' */
export const bulkQuestion = (action: BulkAction, n: number, section: SectionKey) =>
  `${BULK_VERB[action]} ${countOf(n, section)}?`;
/** '3 users deactivated' */
export const bulkSummary = (action: BulkAction, n: number, section: SectionKey) => `${countOf(n, section)} ${BULK_PAST[action]}`;
/** 'Imported 12 users' */
export const importedSummary = (n: number, section: SectionKey) => `Imported ${countOf(n, section)}`;

type Loose = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * The message of a failed admin form call: the server message (the response
 * data's message), for user update also its `error` field, else the error's own message, else
 * the default. The base query's generic 'An error occurred' counts as "no message".
 */
export function adminErrorMessage(error: unknown, fallback: string, options: { withErrorField?: boolean } = {}): string {
  if (error && typeof error === 'object') {
    const e = error as Loose;
    const data = e.data && typeof e.data === 'object' ? (e.data as Loose) : undefined;
    const serverMessage = str(data?.message);
    if (serverMessage) return serverMessage;
    if (options.withErrorField) {
      const field = str(data?.error) ?? str(e.error);
      if (field) return field;
    }
    const own = str(e.message);
    if (own && own !== DEFAULT_ERROR_MESSAGE) return own;
  } else if (str(error)) {
    return error as string;
  }
  return fallback;
}

/** A list load failure: the server message or 'Failed to load users' (etc.). */
export function listErrorMessage(error: unknown, section: SectionKey): string {
  return adminErrorMessage(error, listLoadDefault(section));
}

/** A delete failure: a 409 explains what to do; anything else gets the default delete message. */
export function deleteErrorMessage(error: unknown, thing: string): string {
  const e = (error ?? {}) as Loose;
  if (e.status === 409 && str(e.message)) return e.message as string;
  return deleteFailedMessage(thing);
}

/** A bulk or import failure: the server's message (409 names the rows), else a generic one. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return adminErrorMessage(error, fallback);
}
