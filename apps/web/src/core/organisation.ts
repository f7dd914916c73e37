import { useQuery } from '@tanstack/react-query';
import type { Organisation } from '@enamel/contracts';
import { api } from './api.ts';

export const ORGANISATION_QUERY_KEY = ['organisation'];

/** The organisation's settings (the catalog's currency), read once per session and after a change. */
export function useOrganisation() {
  return useQuery({
    queryKey: ORGANISATION_QUERY_KEY,
    queryFn: async () => (await api.get<{ data: Organisation }>('/api/organisation')).data.data,
    staleTime: 5 * 60_000,
  });
}

/** The currency catalog prices are in (USD until the organisation's setting is read). */
export function useCatalogCurrency(): string {
  return useOrganisation().data?.currency ?? 'USD';
}
