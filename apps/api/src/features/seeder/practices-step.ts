import { count, eq, inArray, sql } from 'drizzle-orm';
import { compareDecimals, roundDecimal, toDecimal, unitCostOf } from '@enamel/contracts';
import { mulberry32 } from '@enamel/forecast';
import {
  rowsOf, dentalPractices, inventories, lots, practiceSettings, procedureCodes, procedures, procedureTemplateItems, procedureTemplates, products, stockMovements,
} from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Actor } from '../../core/activity-log.ts';
import { allocateIds, bulkInsert } from './bulk-insert.ts';
import { catalogData } from './catalog-data.ts';
import { CODE_WEIGHTS, DEFAULT_CODE_WEIGHT, DEMO_PRACTICES, type DemoPractice } from './data/practices.ts';
import { hashSeed, simulatePractice, type SimProduct, type SimTemplate } from './history-sim.ts';
import type { Tx } from '../../core/transaction.ts';


interface Tally {
  created: number;
  updated: number;
  unchanged: number;
}

export interface PracticesSummary {
  practices: Tally;
  inventories: Tally;
  lots: Tally;
  procedures: Tally;
  movements: Tally;
}

export interface HistoryOptions {
  /** Months of procedure history up to today (18). */
  months?: number;
  /** Multiplies every practice's daily volume (1). */
  volume?: number;
  /** "Today" (the current time). */
  now?: Date;
}

const tally = (): Tally => ({ created: 0, updated: 0, unchanged: 0 });
const total = (rows: Array<{ n: number | string }>) => Number(rows[0]?.n ?? 0);

async function upsertPractice(tx: Tx, p: DemoPractice, result: Tally): Promise<number> {
  const values = { name: p.name, code: p.code, address: p.address, phone: p.phone, email: p.email, timeZone: p.timeZone, currency: p.currency };
  const [row] = await tx.select().from(dentalPractices).where(eq(dentalPractices.code, p.code));
  if (!row) {
    const [inserted] = await tx.insert(dentalPractices).values(values).returning({ id: dentalPractices.id });
    result.created++;
    return inserted!.id;
  }
  const same = (Object.keys(values) as Array<keyof typeof values>).every((k) => row[k] === values[k]);
  if (same) result.unchanged++;
  else {
    await tx.update(dentalPractices).set(values).where(eq(dentalPractices.id, row.id));
    result.updated++;
  }
  return row.id;
}

/** The seeded catalog as the simulation needs it: products by id, templates with their codes and items. */
async function loadCatalog(tx: Tx) {
  const data = catalogData();
  const productRows = await tx
    .select({ id: products.id, sku: products.sku, upp: products.unitsPerPurchaseUnit, price: products.purchasePrice, tracksLots: products.tracksLots })
    .from(products)
    .where(inArray(sql`lower(${products.sku})`, data.products.map((p) => p.sku.toLowerCase())));
  const templateRows = await tx
    .select({ id: procedureTemplates.id, codeId: procedureCodes.id, code: procedureCodes.code, category: procedureCodes.category })
    .from(procedureTemplates)
    .innerJoin(procedureCodes, eq(procedureCodes.id, procedureTemplates.procedureCodeId))
    .where(inArray(sql`lower(${procedureTemplates.name})`, data.templates.map((t) => t.name.toLowerCase())))
    .orderBy(procedureTemplates.id);
  const itemRows = templateRows.length
    ? await tx
        .select({ templateId: procedureTemplateItems.procedureTemplateId, productId: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity })
        .from(procedureTemplateItems)
        .where(inArray(procedureTemplateItems.procedureTemplateId, templateRows.map((t) => t.id)))
    : [];
  const itemsOf = new Map<number, Array<{ productId: number; quantity: string }>>();
  for (const i of itemRows) itemsOf.set(i.templateId, [...(itemsOf.get(i.templateId) ?? []), { productId: i.productId, quantity: i.quantity }]);
  return { productRows, templates: templateRows.map((t) => ({ ...t, items: itemsOf.get(t.id) ?? [] })).filter((t) => t.items.length > 0) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A product's usage-unit cost in a practice's currency (the catalog's list price × the practice's price factor), at least 0.0001. */
function practiceUnitCost(price: string, factor: number, unitsPerPurchaseUnit: number): string {
  const cost = unitCostOf(toDecimal(price).times(factor), unitsPerPurchaseUnit) ?? '0';
  return compareDecimals(cost, '0.0001') < 0 ? '0.0001' : cost;
}

/** Writes one practice's simulated stock and history: inventories, lots, procedures, items, movements, all in bulk. */
async function writeHistory(tx: Tx, actor: Actor, practiceId: number, p: DemoPractice, catalog: Awaited<ReturnType<typeof loadCatalog>>, options: HistoryOptions, summary: PracticesSummary) {
  const offered = catalog.templates.filter((t) => !p.excludes.includes(t.category as (typeof p.excludes)[number]));
  const perCode = new Map<string, number>();
  for (const t of offered) perCode.set(t.code, (perCode.get(t.code) ?? 0) + 1);
  const templates: SimTemplate[] = offered.map((t) => ({ id: t.id, codeId: t.codeId, code: t.code, weight: (CODE_WEIGHTS[t.code] ?? DEFAULT_CODE_WEIGHT) / perCode.get(t.code)!, items: t.items }));
  const simProducts = new Map<number, SimProduct>(
    catalog.productRows.map((r) => [r.id, { id: r.id, sku: r.sku, unitsPerPurchaseUnit: r.upp, tracksLots: r.tracksLots, unitCost: practiceUnitCost(r.price, p.priceFactor, r.upp) }]),
  );
  const used = new Set(templates.flatMap((t) => t.items.map((i) => i.productId)));
  const rnd = mulberry32(hashSeed(`${p.code}:extras`));
  const others = catalog.productRows.filter((r) => !used.has(r.id)).sort((a, b) => (a.sku < b.sku ? -1 : 1));
  const extraProductIds: number[] = [];
  while (extraProductIds.length < Math.min(p.extraProducts, others.length)) {
    const [picked] = others.splice(Math.floor(rnd() * others.length), 1);
    extraProductIds.push(picked!.id);
  }
  const sim = simulatePractice({ practice: p, products: simProducts, templates, extraProductIds, now: options.now ?? new Date(), months: options.months ?? 18, volume: options.volume ?? 1, seed: hashSeed(p.code) });

  // Inventories (a row may exist without movements: its levels are set, its stock is what the history leaves).
  const existing = new Set((await tx.select({ productId: inventories.productId }).from(inventories).where(eq(inventories.dentalPracticeId, practiceId))).map((r) => r.productId));
  const inventoryIds = new Map<number, number>();
  for (let i = 0; i < sim.inventories.length; i += 1000) {
    const chunk = sim.inventories.slice(i, i + 1000);
    const saved = await tx
      .insert(inventories)
      .values(chunk.map((v) => ({ dentalPracticeId: practiceId, productId: v.productId, reorderPoint: roundDecimal(v.reorderPoint), parLevel: roundDecimal(v.parLevel), location: v.location, onHand: v.onHand, status: 'active' })))
      .onConflictDoUpdate({
        target: [inventories.dentalPracticeId, inventories.productId],
        set: { reorderPoint: sql`excluded.reorder_point`, parLevel: sql`excluded.par_level`, location: sql`excluded.location`, onHand: sql`excluded.on_hand`, status: sql`excluded.status` },
      })
      .returning({ id: inventories.id, productId: inventories.productId });
    for (const r of saved) inventoryIds.set(r.productId, r.id);
  }
  for (const v of sim.inventories) {
    if (existing.has(v.productId)) summary.inventories.updated++;
    else summary.inventories.created++;
  }

  // Bulk load: every reference below points at a row written just before (ids allocated from the sequences), so
  // when the role may (a superuser: always on the embedded database) the per-row foreign-key triggers are skipped,
  // as pg_dump's --disable-triggers does; that more than halves the time. The seeder test checks the references.
  const fast = (await rowsOf(tx, sqlRow({ on: sqlCol.text }), sql`select current_setting('is_superuser') as on`))[0]?.on === 'on';
  if (fast) await tx.execute(sql`set local session_replication_role = replica`);
  const lotIds = await allocateIds(tx, 'lots', sim.lots.length);
  await bulkInsert(
    tx, 'lots',
    [['id', 'bigint'], ['inventory_id', 'bigint'], ['lot_number', 'varchar'], ['expiry_date', 'date'], ['unit_cost', 'numeric'], ['quantity', 'numeric'], ['received_at', 'timestamptz']],
    sim.lots.map((l, i) => [lotIds[i]!, inventoryIds.get(l.productId)!, l.lotNumber, l.expiry, l.unitCost, l.quantity, iso(l.receivedAt)]),
  );
  const procedureIds = await allocateIds(tx, 'procedures', sim.procedures.length);
  await bulkInsert(
    tx, 'procedures',
    [['id', 'bigint'], ['dental_practice_id', 'bigint'], ['procedure_code_id', 'bigint'], ['procedure_template_id', 'bigint'], ['performed_at', 'timestamptz'], ['provider', 'varchar'], ['status', 'varchar'], ['created_by', 'bigint']],
    sim.procedures.map((r, i) => [procedureIds[i]!, practiceId, r.codeId, r.templateId, iso(r.performedAt), r.provider, r.status, actor.userId]),
  );
  const itemIds = await allocateIds(tx, 'procedure_items', sim.items.length);
  await bulkInsert(
    tx, 'procedure_items',
    [['id', 'bigint'], ['procedure_id', 'bigint'], ['product_id', 'bigint'], ['quantity', 'numeric'], ['cost', 'numeric']],
    sim.items.map((r, i) => [itemIds[i]!, procedureIds[r.procedure]!, r.productId, r.quantity, r.cost]),
  );
  await bulkInsert(
    tx, 'stock_movements',
    [
      ['dental_practice_id', 'bigint'], ['inventory_id', 'bigint'], ['product_id', 'bigint'], ['lot_id', 'bigint'], ['type', 'varchar'], ['quantity', 'numeric'], ['unit_cost', 'numeric'],
      ['reason', 'text'], ['procedure_id', 'bigint'], ['procedure_item_id', 'bigint'], ['user_id', 'bigint'], ['occurred_at', 'timestamptz'],
    ],
    sim.movements.map((m) => [
      practiceId, inventoryIds.get(m.productId)!, m.productId, lotIds[m.lot]!, m.type, m.quantity, m.unitCost, m.reason,
      m.procedure === null ? null : procedureIds[m.procedure]!, m.item === null ? null : itemIds[m.item]!, actor.userId, iso(m.occurredAt),
    ]),
  );
  if (fast) await tx.execute(sql`set local session_replication_role = origin`);
  summary.lots.created += sim.lots.length;
  summary.procedures.created += sim.procedures.length;
  summary.movements.created += sim.movements.length;
  return sim.stats;
}

/**
 * The demo practices, their stock and procedure history. Practices are upserted by code; a practice that already has
 * procedures or stock movements keeps its history (reported unchanged), so seeding again never duplicates it.
 */
export function practicesStep(actor: Actor, options: HistoryOptions = {}) {
  return async (tx: Tx): Promise<PracticesSummary> => {
    const summary: PracticesSummary = { practices: tally(), inventories: tally(), lots: tally(), procedures: tally(), movements: tally() };
    let catalog: Awaited<ReturnType<typeof loadCatalog>> | undefined;
    for (const p of DEMO_PRACTICES) {
      const practiceId = await upsertPractice(tx, p, summary.practices);
      await tx.insert(practiceSettings).values({ dentalPracticeId: practiceId, leadTimeDays: p.leadTime[1] }).onConflictDoNothing();
      const done = total(await tx.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practiceId))) > 0 ||
        total(await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practiceId))) > 0;
      if (done) {
        summary.inventories.unchanged += total(await tx.select({ n: count() }).from(inventories).where(eq(inventories.dentalPracticeId, practiceId)));
        summary.lots.unchanged += total(await tx.select({ n: count() }).from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.dentalPracticeId, practiceId)));
        summary.procedures.unchanged += total(await tx.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practiceId)));
        summary.movements.unchanged += total(await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practiceId)));
        continue;
      }
      catalog ??= await loadCatalog(tx);
      await writeHistory(tx, actor, practiceId, p, catalog, options, summary);
    }
    return summary;
  };
}

