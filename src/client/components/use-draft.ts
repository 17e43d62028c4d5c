import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * Editable local state that starts from `source` and starts again from it whenever `key` (which
 * names the source's content) changes, e.g. after a save or a fresh load. React's pattern for state
 * that follows a changed value: adjusted while rendering, not in an effect.
 */
export function useDraft<T>(source: T, key: string): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(source);
  const [draftOf, setDraftOf] = useState(key);
  if (draftOf !== key) {
    setDraftOf(key);
    setDraft(source);
  }
  return [draft, setDraft];
}
