import { count, eq, inArray, sql } from 'drizzle-orm';
import { compareDecimals, roundDecimal, toDecimal, unitCostOf } from '@enamel/contracts';
import { mulberry32 } from '@enamel/forecast';
import {
  rowsOf, dentalPractices, inventories, lots, practiceSettings, procedureCodes, procedures, procedureTemplateItems, procedureTemplates, products, purchaseOrders, stockMovements,
  storageLocations, supplierOffers, suppliers,
} from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Actor } from '../../core/activity-log.ts';
import { allocateIds, bulkInsert } from './bulk-insert.ts';
import { catalogData } from './catalog-data.ts';
import { CODE_WEIGHTS, DEFAULT_CODE_WEIGHT, DEMO_PRACTICES, type DemoPractice } from './data/practices.ts';
import { DEMO_RATES_PER_USD, SUPPLIERS } from './data/suppliers.ts';
import { hashSeed, simulatePractice, type SimOrderTerms, type SimProduct, type SimResult, type SimTemplate } from './history-sim.ts';
import type { Tx } from '../../core/transaction.ts';
import { seedDemoStockTakes } from '../stock-takes/index.ts';
import { seedDemoParLevels } from '../locations/index.ts';


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
  purchaseOrders: Tally;
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
  const offerRows = await tx
    .select({
      id: supplierOffers.id, productId: supplierOffers.productId, supplierId: supplierOffers.supplierId, supplierSku: supplierOffers.supplierSku, purchaseUnit: supplierOffers.purchaseUnit,
      upp: supplierOffers.unitsPerPurchaseUnit, price: supplierOffers.price, moq: supplierOffers.minimumOrderQuantity, lead: supplierOffers.leadTimeDays, preferred: supplierOffers.preferred,
      supplierLead: suppliers.leadTimeDays, currency: suppliers.currency, email: suppliers.email,
    })
    .from(supplierOffers)
    .innerJoin(suppliers, eq(suppliers.id, supplierOffers.supplierId))
    .where(sql`${supplierOffers.status} = 'active' and ${suppliers.status} = 'active' and ${inArray(suppliers.name, SUPPLIERS.map((x) => x.name))}`)
    .orderBy(supplierOffers.id);
  const offers = new Map<number, typeof offerRows>();
  for (const o of offerRows) offers.set(o.productId, [...(offers.get(o.productId) ?? []), o]);
  return { productRows, templates: templateRows.map((t) => ({ ...t, items: itemsOf.get(t.id) ?? [] })).filter((t) => t.items.length > 0), offers };
}

type Catalog = Awaited<ReturnType<typeof loadCatalog>>;

/**
 * The offer a practice buys a product from: one from a distributor in its own currency where there is one besides the
 * organisation's (the UK practice buys consumables in pounds), else the preferred one; whole packs only.
 */
function orderTerms(catalog: Catalog, productId: number, p: DemoPractice): SimOrderTerms | undefined {
  const offers = (catalog.offers.get(productId) ?? []).filter((o) => Number.isInteger(Number(o.upp)) && Number(o.upp) >= 1);
  const rank = (o: (typeof offers)[number]) => (o.currency === p.currency && o.currency !== 'USD' ? 0 : o.preferred ? 1 : 2);
  const offer = [...offers].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
  if (!offer) return undefined;
  return {
    supplierId: offer.supplierId, offerId: offer.id, supplierSku: offer.supplierSku, purchaseUnit: offer.purchaseUnit, unitsPerPack: Number(offer.upp), minimumOrderQuantity: offer.moq,
    leadTimeDays: offer.lead ?? offer.supplierLead, packPrice: offer.price, toPractice: (DEMO_RATES_PER_USD[p.currency] ?? 1) / (DEMO_RATES_PER_USD[offer.currency] ?? 1),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A product's usage-unit cost in a practice's currency (the catalog's list price × the practice's price factor), at least 0.0001. */
function practiceUnitCost(price: string, factor: number, unitsPerPurchaseUnit: number): string {
  const cost = unitCostOf(toDecimal(price).times(factor), unitsPerPurchaseUnit) ?? '0';
  return compareDecimals(cost, '0.0001') < 0 ? '0.0001' : cost;
}

/** Orders above this total (in the order's currency) need approval in the demo practices. */
const APPROVAL_THRESHOLD = 1500;

/** The practice's monthly supply budget: what it received in the last twelve months through orders, a month's worth plus 5 %, to 50. */
function monthlyBudget(sim: SimResult, now: Date): string {
  const since = now.getTime() - 365 * 86_400_000;
  let total = toDecimal(0);
  for (const m of sim.movements) if (m.orderLine !== null && m.occurredAt >= since) total = total.plus(toDecimal(m.quantity).times(m.unitCost));
  return roundDecimal(Math.max(50, Math.round((Number(total) / 12) * 1.05 / 50) * 50), 2);
}

/** The simulated purchase orders and their lines, numbered after the organisation's last PO-number; returns line index → id. */
async function writeOrders(tx: Tx, actor: Actor, practiceId: number, sim: SimResult): Promise<number[]> {
  if (!sim.orders.length) return [];
  const [last] = await rowsOf(tx, sqlRow({ n: sqlCol.int.nullable() }), sql`select max(substring(number from '^PO-([0-9]{1,12})$')::bigint) as n from purchase_orders`);
  const first = Number(last?.n ?? 0) + 1;
  const supplierRows = await tx.select({ id: suppliers.id, email: suppliers.email, currency: suppliers.currency }).from(suppliers).where(inArray(suppliers.id, [...new Set(sim.orders.map((o) => o.supplierId))]));
  const emails = new Map(supplierRows.map((r) => [r.id, r.email]));
  const currencies = new Map(supplierRows.map((r) => [r.id, r.currency]));
  // Numbered in the order they were created.
  const byTime = sim.orders.map((_, i) => i).sort((a, b) => sim.orders[a]!.createdAt - sim.orders[b]!.createdAt || a - b);
  const numberOf = new Map(byTime.map((index, n) => [index, `PO-${String(first + n).padStart(6, '0')}`]));
  const orderIds = await allocateIds(tx, 'purchase_orders', sim.orders.length);
  const ts = (ms: number | null) => (ms === null ? null : iso(ms));
  await bulkInsert(
    tx, 'purchase_orders',
    [
      ['id', 'bigint'], ['dental_practice_id', 'bigint'], ['supplier_id', 'bigint'], ['number', 'varchar'], ['status', 'varchar'], ['currency', 'varchar'], ['total', 'numeric'], ['notes', 'text'],
      ['expected_at', 'date'], ['created_by', 'bigint'], ['submitted_by', 'bigint'], ['approved_by', 'bigint'], ['approved_at', 'timestamptz'], ['sent_at', 'timestamptz'], ['sent_to', 'varchar'],
      ['received_at', 'timestamptz'], ['cancelled_at', 'timestamptz'], ['cancel_reason', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
    ],
    sim.orders.map((o, i) => [
      orderIds[i]!, practiceId, o.supplierId, numberOf.get(i)!, o.status, currencies.get(o.supplierId)!, o.total, o.notes, o.expectedAt, actor.userId,
      o.status === 'draft' ? null : actor.userId, o.approvedAt === null ? null : actor.userId, ts(o.approvedAt), ts(o.sentAt), o.sentAt === null ? null : emails.get(o.supplierId) ?? null,
      ts(o.receivedAt), ts(o.cancelledAt), o.cancelReason, iso(o.createdAt), iso(Math.max(o.createdAt, o.sentAt ?? 0, o.receivedAt ?? 0, o.cancelledAt ?? 0)),
    ]),
  );
  const lineIds = await allocateIds(tx, 'purchase_order_lines', sim.orderLines.length);
  await bulkInsert(
    tx, 'purchase_order_lines',
    [
      ['id', 'bigint'], ['purchase_order_id', 'bigint'], ['product_id', 'bigint'], ['supplier_offer_id', 'bigint'], ['supplier_sku', 'varchar'], ['purchase_unit', 'varchar'],
      ['units_per_purchase_unit', 'numeric'], ['quantity', 'numeric'], ['unit_price', 'numeric'], ['received_quantity', 'numeric'], ['invoiced_unit_price', 'numeric'], ['created_at', 'timestamptz'],
    ],
    sim.orderLines.map((l, i) => [
      lineIds[i]!, orderIds[l.order]!, l.productId, l.terms.offerId, l.terms.supplierSku, l.terms.purchaseUnit, roundDecimal(l.terms.unitsPerPack), roundDecimal(l.packs),
      l.unitPrice, roundDecimal(l.receivedPacks), l.receivedPacks > 0 ? l.unitPrice : null, iso(sim.orders[l.order]!.createdAt),
    ]),
  );
  return lineIds;
}

/** Writes one practice's simulated stock and history: inventories, lots, procedures, items, movements, all in bulk. */
async function writeHistory(tx: Tx, actor: Actor, practiceId: number, p: DemoPractice, catalog: Catalog, options: HistoryOptions, summary: PracticesSummary) {
  const offered = catalog.templates.filter((t) => !p.excludes.includes(t.category as (typeof p.excludes)[number]));
  const perCode = new Map<string, number>();
  for (const t of offered) perCode.set(t.code, (perCode.get(t.code) ?? 0) + 1);
  const templates: SimTemplate[] = offered.map((t) => ({ id: t.id, codeId: t.codeId, code: t.code, weight: (CODE_WEIGHTS[t.code] ?? DEFAULT_CODE_WEIGHT) / perCode.get(t.code)!, items: t.items }));
  const simProducts = new Map<number, SimProduct>(
    catalog.productRows.map((r) => [r.id, { id: r.id, sku: r.sku, unitsPerPurchaseUnit: r.upp, tracksLots: r.tracksLots, unitCost: practiceUnitCost(r.price, p.priceFactor, r.upp), order: orderTerms(catalog, r.id, p) }]),
  );
  const used = new Set(templates.flatMap((t) => t.items.map((i) => i.productId)));
  const rnd = mulberry32(hashSeed(`${p.code}:extras`));
  const others = catalog.productRows.filter((r) => !used.has(r.id)).sort((a, b) => (a.sku < b.sku ? -1 : 1));
  const extraProductIds: number[] = [];
  while (extraProductIds.length < Math.min(p.extraProducts, others.length)) {
    const [picked] = others.splice(Math.floor(rnd() * others.length), 1);
    extraProductIds.push(picked!.id);
  }
  const sim = simulatePractice({ practice: p, products: simProducts, templates, extraProductIds, now: options.now ?? new Date(), months: options.months ?? 18, volume: options.volume ?? 1, seed: hashSeed(p.code), approvalThreshold: APPROVAL_THRESHOLD });

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
  const lotLocations = await demoLotLocations(tx, practiceId, sim.lots.length);
  await bulkInsert(
    tx, 'lots',
    [['id', 'bigint'], ['inventory_id', 'bigint'], ['lot_number', 'varchar'], ['expiry_date', 'date'], ['unit_cost', 'numeric'], ['quantity', 'numeric'], ['received_at', 'timestamptz'], ['location_id', 'bigint']],
    sim.lots.map((l, i) => [lotIds[i]!, inventoryIds.get(l.productId)!, l.lotNumber, l.expiry, l.unitCost, l.quantity, iso(l.receivedAt), lotLocations[i]!]),
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
  const lineIds = await writeOrders(tx, actor, practiceId, sim);
  await bulkInsert(
    tx, 'stock_movements',
    [
      ['dental_practice_id', 'bigint'], ['inventory_id', 'bigint'], ['product_id', 'bigint'], ['lot_id', 'bigint'], ['type', 'varchar'], ['quantity', 'numeric'], ['unit_cost', 'numeric'],
      ['reason', 'text'], ['procedure_id', 'bigint'], ['procedure_item_id', 'bigint'], ['user_id', 'bigint'], ['purchase_order_line_id', 'bigint'], ['occurred_at', 'timestamptz'],
      ['location_id', 'bigint'],
    ],
    sim.movements.map((m) => [
      practiceId, inventoryIds.get(m.productId)!, m.productId, lotIds[m.lot]!, m.type, m.quantity, m.unitCost, m.reason,
      m.procedure === null ? null : procedureIds[m.procedure]!, m.item === null ? null : itemIds[m.item]!, actor.userId, m.orderLine === null ? null : lineIds[m.orderLine]!, iso(m.occurredAt),
      lotLocations[m.lot]!,
    ]),
  );
  if (fast) await tx.execute(sql`set local session_replication_role = origin`);
  summary.lots.created += sim.lots.length;
  summary.procedures.created += sim.procedures.length;
  summary.movements.created += sim.movements.length;
  summary.purchaseOrders.created += sim.orders.length;
  await tx
    .update(practiceSettings)
    .set({ monthlySupplyBudget: monthlyBudget(sim, options.now ?? new Date()), poApprovalThreshold: roundDecimal(APPROVAL_THRESHOLD, 2) })
    .where(eq(practiceSettings.dentalPracticeId, practiceId));
  return sim.stats;
}

/** The demo practice's rooms besides its main store (the store room): two operatories and the sterilisation room. */
const DEMO_LOCATIONS = [
  { name: 'Operatory 1', kind: 'operatory', sortOrder: 10 },
  { name: 'Operatory 2', kind: 'operatory', sortOrder: 20 },
  { name: 'Sterilisation room', kind: 'sterilisation', sortOrder: 30 },
] as const;

/**
 * The practice's locations (made when missing) and where each simulated lot is held: most in the main store, about
 * one in four at an operatory (the simulated history takes lots FEFO over the whole practice, as a procedure without a
 * location does).
 */
async function demoLotLocations(tx: Tx, practiceId: number, count: number): Promise<number[]> {
  await tx.insert(storageLocations).values(DEMO_LOCATIONS.map((l) => ({ dentalPracticeId: practiceId, ...l }))).onConflictDoNothing();
  const rows = await tx.select({ id: storageLocations.id, name: storageLocations.name, isMain: storageLocations.isMain }).from(storageLocations).where(eq(storageLocations.dentalPracticeId, practiceId));
  const main = rows.find((r) => r.isMain)!.id;
  const idOf = (name: string) => rows.find((r) => r.name === name)?.id ?? main;
  const operatories = [idOf('Operatory 1'), idOf('Operatory 2')];
  return Array.from({ length: count }, (_, i) => (i % 8 === 3 ? operatories[0]! : i % 8 === 6 ? operatories[1]! : main));
}

/**
 * The demo practices, their stock and procedure history. Practices are upserted by code; a practice that already has
 * procedures or stock movements keeps its history (reported unchanged), so seeding again never duplicates it.
 */
export function practicesStep(actor: Actor, options: HistoryOptions = {}) {
  return async (tx: Tx): Promise<PracticesSummary> => {
    const summary: PracticesSummary = { practices: tally(), inventories: tally(), lots: tally(), procedures: tally(), movements: tally(), purchaseOrders: tally() };
    let catalog: Catalog | undefined;
    for (const p of DEMO_PRACTICES) {
      const practiceId = await upsertPractice(tx, p, summary.practices);
      await tx.insert(practiceSettings).values({ dentalPracticeId: practiceId, leadTimeDays: p.leadTime[1] }).onConflictDoNothing();
      const done = total(await tx.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practiceId))) > 0 ||
        total(await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practiceId))) > 0;
      // Par levels at the operatories of a practice seeded before they existed (made once per location and product).
      if (done) await seedDemoParLevels(tx, practiceId);
      if (done) {
        summary.inventories.unchanged += total(await tx.select({ n: count() }).from(inventories).where(eq(inventories.dentalPracticeId, practiceId)));
        summary.lots.unchanged += total(await tx.select({ n: count() }).from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.dentalPracticeId, practiceId)));
        summary.procedures.unchanged += total(await tx.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practiceId)));
        summary.movements.unchanged += total(await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practiceId)));
        summary.purchaseOrders.unchanged += total(await tx.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.dentalPracticeId, practiceId)));
        continue;
      }
      catalog ??= await loadCatalog(tx);
      await writeHistory(tx, actor, practiceId, p, catalog, options, summary);
      const counted = await seedDemoStockTakes(tx, actor, practiceId);
      summary.movements.created += counted.movements;
      summary.lots.created += counted.lots;
      await seedDemoParLevels(tx, practiceId);
    }
    return summary;
  };
}

