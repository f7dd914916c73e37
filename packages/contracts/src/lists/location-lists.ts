import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { STORAGE_LOCATION_KINDS } from '../locations.ts';
import { createdAtField, idField, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

/** GET /api/admin/list/storage-locations: one practice's storage locations, in their order, with what they hold. */
export const storageLocationListContract = listContract({
  path: LIST_PATHS.storageLocation,
  fields: {
    id: idField,
    dental_practice_id: col.int({ filter: true }),
    name: col.text({ sort: true, filter: true, search: true }),
    kind: col.enum(STORAGE_LOCATION_KINDS, { sort: true, filter: true }),
    sort_order: col.int({ sort: true, filter: true }),
    is_main: col.bool({ sort: true, filter: true }),
    status: statusField,
    /** Products with stock there, and its value (exact decimal text). */
    products_count: col.int({ sort: true, filter: true }),
    value: col.decimal({ sort: true, filter: true }),
    created_at: createdAtField,
  },
  defaultSort: { field: 'sort_order', direction: 'asc' },
});

/** One storage location as GET /api/storage-location/{id} and the writes return it. */
export const storageLocationSchema = storageLocationListContract.row;

/** GET /api/admin/list/location-par-levels?location_id=: one location's par levels, with what it holds of each (unexpired). */
export const locationParLevelListContract = listContract({
  path: LIST_PATHS.locationParLevel,
  fields: {
    id: idField,
    location_id: col.int({ filter: true }),
    product_id: col.int({ filter: true }),
    product_name: col.text({ sort: true, filter: true, search: true }),
    product_sku: col.text({ sort: true, filter: true, search: true }),
    usage_unit: col.text({ sort: true, filter: true }),
    par_quantity: col.decimal({ sort: true, filter: true }),
    /** What the location holds of the product now (its lots there, unexpired). */
    on_hand: col.decimal({ sort: true, filter: true }),
    created_at: createdAtField,
  },
  defaultSort: { field: 'product_name', direction: 'asc' },
});

/** One par level as POST /api/location-par-level/set returns it. */
export const locationParLevelSchema = locationParLevelListContract.row;
