import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupFile, Support } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const SUPPORT_QUERY_KEY = ['support'] as const;

/**
 * GET /api/support: version, database health, the job queue's last runs and the latest backups (the last two
 * null when the user may not see them). Polled, so the page shows the service's state as it changes.
 */
export function useSupport() {
  return useQuery({
    queryKey: SUPPORT_QUERY_KEY,
    queryFn: async () => (await api.get<{ data: Support }>('/api/support')).data.data,
    refetchInterval: 30_000,
    retry: false,
  });
}

/** POST /api/backups: a backup of the embedded database now; the page's list is refreshed after. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ data: BackupFile }>('/api/backups')).data.data,
    onSettled: () => client.invalidateQueries({ queryKey: SUPPORT_QUERY_KEY }),
  });
}
