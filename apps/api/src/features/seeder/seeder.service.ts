import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { roundDecimal } from '@enamel/contracts';
import { brands, categories, procedureCodes, procedureTemplateItems, procedureTemplates, products, supplierOffers, suppliers, type Database } from '@enamel/db';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { catalogData, CATEGORY_SEPARATOR } from './catalog-data.ts';
import { demoOffers, SUPPLIERS } from './data/suppliers.ts';
import { practicesStep, type HistoryOptions, type PracticesSummary } from './practices-step.ts';
import type { Tx } from '../../core/transaction.ts';


/** What one seeding did to one kind of record. */
export interface Tally {
  created: number;
  updated: number;
  unchanged: number;
}

export interface CatalogSummary {
  brands: Tally;
  categories: Tally;
  products: Tally;
  procedureCodes: Tally;
  templates: Tally;
  suppliers: Tally;
  supplierOffers: Tally;
}

/** The demo data summary: the catalog, then the practices with their stock and procedure history. */
export type DemoSummary = CatalogSummary & PracticesSummary;

/** One step of the demo data, run inside the seeding transaction (only `tx` may be used). */
export type SeedStep<T> = (tx: Tx) => Promise<T>;

/** Two seedings at once would race on the natural keys: the second waits for the first. */
const SEED_LOCK = 7_361_001;
const CHUNK = 250;

const tally = (): Tally => ({ created: 0, updated: 0, unchanged: 0 });

/** Exact decimal text in one form ("12.5000" and "12.50" are the same price). */
const decimalKey = (value: string) => roundDecimal(value);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** How one kind of record is matched on its natural key (`key` of a value, `rowKey` of a stored row) and written. */
interface Upsert<V, Stored extends { id: number }, Row extends Stored> {
  key: (value: V) => string;
  rowKey: (row: Stored) => string;
  same: (row: Row, value: V) => boolean;
  update: (id: number, value: V) => Promise<unknown>;
  insert: (values: V[]) => Promise<Stored[]>;
}

/** Updates the `existing` rows that differ from their value, inserts the values without a row; returns key → id of all. */
async function upsertByKey<V, Stored extends { id: number }, Row extends Stored>(existing: Row[], values: V[], spec: Upsert<V, Stored, Row>, result: Tally): Promise<Map<string, number>> {
  const byKey = new Map(existing.map((row) => [spec.rowKey(row), row]));
  const ids = new Map(existing.map((row) => [spec.rowKey(row), row.id]));
  const missing: V[] = [];
  for (const value of values) {
    const row = byKey.get(spec.key(value));
    if (!row) missing.push(value);
    else if (spec.same(row, value)) result.unchanged++;
    else {
      await spec.update(row.id, value);
      result.updated++;
    }
  }
  await insertChunked(missing, async (chunk) => {
    for (const row of await spec.insert(chunk)) ids.set(spec.rowKey(row), row.id);
  });
  result.created += missing.length;
  return ids;
}

async function seedBrands(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const values = catalogData().brands.map((b) => ({ name: b.name, manufacturer: b.manufacturer, website: b.website }));
  const existing = await tx.select().from(brands).where(inArray(sql`lower(${brands.name})`, values.map((b) => b.name.toLowerCase())));
  return upsertByKey(existing, values, {
    key: (b) => b.name.toLowerCase(),
    rowKey: (row) => row.name.toLowerCase(),
    same: (row, b) => row.name === b.name && row.manufacturer === b.manufacturer && row.website === b.website,
    update: (id, b) => tx.update(brands).set(b).where(eq(brands.id, id)),
    insert: (chunk: typeof values) => tx.insert(brands).values(chunk).returning({ id: brands.id, name: brands.name }),
  }, result);
}

/** Upserts one level of the tree: `wanted` names under one parent (null for the roots). Returns lower(name) → id. */
async function seedCategoryLevel(tx: Tx, parentId: number | null, wanted: string[], result: Tally): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId), inArray(sql`lower(${categories.name})`, wanted.map((n) => n.toLowerCase()))));
  return upsertByKey(existing, wanted, {
    key: (name) => name.toLowerCase(),
    rowKey: (row) => row.name.toLowerCase(),
    same: (row, name) => row.name === name,
    update: (id, name) => tx.update(categories).set({ name }).where(eq(categories.id, id)),
    insert: (names: string[]) => tx.insert(categories).values(names.map((name) => ({ name, parentId }))).returning({ id: categories.id, name: categories.name }),
  }, result);
}

/** Returns "Parent › Child" (as written in the data) → id. */
async function seedCategories(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const { categories: tree } = catalogData();
  const roots = await seedCategoryLevel(tx, null, tree.map((c) => c.name), result);
  const paths = new Map<string, number>();
  for (const root of tree) {
    const rootId = roots.get(root.name.toLowerCase())!;
    const children = await seedCategoryLevel(tx, rootId, root.children, result);
    for (const child of root.children) paths.set(`${root.name}${CATEGORY_SEPARATOR}${child}`, children.get(child.toLowerCase())!);
  }
  return paths;
}

async function seedProducts(tx: Tx, brandIds: Map<string, number>, categoryIds: Map<string, number>, result: Tally): Promise<Map<string, number>> {
  const { products: data } = catalogData();
  const values = data.map((p) => ({
    name: p.name,
    sku: p.sku,
    gtin: p.gtin,
    brandId: brandIds.get(p.brand.toLowerCase())!,
    categoryId: categoryIds.get(p.category)!,
    usageUnit: p.usageUnit,
    purchaseUnit: p.purchaseUnit,
    unitsPerPurchaseUnit: p.unitsPerPurchaseUnit,
    purchasePrice: p.purchasePrice,
    tracksLots: p.tracksLots,
    description: p.description,
  }));
  const existing: (typeof products.$inferSelect)[] = [];
  for (let i = 0; i < values.length; i += CHUNK) {
    const keys = values.slice(i, i + CHUNK).map((v) => v.sku.toLowerCase());
    existing.push(...(await tx.select().from(products).where(inArray(sql`lower(${products.sku})`, keys))));
  }
  return upsertByKey(existing, values, {
    key: (v) => v.sku.toLowerCase(),
    rowKey: (row) => row.sku.toLowerCase(),
    same: (row, v) =>
      row.name === v.name && row.sku === v.sku && row.gtin === v.gtin && row.brandId === v.brandId && row.categoryId === v.categoryId &&
      row.usageUnit === v.usageUnit && row.purchaseUnit === v.purchaseUnit && row.unitsPerPurchaseUnit === v.unitsPerPurchaseUnit &&
      decimalKey(row.purchasePrice) === decimalKey(v.purchasePrice) && row.tracksLots === v.tracksLots && row.description === v.description,
    update: (id, v) => tx.update(products).set(v).where(eq(products.id, id)),
    insert: (chunk: typeof values) => tx.insert(products).values(chunk).returning({ id: products.id, sku: products.sku }),
  }, result);
}

async function seedProcedureCodes(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const values = catalogData().procedureCodes.map((c) => ({ code: c.code, name: c.name, category: c.category }));
  const existing = await tx.select().from(procedureCodes).where(inArray(sql`upper(${procedureCodes.code})`, values.map((c) => c.code.toUpperCase())));
  return upsertByKey(existing, values, {
    key: (c) => c.code.toUpperCase(),
    rowKey: (row) => row.code.toUpperCase(),
    same: (row, c) => row.code === c.code && row.name === c.name && row.category === c.category,
    update: (id, c) => tx.update(procedureCodes).set(c).where(eq(procedureCodes.id, id)),
    insert: (chunk: typeof values) => tx.insert(procedureCodes).values(chunk).returning({ id: procedureCodes.id, code: procedureCodes.code }),
  }, result);
}

/** Templates by lower(name); their items are replaced whenever they differ from the data. */
async function seedTemplates(tx: Tx, productIds: Map<string, number>, codeIds: Map<string, number>, result: Tally): Promise<void> {
  const { templates: data } = catalogData();
  const existing = await tx.select().from(procedureTemplates).where(inArray(sql`lower(${procedureTemplates.name})`, data.map((t) => t.name.toLowerCase())));
  const byKey = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
  const currentItems = new Map<number, string[]>();
  if (existing.length) {
    const items = await tx
      .select({ templateId: procedureTemplateItems.procedureTemplateId, productId: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity })
      .from(procedureTemplateItems)
      .where(inArray(procedureTemplateItems.procedureTemplateId, existing.map((row) => row.id)));
    for (const item of items) currentItems.set(item.templateId, [...(currentItems.get(item.templateId) ?? []), `${item.productId}:${decimalKey(item.quantity)}`]);
  }
  const itemsOf = (t: (typeof data)[number]) => t.items.map(([sku, quantity]) => ({ productId: productIds.get(sku.toLowerCase())!, quantity }));
  const valuesOf = (t: (typeof data)[number]) => ({ name: t.name, procedureCodeId: codeIds.get(t.code.toUpperCase())!, description: t.description });
  const itemRows: Array<typeof procedureTemplateItems.$inferInsert> = [];
  const replaceFor: number[] = [];
  const missing: typeof data = [];
  for (const t of data) {
    const row = byKey.get(t.name.toLowerCase());
    if (!row) {
      missing.push(t);
      continue;
    }
    const values = valuesOf(t);
    const items = itemsOf(t);
    const sameItems = JSON.stringify((currentItems.get(row.id) ?? []).sort()) === JSON.stringify(items.map((i) => `${i.productId}:${decimalKey(i.quantity)}`).sort());
    const sameRow = row.name === values.name && row.procedureCodeId === values.procedureCodeId && row.description === values.description;
    if (sameRow && sameItems) {
      result.unchanged++;
      continue;
    }
    result.updated++;
    await tx.update(procedureTemplates).set(values).where(eq(procedureTemplates.id, row.id));
    if (sameItems) continue;
    replaceFor.push(row.id);
    for (const item of items) itemRows.push({ procedureTemplateId: row.id, ...item });
  }
  await insertChunked(missing, async (chunk) => {
    const inserted = await tx.insert(procedureTemplates).values(chunk.map(valuesOf)).returning({ id: procedureTemplates.id, name: procedureTemplates.name });
    const idOf = new Map(inserted.map((row) => [row.name.toLowerCase(), row.id]));
    for (const t of chunk) for (const item of itemsOf(t)) itemRows.push({ procedureTemplateId: idOf.get(t.name.toLowerCase())!, ...item });
  });
  result.created += missing.length;
  if (replaceFor.length) await tx.delete(procedureTemplateItems).where(inArray(procedureTemplateItems.procedureTemplateId, replaceFor));
  await insertChunked(itemRows, async (chunk) => {
    await tx.insert(procedureTemplateItems).values(chunk);
  });
}

async function seedSuppliers(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const values = SUPPLIERS.map(({ code: _code, ...s }) => s);
  const existing = await tx.select().from(suppliers).where(inArray(suppliers.name, values.map((s) => s.name)));
  return upsertByKey(existing, values, {
    key: (s) => s.name,
    rowKey: (row) => row.name,
    same: (row, s) =>
      row.accountNumber === s.accountNumber && row.contactPerson === s.contactPerson && row.email === s.email && row.phone === s.phone && row.address === s.address &&
      row.leadTimeDays === s.leadTimeDays && decimalKey(row.minimumOrderValue) === decimalKey(s.minimumOrderValue) && row.currency === s.currency && row.status === 'active',
    update: (id, s) => tx.update(suppliers).set({ ...s, status: 'active' }).where(eq(suppliers.id, id)),
    insert: (chunk: typeof values) => tx.insert(suppliers).values(chunk).returning({ id: suppliers.id, name: suppliers.name }),
  }, result);
}

/**
 * Offers by (supplier, product). One preferred offer per product: ours is preferred unless someone made another
 * offer of the product preferred since (the partial unique index would refuse a second one).
 */
async function seedOffers(tx: Tx, supplierIds: Map<string, number>, productIds: Map<string, number>, result: Tally): Promise<void> {
  const wanted = demoOffers(catalogData().products).map((o) => ({
    supplierId: supplierIds.get(o.supplier)!, productId: productIds.get(o.sku.toLowerCase())!, supplierSku: o.supplierSku, purchaseUnit: o.purchaseUnit,
    unitsPerPurchaseUnit: roundDecimal(o.unitsPerPurchaseUnit), price: o.price, minimumOrderQuantity: o.minimumOrderQuantity, leadTimeDays: o.leadTimeDays, preferred: o.preferred, status: 'active',
  }));
  const existing: (typeof supplierOffers.$inferSelect)[] = [];
  const ids = [...new Set(wanted.map((o) => o.productId))];
  for (let i = 0; i < ids.length; i += CHUNK) existing.push(...(await tx.select().from(supplierOffers).where(inArray(supplierOffers.productId, ids.slice(i, i + CHUNK)))));
  const key = (o: { supplierId: number; productId: number }) => `${o.supplierId}:${o.productId}`;
  const ours = new Set(wanted.map(key));
  const preferredElsewhere = new Set(existing.filter((row) => row.preferred && !ours.has(key(row))).map((row) => row.productId));
  const values = wanted.map((o) => ({ ...o, preferred: o.preferred && !preferredElsewhere.has(o.productId) }));
  await upsertByKey(existing, values, {
    key,
    rowKey: key,
    same: (row, o) =>
      row.supplierSku === o.supplierSku && row.purchaseUnit === o.purchaseUnit && decimalKey(row.unitsPerPurchaseUnit) === decimalKey(o.unitsPerPurchaseUnit) &&
      decimalKey(row.price) === decimalKey(o.price) && row.minimumOrderQuantity === o.minimumOrderQuantity && row.leadTimeDays === o.leadTimeDays && row.preferred === o.preferred && row.status === o.status,
    update: (id, o) => tx.update(supplierOffers).set(o).where(eq(supplierOffers.id, id)),
    insert: (chunk: typeof values) => tx.insert(supplierOffers).values(chunk).returning({ id: supplierOffers.id, supplierId: supplierOffers.supplierId, productId: supplierOffers.productId }),
  }, result);
}

/** The catalog step: brands, categories, products, procedure codes and templates, suppliers and their offers, upserted by natural key. */
export const catalogStep: SeedStep<CatalogSummary> = async (tx) => {
  const summary: CatalogSummary = { brands: tally(), categories: tally(), products: tally(), procedureCodes: tally(), templates: tally(), suppliers: tally(), supplierOffers: tally() };
  const brandIds = await seedBrands(tx, summary.brands);
  const categoryIds = await seedCategories(tx, summary.categories);
  const productIds = await seedProducts(tx, brandIds, categoryIds, summary.products);
  const codeIds = await seedProcedureCodes(tx, summary.procedureCodes);
  await seedTemplates(tx, productIds, codeIds, summary.templates);
  await seedOffers(tx, await seedSuppliers(tx, summary.suppliers), productIds, summary.supplierOffers);
  return summary;
};

/** Runs a seeding in one transaction (all or nothing), serialised against other seedings, logged once. */
async function runSeed<T extends object>(db: Database, actor: Actor, step: SeedStep<T>, what: string): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const summary = await step(tx);
    await recordActivity(tx, actor, { action: 'seed', subject: 'Seeder', after: { seeded: what, ...summary } });
    return summary;
  });
}

/** Seeds the demo catalog. Seeding again creates nothing new: existing records are matched and updated in place. */
export function seedCatalog(db: Database, actor: Actor): Promise<CatalogSummary> {
  return runSeed(db, actor, catalogStep, 'catalog');
}

export type DemoOptions = HistoryOptions;

/**
 * All the demo data, in one transaction: the catalog, then three demo practices with stock in lots and
 * 18 months of procedure history (`options.months`, `options.volume` make it smaller, e.g. in tests) plus two
 * weeks of planned procedures. A practice that already has history keeps it: seeding again duplicates nothing.
 */
export function seedDemoData(db: Database, actor: Actor, options: DemoOptions = {}): Promise<DemoSummary> {
  return runSeed(db, actor, async (tx) => ({ ...(await catalogStep(tx)), ...(await practicesStep(actor, options)(tx)) }), 'demo data');
}
