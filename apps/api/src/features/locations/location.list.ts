import { sql } from 'drizzle-orm';
import { storageLocationListContract, type ListRow } from '@enamel/contracts';
import { storageLocations } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type StorageLocationRow = ListRow<typeof storageLocationListContract>;

const id = sql.raw('"storage_locations"."id"');

/** One practice's storage locations (the caller's scope names the practice). */
export const storageLocationList = bindList(storageLocationListContract, {
  table: storageLocations,
  columns: {
    products_count: sql<number>`(select count(distinct i.product_id)::int from lots l join inventories i on i.id = l.inventory_id where l.location_id = ${id} and l.quantity > 0)`,
    value: sql<string>`(select coalesce(round(sum(l.quantity * l.unit_cost), 4), 0) from lots l where l.location_id = ${id} and l.quantity > 0)`,
  },
  tiebreaker: storageLocations.id,
});
