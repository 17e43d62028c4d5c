/**
 * Redux DevTools sanitizers (development only): the map may know tens of thousands of properties and a
 * bounds-search page carries up to a thousand, which would make every DevTools update, and time
 * travel, serialise megabytes. What DevTools shows is summarised; the store itself is untouched.
 *
 * - An array longer than SUMMARY_LIMIT becomes `{ summarised: 'array', count, firstIds }`.
 * - An entity adapter's state (`{ ids, entities }`, e.g. `map.properties`) with more ids than that
 *   becomes `{ summarised: 'entities', count, firstIds }`.
 * - Everything else, small arrays included, is shown as it is (walked to MAX_DEPTH levels).
 *
 * Setting localStorage `dealmap.devtools.fullState` to `true` and reloading turns the summaries off.
 */
import type { Action } from '@reduxjs/toolkit';

/** Arrays and entity tables up to this size are shown whole. */
export const SUMMARY_LIMIT = 20;
/** How many ids a summary lists. */
export const SUMMARY_IDS = 5;
const MAX_DEPTH = 12;

/** The localStorage flag that shows DevTools the full state and actions. */
export const FULL_STATE_FLAG = 'dealmap.devtools.fullState';

export interface Summary {
  summarised: 'array' | 'entities';
  count: number;
  firstIds: unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An item's id (`_id`, then `id`), a primitive item itself, or null. */
function idOf(item: unknown): unknown {
  if (isRecord(item)) return item._id ?? item.id ?? null;
  return typeof item === 'object' ? null : item;
}

function isEntityState(value: Record<string, unknown>): value is { ids: unknown[]; entities: Record<string, unknown> } {
  return Array.isArray(value.ids) && isRecord(value.entities);
}

/** `value` with its large arrays and entity tables summarised; the same reference when nothing is. */
export function summarise(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (value.length > SUMMARY_LIMIT) {
      return { summarised: 'array', count: value.length, firstIds: value.slice(0, SUMMARY_IDS).map(idOf) } satisfies Summary;
    }
    return mapChanged(value, (item) => summarise(item, depth + 1));
  }
  if (!isRecord(value)) return value;
  if (isEntityState(value) && value.ids.length > SUMMARY_LIMIT) {
    return { summarised: 'entities', count: value.ids.length, firstIds: value.ids.slice(0, SUMMARY_IDS) } satisfies Summary;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    next[key] = summarise(child, depth + 1);
    if (next[key] !== child) changed = true;
  }
  return changed ? next : value;
}

function mapChanged(items: unknown[], fn: (item: unknown) => unknown): unknown[] {
  const next = items.map(fn);
  return next.some((item, i) => item !== items[i]) ? next : items;
}

/** For `devTools.stateSanitizer`: the state as DevTools shows it. */
export const stateSanitizer = <S>(state: S): S => summarise(state) as S;

/** For `devTools.actionSanitizer`: e.g. `map/propertiesMerged` or a fulfilled searchProperties page. */
export const actionSanitizer = <A extends Action>(action: A): A => summarise(action) as A;

function fullStateWanted(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(FULL_STATE_FLAG) === 'true';
  } catch {
    return false;
  }
}

/** The store's `devTools` option: off in production, summarised unless FULL_STATE_FLAG is set. */
export function devToolsOptions(isDevelopment: boolean) {
  if (!isDevelopment) return false;
  if (fullStateWanted()) return { name: 'Dealmap (full state)' };
  return { name: 'Dealmap', actionSanitizer, stateSanitizer };
}
