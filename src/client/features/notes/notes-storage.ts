import { NOTES_STORAGE_PREFIX } from '../../constants';

/**
 * Notes used to live in this browser's localStorage, one entry per user. They live on the server now
 * (notes-api.ts); the first opening of a user's notes brings an old local note along and removes it.
 */
const legacyKey = (userId: string): string => `${NOTES_STORAGE_PREFIX}${userId || 'anonymous'}`;

export function readLegacyNotes(userId: string): string {
  try {
    return window.localStorage.getItem(legacyKey(userId)) ?? '';
  } catch {
    return '';
  }
}

export function removeLegacyNotes(userId: string): void {
  try {
    window.localStorage.removeItem(legacyKey(userId));
  } catch (error) {
    console.warn('Could not remove the old local notes', error);
  }
}
