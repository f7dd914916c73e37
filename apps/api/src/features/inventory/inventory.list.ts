import { eq, sql } from 'drizzle-orm';
import { inventoryListContract, movementListContract, type ListRow } from '@enamel/contracts';
import { brands, categories, dentalPractices, inventories, lots, practiceSettings, products, stockMovements, storageLocations, users } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';
import { expiryStateSql, inventoryEffectiveLevelsSql, stockStatusSql, todayInZoneSql, warningDaysOrDefaultSql } from '../stock/index.ts';

export type InventoryRow = ListRow<typeof inventoryListContract>;
export type MovementRow = ListRow<typeof movementListContract>;

const inv = sql.raw('"inventories"."id"');
// The practice's today and warning days from the joined practice and settings rows (one lookup per row, not per lot).
const today = todayInZoneSql(sql`${dentalPractices.timeZone}`);
const warningDays = warningDaysOrDefaultSql(sql`${practiceSettings.expiryWarningDays}`);
// The levels the practice works with (policy mode, forecast levels over the typed floor): stock/levels.ts.
const effective = inventoryEffectiveLevelsSql();
const nearestExpiry = sql<string | null>`(select min(l.expiry_date) from lots l where l.inventory_id = ${inv} and l.quantity > 0)`;

/** The inventory list of one practice (the caller's scope names the practice). */
export const inventoryList = bindList(inventoryListContract, {
  table: inventories,
  columns: {
    product_name: products.name,
    sku: products.sku,
    gtin: products.gtin,
    brand_name: brands.name,
    category_name: categories.name,
    usage_unit: products.usageUnit,
    purchase_unit: products.purchaseUnit,
    units_per_purchase_unit: products.unitsPerPurchaseUnit,
    tracks_lots: products.tracksLots,
    on_hand_purchase_units: sql<string>`round(${inventories.onHand} / ${products.unitsPerPurchaseUnit}, 2)`,
    value: sql<string>`(select coalesce(round(sum(greatest(l.quantity, 0) * l.unit_cost), 4), 0) from lots l where l.inventory_id = ${inv})`,
    nearest_expiry: nearestExpiry,
    // Stock's one definition, on the practice's today and expiry warning days.
    nearest_expiry_state: expiryStateSql(nearestExpiry, today, warningDays),
    stock_status: stockStatusSql({ id: inv, onHand: sql`${inventories.onHand}`, reorderPoint: effective.reorderPoint, today, warningDays }),
    effective_reorder_point: effective.reorderPoint,
    effective_order_up_to: effective.orderUpTo,
  },
  extra: { suggestion: inventories.suggestion },
  joins: [
    { inner: products, on: eq(products.id, inventories.productId) },
    { left: brands, on: eq(brands.id, products.brandId) },
    { left: categories, on: eq(categories.id, products.categoryId) },
    { inner: dentalPractices, on: eq(dentalPractices.id, inventories.dentalPracticeId) },
    { left: practiceSettings, on: eq(practiceSettings.dentalPracticeId, inventories.dentalPracticeId) },
  ],
  tiebreaker: inventories.id,
});

/** The ledger of one practice. */
export const movementList = bindList(movementListContract, {
  table: stockMovements,
  columns: {
    product_name: products.name,
    sku: products.sku,
    lot_number: lots.lotNumber,
    expiry_date: lots.expiryDate,
    counterpart_practice_name: sql<string | null>`(select p.name from dental_practices p where p.id = ${stockMovements.counterpartPracticeId})`,
    user_email: users.email,
    location_name: storageLocations.name,
  },
  joins: [
    { inner: products, on: eq(products.id, stockMovements.productId) },
    { left: lots, on: eq(lots.id, stockMovements.lotId) },
    { left: users, on: eq(users.id, stockMovements.userId) },
    { left: storageLocations, on: eq(storageLocations.id, stockMovements.locationId) },
  ],
  tiebreaker: stockMovements.id,
});
