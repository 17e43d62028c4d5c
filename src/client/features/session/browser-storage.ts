/** Every key Dealmap keeps in this browser's localStorage starts with this. */
export const STORAGE_PREFIX = 'dealmap.';

/**
 * Removes every `dealmap.*` key of localStorage but the ones in `keep` (sign-out removes them all:
 * the session, old local notes, cached views, the theme choice); returns how many it removed.
 */
export function clearDealmapStorage(keep: readonly string[] = []): number {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(STORAGE_PREFIX) && !keep.includes(key)) keys.push(key);
    }
    keys.forEach((key) => window.localStorage.removeItem(key));
    return keys.length;
  } catch (error) {
    console.warn('Could not clear the data Dealmap keeps in this browser', error);
    return 0;
  }
}
