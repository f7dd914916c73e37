import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeGtin, parseProductBarcode, type ProductDetail, type productBodySchema, type ProductSearch, type productSuccessionBodySchema } from '@enamel/contracts';
import { brands, categories, procedureTemplateItems, procedureTemplates, products, type Database } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import { assertUnique, createRecord, deleteRecord, findRecord, setRecordStatus, updateRecord, type InUseCheck, type RecordKind } from '../../core/records.ts';
import { productHitColumns, productSearchMatch, unitCost } from '../../core/catalog-sql.ts';
import type { Tx } from '../../core/transaction.ts';
import { checkNoCycle, checkSuccessorRow, lockSuccession, presentSuccession, storedSuccessor, successionColumns, type SuccessionColumns } from './product.succession.ts';

type Row = typeof products.$inferSelect;
export type ProductInput = z.output<typeof productBodySchema>;
const kind: RecordKind = { table: products, subject: 'Product' };

function toColumns(body: ProductInput) {
  return {
    name: body.name,
    sku: body.sku,
    gtin: body.gtin ? normalizeGtin(body.gtin) : null,
    brandId: body.brand_id,
    categoryId: body.category_id,
    usageUnit: body.usage_unit,
    purchaseUnit: body.purchase_unit,
    unitsPerPurchaseUnit: body.units_per_purchase_unit,
    purchasePrice: body.purchase_price,
    tracksLots: body.tracks_lots,
    description: body.description,
    ...(body.status ? { status: body.status } : {}),
  };
}

async function checkReferences(db: Database, body: ProductInput): Promise<void> {
  if (body.brand_id !== null) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brand_id));
    if (!brand) throw invalid('brand_id', 'catalog.unknown_brand');
  }
  if (body.category_id !== null) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.category_id));
    if (!category) throw invalid('category_id', 'catalog.unknown_category');
  }
}

const skuTaken = (db: Database, sku: string, exceptId?: number) => assertUnique(db, products, sql`lower(${products.sku}) = lower(${sku})`, 'sku', 'catalog.sku_taken', exceptId);

/** Templates that list the product: it cannot be deactivated while they do. */
const usedInTemplates: InUseCheck = async (tx, id) => {
  const rows = await tx
    .select({ name: procedureTemplates.name })
    .from(procedureTemplateItems)
    .innerJoin(procedureTemplates, eq(procedureTemplates.id, procedureTemplateItems.procedureTemplateId))
    .where(eq(procedureTemplateItems.productId, id))
    .orderBy(asc(procedureTemplates.name))
    .limit(6);
  if (rows.length === 0) return null;
  const names = rows.slice(0, 5).map((r) => r.name).join(', ') + (rows.length > 5 ? ', …' : '');
  return { key: 'catalog.product_in_templates', params: { templates: names } };
};

export async function presentProduct(db: Database, row: Row): Promise<ProductDetail> {
  const [names] = await db
    .select({ brand: brands.name, category: categories.name })
    .from(sql`(select 1) as one`)
    .leftJoin(brands, eq(brands.id, sql`${row.brandId}`))
    .leftJoin(categories, eq(categories.id, sql`${row.categoryId}`));
  return {
    id: row.id, name: row.name, sku: row.sku, gtin: row.gtin,
    brand_id: row.brandId, brand_name: names?.brand ?? null, category_id: row.categoryId, category_name: names?.category ?? null,
    usage_unit: row.usageUnit, purchase_unit: row.purchaseUnit, units_per_purchase_unit: row.unitsPerPurchaseUnit,
    purchase_price: decimalText(row.purchasePrice), unit_cost: decimalText(await unitCostOf(db, row.id)),
    tracks_lots: row.tracksLots, description: row.description, status: row.status as ProductDetail['status'],
    created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
    successor_id: row.successorId, succession: await presentSuccession(db, row),
  };
}

async function unitCostOf(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ cost: unitCost }).from(products).where(eq(products.id, id));
  return row?.cost ?? '0';
}

export const findProduct = (db: Database, id: number) => findRecord<Row>(db, kind, id);

/**
 * How a write changes a product's succession: the columns, and the lock and checks they need (all inside the
 * write's transaction: the succession lock before any row, the checks after the product's row is written).
 */
function successionWrite(id: number | null, succession: SuccessionColumns | undefined) {
  return {
    columns: succession ?? {},
    first: async (tx: Tx) => {
      if (!succession?.successorId) return;
      // Before the row is written (the table's own check would refuse it without naming the field).
      if (succession.successorId === id) throw invalid('successor_id', 'catalog.successor_self');
      await lockSuccession(tx);
      const previous = id === null ? null : await storedSuccessor(tx, id);
      await checkSuccessorRow(tx, succession.successorId, succession.successorId !== previous);
    },
    check: async (tx: Tx, row: Row) => {
      if (succession?.successorId) await checkNoCycle(tx, row.id, succession.successorId);
    },
  };
}

export async function createProduct(db: Database, actor: Actor, body: ProductInput): Promise<Row> {
  await checkReferences(db, body);
  await skuTaken(db, body.sku);
  const succession = successionWrite(null, successionColumns(body));
  return createRecord<Row>(db, actor, kind, { ...toColumns(body), ...succession.columns }, succession.check, succession.first);
}

export async function updateProduct(db: Database, actor: Actor, id: number, body: ProductInput): Promise<Row> {
  await findProduct(db, id);
  await checkReferences(db, body);
  await skuTaken(db, body.sku, id);
  const succession = successionWrite(id, successionColumns(body));
  return updateRecord<Row>(db, actor, kind, id, { ...toColumns(body), ...succession.columns }, async (tx, row) => succession.check(tx, row), succession.first);
}

/** "Replace with…": sets (or, with a null successor, clears) a product's succession alone, checked and logged as an update. */
export async function setProductSuccession(db: Database, actor: Actor, id: number, body: z.output<typeof productSuccessionBodySchema>): Promise<Row> {
  await findProduct(db, id);
  const succession = successionWrite(id, successionColumns(body));
  return updateRecord<Row>(db, actor, kind, id, succession.columns, async (tx, row) => succession.check(tx, row), succession.first);
}

export const setProductStatus = (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => setRecordStatus<Row>(db, actor, kind, id, status, usedInTemplates);
export const deleteProduct = (db: Database, actor: Actor, id: number) => deleteRecord(db, actor, kind, id);

/**
 * As-you-type search for pickers: a scanned or typed barcode matches its GTIN (and hands back the
 * lot and expiry it carried); otherwise name, SKU, GTIN and brand. Active products and exact SKU hits first.
 */
export async function searchProducts(db: Database, q: string, limit: number): Promise<ProductSearch> {
  const barcode = parseProductBarcode(q);
  const term = q.trim();
  const data = await db
    .select(productHitColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(productSearchMatch(term, barcode))
    .orderBy(desc(sql`${products.status} = 'active'`), desc(sql`lower(${products.sku}) = lower(${term})`), asc(products.name), asc(products.id))
    .limit(limit);
  return { data, barcode };
}

/** Active products by name, for simple pickers. */
export async function allActiveProducts(db: Database) {
  return db
    .select({ id: products.id, name: products.name, sku: products.sku, usage_unit: products.usageUnit, unit_cost: unitCost })
    .from(products)
    .where(and(eq(products.status, 'active')))
    .orderBy(asc(products.name), asc(products.id));
}
