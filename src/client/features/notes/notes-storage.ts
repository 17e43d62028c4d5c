import { NOTES_STORAGE_PREFIX } from '../../constants';

/** Quick notes live in this browser's localStorage, one entry per user. */
export const notesKey = (userId: string): string => `${NOTES_STORAGE_PREFIX}${userId || 'anonymous'}`;

export function readNotes(userId: string): string {
  try {
    return window.localStorage.getItem(notesKey(userId)) ?? '';
  } catch (error) {
    console.warn('Could not read notes', error);
    return '';
  }
}

export function writeNotes(userId: string, text: string): boolean {
  try {
    if (text) window.localStorage.setItem(notesKey(userId), text);
    else window.localStorage.removeItem(notesKey(userId));
    return true;
  } catch (error) {
    console.warn('Could not save notes', error);
    return false;
  }
}

/** Removes every user's Dealmap notes from this browser; returns how many were removed. */
export function clearAllNotes(): number {
  let removed = 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(NOTES_STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => window.localStorage.removeItem(key));
    removed = keys.length;
  } catch (error) {
    console.warn('Could not clear notes', error);
  }
  return removed;
}
