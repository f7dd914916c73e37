import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';

export const LOCATION_KINDS = ['store_room', 'operatory', 'sterilisation', 'other'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/**
 * A place inside a practice where stock is kept (the store room, an operatory, the sterilisation room). Every
 * practice has exactly one main store (`is_main`, always active), made with the practice (a trigger, migration
 * 0024): receipts go there unless they name another location.
 */
export const storageLocations = pgTable(
  'storage_locations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().default('other'),
    sortOrder: integer('sort_order').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('storage_locations_practice_name_idx').on(t.dentalPracticeId, sql`lower(${t.name})`),
    uniqueIndex('storage_locations_practice_main_idx').on(t.dentalPracticeId).where(sql`${t.isMain}`),
    check('storage_locations_kind', sql`${t.kind} in ('store_room', 'operatory', 'sterilisation', 'other')`),
    check('storage_locations_main_active', sql`not ${t.isMain} or ${t.status} = 'active'`),
  ],
);

/**
 * Par levels per location (migration 0026): how much of a product an operatory (or any non-main location) should
 * hold, in usage units. The restock list brings each location up to its par from the main store (docs/locations.md).
 */
export const locationParLevels = pgTable(
  'location_par_levels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: bigint('location_id', { mode: 'number' })
      .notNull()
      .references(() => storageLocations.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parQuantity: numeric('par_quantity', { precision: 14, scale: 4 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('location_par_levels_location_product_idx').on(t.locationId, t.productId),
    index('location_par_levels_product_idx').on(t.productId),
    check('location_par_levels_positive', sql`${t.parQuantity} > 0`),
  ],
);
