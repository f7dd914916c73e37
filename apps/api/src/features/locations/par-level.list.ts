import { eq, sql } from 'drizzle-orm';
import { locationParLevelListContract, type ListRow } from '@enamel/contracts';
import { locationParLevels, products, storageLocations } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';
import { heldAtSql } from './restock.service.ts';

export type LocationParLevelRow = ListRow<typeof locationParLevelListContract>;

/** One location's par levels (the route's scope names the location), with what it holds of each now. */
export const locationParLevelList = bindList(locationParLevelListContract, {
  table: locationParLevels,
  columns: {
    product_name: products.name,
    product_sku: products.sku,
    usage_unit: products.usageUnit,
    on_hand: heldAtSql(sql`${storageLocations.dentalPracticeId}`, sql`${locationParLevels.locationId}`, sql`${locationParLevels.productId}`),
  },
  joins: [
    { inner: products, on: eq(products.id, locationParLevels.productId) },
    { inner: storageLocations, on: eq(storageLocations.id, locationParLevels.locationId) },
  ],
  tiebreaker: locationParLevels.id,
});
