import { LIST_PATHS, type ListRow, type LocationParLevelBody, type locationParLevelListContract, type RestockBody, type RestockList, type RestockResult } from '@enamel/contracts';
import { getData, postData } from '../../core/api.ts';

/** A par level of a location (docs/locations.md#par-levels-and-restocking). */
export type LocationParLevelRow = ListRow<typeof locationParLevelListContract>;

/** The query keys the restock list and the par levels are cached under. */
export const RESTOCK_QUERY_KEYS = ['restock', 'location-par-levels'];

/** A location's par levels, by product name (a location keeps tens of products, not thousands). */
export async function fetchParLevels(locationId: number): Promise<LocationParLevelRow[]> {
  return getData<LocationParLevelRow[]>(LIST_PATHS.locationParLevel, { params: { location_id: locationId, pagesize: 100, sort_column: 'product_name', sort_direction: 'asc' } });
}

export async function setParLevel(body: LocationParLevelBody): Promise<LocationParLevelRow> {
  return postData<LocationParLevelRow>('/api/location-par-level/set', body);
}

export async function removeParLevel(id: number): Promise<LocationParLevelRow> {
  return postData<LocationParLevelRow>(`/api/location-par-level/delete/${id}`);
}

/** What to bring from the main store to each location (or one) to bring it up to its par levels. */
export async function fetchRestockList(practiceId: number, locationId: number | null): Promise<RestockList> {
  return getData<RestockList>('/api/restock', { params: { dental_practice_id: practiceId, ...(locationId !== null ? { location_id: locationId } : {}) } });
}

/** Moves the quantities from the main store to the location (earliest expiry first), in one transaction. */
export async function restockLocation(body: RestockBody): Promise<RestockResult> {
  return postData<RestockResult>('/api/restock', body);
}
