import { useCallback } from 'react';
import toast from 'react-hot-toast';
import type { User } from '../../../shared/api-types';
import { errorMessage } from '../../api/base-query';
import { useAppDispatch } from '../../app/hooks';
import { userLoaded } from '../session';

/**
 * Runs a profile save: the answer (the updated User) replaces the signed-in user at once, so the
 * map popup's strategy tabs follow without waiting for the invalidated getUser, then a toast.
 * Resolves true on success.
 */
export function useProfileSave(label: string): (send: () => Promise<User>) => Promise<boolean> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (send) => {
      try {
        dispatch(userLoaded(await send()));
        toast.success(`${label} saved`);
        return true;
      } catch (error) {
        toast.error(`Could not save ${label.toLowerCase()}: ${errorMessage(error)}`);
        return false;
      }
    },
    [dispatch, label],
  );
}
