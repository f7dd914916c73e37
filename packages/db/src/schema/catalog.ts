import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** Catalog entities are global to the organisation (docs/product-rules.md#catalog). Money and quantities are numeric, never floats. */

export const brands = pgTable(
  'brands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    manufacturer: varchar('manufacturer', { length: 160 }),
    website: varchar('website', { length: 300 }),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.name})`), index('brands_status_idx').on(t.status)],
);

export const categories = pgTable(
  'categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  // The same name may appear under different parents (Gloves under two trees), never twice under one.
  (t) => [uniqueIndex('categories_parent_name_idx').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    gtin: varchar('gtin', { length: 14 }),
    brandId: bigint('brand_id', { mode: 'number' }).references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id, { onDelete: 'restrict' }),
    usageUnit: varchar('usage_unit', { length: 24 }).notNull(),
    purchaseUnit: varchar('purchase_unit', { length: 24 }).notNull(),
    unitsPerPurchaseUnit: integer('units_per_purchase_unit').notNull().default(1),
    purchasePrice: numeric('purchase_price', { precision: 14, scale: 4 }).notNull().default('0'),
    tracksLots: boolean('tracks_lots').notNull().default(false),
    description: text('description'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Succession (docs/product-rules.md#succession): the product that replaces this one from `successionDate`; one of this product's usage units equals `successionFactor` of the successor's. All three or none. */
    successorId: bigint('successor_id', { mode: 'number' }).references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
    successionDate: date('succession_date', { mode: 'string' }),
    successionFactor: numeric('succession_factor', { precision: 14, scale: 6 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
    index('products_gtin_idx').on(t.gtin),
    index('products_name_idx').on(t.name),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    check('products_units_positive', sql`${t.unitsPerPurchaseUnit} > 0`),
    check('products_price_not_negative', sql`${t.purchasePrice} >= 0`),
    index('products_successor_idx').on(t.successorId).where(sql`${t.successorId} is not null`),
    check('products_succession_complete', sql`(${t.successorId} is null) = (${t.successionDate} is null) and (${t.successorId} is null) = (${t.successionFactor} is null)`),
    check('products_succession_not_self', sql`${t.successorId} <> ${t.id}`),
    check('products_succession_factor_positive', sql`${t.successionFactor} > 0`),
  ],
);

export const procedureCodes = pgTable(
  'procedure_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 160 }).notNull(),
    category: varchar('category', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [uniqueIndex('procedure_codes_code_upper_idx').on(sql`upper(${t.code})`), index('procedure_codes_category_idx').on(t.category)],
);

export const procedureTemplates = pgTable(
  'procedure_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    procedureCodeId: bigint('procedure_code_id', { mode: 'number' })
      .notNull()
      .references(() => procedureCodes.id, { onDelete: 'restrict' }),
    description: text('description'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [uniqueIndex('procedure_templates_name_lower_idx').on(sql`lower(${t.name})`), index('procedure_templates_code_idx').on(t.procedureCodeId)],
);

/** A template's consumables: product × quantity in the product's usage unit. */
export const procedureTemplateItems = pgTable(
  'procedure_template_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    procedureTemplateId: bigint('procedure_template_id', { mode: 'number' })
      .notNull()
      .references(() => procedureTemplates.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull(),
  },
  (t) => [
    uniqueIndex('procedure_template_items_template_product_idx').on(t.procedureTemplateId, t.productId),
    index('procedure_template_items_product_idx').on(t.productId),
    check('procedure_template_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
