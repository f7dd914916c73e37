import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { roundDecimal } from '@enamel/contracts';
import { brands, categories, procedureCodes, procedureTemplateItems, procedureTemplates, products, type Database } from '@enamel/db';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { catalogData, CATEGORY_SEPARATOR } from './catalog-data.ts';
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

async function seedBrands(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const { brands: data } = catalogData();
  const keys = data.map((b) => b.name.toLowerCase());
  const existing = await tx.select().from(brands).where(inArray(sql`lower(${brands.name})`, keys));
  const byKey = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
  const ids = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
  const missing = data.filter((b) => !byKey.has(b.name.toLowerCase()));
  for (const b of data) {
    const row = byKey.get(b.name.toLowerCase());
    if (!row) continue;
    if (row.name === b.name && row.manufacturer === b.manufacturer && row.website === b.website) result.unchanged++;
    else {
      await tx.update(brands).set({ name: b.name, manufacturer: b.manufacturer, website: b.website }).where(eq(brands.id, row.id));
      result.updated++;
    }
  }
  await insertChunked(missing, async (chunk) => {
    const inserted = await tx
      .insert(brands)
      .values(chunk.map((b) => ({ name: b.name, manufacturer: b.manufacturer, website: b.website })))
      .returning({ id: brands.id, name: brands.name });
    for (const row of inserted) ids.set(row.name.toLowerCase(), row.id);
  });
  result.created += missing.length;
  return ids;
}

/** Upserts one level of the tree: `wanted` names under one parent (null for the roots). Returns lower(name) → id. */
async function seedCategoryLevel(tx: Tx, parentId: number | null, wanted: string[], result: Tally): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId), inArray(sql`lower(${categories.name})`, wanted.map((n) => n.toLowerCase()))));
  const ids = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
  const names = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
  const missing: string[] = [];
  for (const name of wanted) {
    const row = names.get(name.toLowerCase());
    if (!row) missing.push(name);
    else if (row.name === name) result.unchanged++;
    else {
      await tx.update(categories).set({ name }).where(eq(categories.id, row.id));
      result.updated++;
    }
  }
  if (missing.length) {
    const inserted = await tx
      .insert(categories)
      .values(missing.map((name) => ({ name, parentId })))
      .returning({ id: categories.id, name: categories.name });
    for (const row of inserted) ids.set(row.name.toLowerCase(), row.id);
    result.created += missing.length;
  }
  return ids;
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
  const ids = new Map<string, number>();
  const existing = new Map<string, typeof products.$inferSelect>();
  for (let i = 0; i < values.length; i += CHUNK) {
    const keys = values.slice(i, i + CHUNK).map((v) => v.sku.toLowerCase());
    for (const row of await tx.select().from(products).where(inArray(sql`lower(${products.sku})`, keys))) existing.set(row.sku.toLowerCase(), row);
  }
  const missing: typeof values = [];
  for (const v of values) {
    const row = existing.get(v.sku.toLowerCase());
    if (!row) {
      missing.push(v);
      continue;
    }
    ids.set(v.sku.toLowerCase(), row.id);
    const same =
      row.name === v.name && row.sku === v.sku && row.gtin === v.gtin && row.brandId === v.brandId && row.categoryId === v.categoryId &&
      row.usageUnit === v.usageUnit && row.purchaseUnit === v.purchaseUnit && row.unitsPerPurchaseUnit === v.unitsPerPurchaseUnit &&
      decimalKey(row.purchasePrice) === decimalKey(v.purchasePrice) && row.tracksLots === v.tracksLots && row.description === v.description;
    if (same) result.unchanged++;
    else {
      await tx.update(products).set(v).where(eq(products.id, row.id));
      result.updated++;
    }
  }
  await insertChunked(missing, async (chunk) => {
    for (const row of await tx.insert(products).values(chunk).returning({ id: products.id, sku: products.sku })) ids.set(row.sku.toLowerCase(), row.id);
  });
  result.created += missing.length;
  return ids;
}

async function seedProcedureCodes(tx: Tx, result: Tally): Promise<Map<string, number>> {
  const { procedureCodes: data } = catalogData();
  const existing = await tx.select().from(procedureCodes).where(inArray(sql`upper(${procedureCodes.code})`, data.map((c) => c.code.toUpperCase())));
  const byKey = new Map(existing.map((row) => [row.code.toUpperCase(), row]));
  const ids = new Map(existing.map((row) => [row.code.toUpperCase(), row.id]));
  const missing = data.filter((c) => !byKey.has(c.code.toUpperCase()));
  for (const c of data) {
    const row = byKey.get(c.code.toUpperCase());
    if (!row) continue;
    if (row.code === c.code && row.name === c.name && row.category === c.category) result.unchanged++;
    else {
      await tx.update(procedureCodes).set({ code: c.code, name: c.name, category: c.category }).where(eq(procedureCodes.id, row.id));
      result.updated++;
    }
  }
  if (missing.length) {
    const inserted = await tx.insert(procedureCodes).values(missing.map((c) => ({ code: c.code, name: c.name, category: c.category }))).returning({ id: procedureCodes.id, code: procedureCodes.code });
    for (const row of inserted) ids.set(row.code.toUpperCase(), row.id);
    result.created += missing.length;
  }
  return ids;
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

/** The catalog step: brands, categories, products, procedure codes and templates, upserted by natural key. */
export const catalogStep: SeedStep<CatalogSummary> = async (tx) => {
  const summary: CatalogSummary = { brands: tally(), categories: tally(), products: tally(), procedureCodes: tally(), templates: tally() };
  const brandIds = await seedBrands(tx, summary.brands);
  const categoryIds = await seedCategories(tx, summary.categories);
  const productIds = await seedProducts(tx, brandIds, categoryIds, summary.products);
  const codeIds = await seedProcedureCodes(tx, summary.procedureCodes);
  await seedTemplates(tx, productIds, codeIds, summary.templates);
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
