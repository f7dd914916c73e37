import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api.ts';

export function useVersion() {
  return useQuery({
    queryKey: ['support', 'version'],
    queryFn: async () => (await api.get<{ version: string }>('/api/version')).data.version,
    staleTime: Infinity,
  });
}

/** GET /readyz answers {status:'ok'} when the server and its database are ready. */
export function useHealth() {
  return useQuery({
    queryKey: ['support', 'health'],
    queryFn: async () => (await api.get<{ status: string }>('/readyz')).data.status,
    refetchInterval: 30_000,
    retry: false,
  });
}
