import { useQuery } from '@tanstack/react-query';
import { LIST_PATHS, type ListRow, type StorageLocationBody, type storageLocationListContract } from '@enamel/contracts';
import { getData, recordApi } from '../../core/api.ts';

/** A row of the storage locations list (docs/locations.md). */
export type StorageLocationRow = ListRow<typeof storageLocationListContract>;

export const STORAGE_LOCATIONS_LIST_URL = LIST_PATHS.storageLocation;

const locations = recordApi<StorageLocationRow, StorageLocationBody>('storage-location', { refresh: ['storage-locations', 'inventory'] });
export const fetchStorageLocation = locations.fetch;
export const saveStorageLocation = locations.save;
/** Deactivate (409 for the main store or while it holds stock) and restore. */
export const storageLocationLifecycle = locations.lifecycle;

/** The practice's locations in their order (active ones only unless `all`). */
export async function fetchPracticeLocations(practiceId: number, all = false): Promise<StorageLocationRow[]> {
  const params: Record<string, string | number> = { dental_practice_id: practiceId, pagesize: 100, sort_column: 'sort_order', sort_direction: 'asc' };
  if (!all) params.column_filters = JSON.stringify([{ field: 'status', condition: 'equal', value: 'active' }]);
  return getData<StorageLocationRow[]>(STORAGE_LOCATIONS_LIST_URL, { params });
}

/** The practice's active locations for a select (main store first when orders tie). */
export function usePracticeLocations(practiceId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['storage-locations', practiceId, 'active'],
    queryFn: () => fetchPracticeLocations(practiceId!),
    enabled: enabled && typeof practiceId === 'number',
    staleTime: 30_000,
  });
}
