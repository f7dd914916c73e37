import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from './errors.ts';
import { notifyError, notifySuccess } from './notify.ts';

/** Refetches every list (query keys starting with 'list') and the named other queries. */
export function useRefreshLists() {
  const queryClient = useQueryClient();
  return useCallback(
    (alsoRefresh: string[] = []) =>
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' || alsoRefresh.includes(String(q.queryKey[0])) }),
    [queryClient],
  );
}

/**
 * Runs a change from a list screen: a success notice and fresh lists, or the server's message as
 * an error toast. Resolves true when the change was made.
 */
export function useRunAction() {
  const { t } = useTranslation();
  const refresh = useRefreshLists();
  return useCallback(
    async (call: () => Promise<unknown>, successMessage: string, alsoRefresh: string[] = []): Promise<boolean> => {
      try {
        await call();
      } catch (error) {
        notifyError(toAppError(error, t).message);
        return false;
      }
      notifySuccess(successMessage);
      await refresh(alsoRefresh);
      return true;
    },
    [refresh, t],
  );
}

/** What a form does once saved: the notice, fresh lists and the named queries, then `next` (close the dialog, leave the page). */
export function useAfterSave() {
  const refresh = useRefreshLists();
  return useCallback(
    (notice: string, alsoRefresh: string[], next: () => void) => async () => {
      notifySuccess(notice);
      await refresh(alsoRefresh);
      next();
    },
    [refresh],
  );
}
