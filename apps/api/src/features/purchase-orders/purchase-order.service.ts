import { emitWebhookEvent } from '../webhooks/index.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addDays, CANCELLABLE_STATUSES, compareDecimals, type PurchaseOrderDetail, type purchaseOrderCreateBodySchema, type purchaseOrderLineInputSchema,
  type purchaseOrderReceiveBodySchema, type purchaseOrderReturnBodySchema, type purchaseOrdersFromSuggestionsBodySchema, type PurchaseOrderStatus,
  type purchaseOrderUpdateBodySchema, RECEIVABLE_STATUSES, toDecimal,
  PURCHASE_ORDER_SEND_WARNINGS,
} from '@enamel/contracts';
import { dentalPractices, lots, practiceSettings, products, purchaseOrderLines, purchaseOrders, stockMovements, supplierOffers, suppliers, type Database } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import { budgetImpact, locationOf, receive, take, type Tx } from '../stock/index.ts';

type Order = typeof purchaseOrders.$inferSelect;
type LineRow = typeof purchaseOrderLines.$inferSelect;
type Supplier = typeof suppliers.$inferSelect;
type LineInput = z.output<typeof purchaseOrderLineInputSchema>;

/** The advisory lock under which PO numbers are handed out ("enamel po" as a 32-bit number): two creates never take one number. */
const NUMBER_LOCK = 0x454e504f;

const dec4 = (value: ReturnType<typeof toDecimal>) => value.toFixed(4);
const statusParam = (status: string) => [{ key: `purchase_orders.status.${status}` as MessageKey }];

/** The PO (404 when unknown): the route checks the reader's practice with it before any write. */
export async function findOrder(db: Database | Tx, id: number): Promise<Order> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The lock order of every PO write: the practice (active, share), then the PO row, then its lines in id order. */
async function lockOrder(tx: Tx, id: number): Promise<{ order: Order; lines: LineRow[] }> {
  const found = await findOrder(tx, id);
  await lockActivePractice(tx, found.dentalPracticeId);
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  if (!order) throw new AppError('not_found');
  const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id)).orderBy(asc(purchaseOrderLines.id)).for('update');
  return { order, lines };
}

function expectStatus(order: Order, allowed: readonly PurchaseOrderStatus[]): void {
  if (!allowed.includes(order.status as PurchaseOrderStatus)) {
    throw new AppError('conflict', 'purchase_orders.wrong_status', undefined, { number: order.number, status: statusParam(order.status) });
  }
}

async function settingsOf(tx: Tx | Database, practiceId: number) {
  const [row] = await tx
    .select({ threshold: practiceSettings.poApprovalThreshold, tolerance: practiceSettings.overReceiptTolerance })
    .from(practiceSettings)
    .where(eq(practiceSettings.dentalPracticeId, practiceId));
  return { threshold: row?.threshold ?? null, tolerance: row?.tolerance ?? '0' };
}

/** Above the practice's threshold (none set: never) a PO needs someone else's approval before it is sent. */
export function needsApproval(total: string, threshold: string | null): boolean {
  return threshold !== null && compareDecimals(total, threshold) > 0;
}

async function supplierFor(tx: Tx, supplierId: number, field: string): Promise<Supplier> {
  const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('share');
  if (!supplier) throw invalid(field, 'purchase_orders.unknown_supplier');
  if (supplier.status !== 'active') throw invalid(field, 'purchase_orders.inactive_supplier', { supplier: supplier.name });
  return supplier;
}

interface LineValues {
  id: number | null;
  productId: number;
  supplierOfferId: number | null;
  supplierSku: string | null;
  purchaseUnit: string;
  unitsPerPurchaseUnit: string;
  quantity: string;
  unitPrice: string;
}

/**
 * A draft's lines checked against the catalog and the supplier's offers (read inside the write, share-locked): an active
 * product, an active offer of this supplier for that product; pack, SKU and price copied from the offer unless typed.
 */
async function buildLines(tx: Tx, supplier: Supplier, inputs: LineInput[]): Promise<LineValues[]> {
  const out: LineValues[] = [];
  for (const [i, input] of inputs.entries()) {
    const field = (name: string) => `lines.${i}.${name}`;
    const [product] = await tx.select().from(products).where(eq(products.id, input.product_id)).for('share');
    if (!product) throw invalid(field('product_id'), 'purchase_orders.unknown_product');
    if (product.status !== 'active') throw invalid(field('product_id'), 'purchase_orders.inactive_product', { product: product.name });
    const [offer] = input.supplier_offer_id !== null
      ? await tx.select().from(supplierOffers).where(eq(supplierOffers.id, input.supplier_offer_id)).for('share')
      : await tx.select().from(supplierOffers).where(and(eq(supplierOffers.supplierId, supplier.id), eq(supplierOffers.productId, product.id), eq(supplierOffers.status, 'active'))).for('share');
    if (input.supplier_offer_id !== null) {
      if (!offer || offer.supplierId !== supplier.id || offer.productId !== product.id) throw invalid(field('supplier_offer_id'), 'purchase_orders.offer_mismatch', { product: product.name, supplier: supplier.name });
      if (offer.status !== 'active') throw invalid(field('supplier_offer_id'), 'purchase_orders.inactive_offer', { product: product.name });
    }
    const unitPrice = input.unit_price ?? offer?.price ?? null;
    if (unitPrice === null) throw invalid(field('unit_price'), 'purchase_orders.price_required', { currency: supplier.currency });
    out.push({
      id: input.id,
      productId: product.id,
      supplierOfferId: offer?.id ?? null,
      supplierSku: offer?.supplierSku ?? null,
      purchaseUnit: offer?.purchaseUnit ?? input.purchase_unit ?? product.purchaseUnit,
      unitsPerPurchaseUnit: offer?.unitsPerPurchaseUnit ?? input.units_per_purchase_unit ?? String(product.unitsPerPurchaseUnit),
      quantity: input.quantity,
      unitPrice,
    });
  }
  return out;
}

const totalOf = (lines: Array<{ quantity: string; unitPrice: string }>) => dec4(lines.reduce((sum, l) => sum.plus(toDecimal(l.quantity).times(l.unitPrice)), toDecimal(0)));

/** The next PO-000123, under a transaction-level advisory lock (released at commit, when the number is taken for good). */
async function nextNumber(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK})`);
  const [row] = await tx
    .select({ last: sql<string | null>`max(cast(substring(${purchaseOrders.number} from 4) as bigint))` })
    .from(purchaseOrders)
    .where(sql`${purchaseOrders.number} ~ '^PO-[0-9]{1,15}$'`);
  const next = Number(row?.last ?? 0) + 1;
  return `PO-${String(next).padStart(6, '0')}`;
}

function checkCurrency(supplier: Supplier, currency: string | null): void {
  if (currency !== null && currency !== supplier.currency) throw invalid('currency', 'purchase_orders.currency_mismatch', { currency: supplier.currency, supplier: supplier.name });
}

async function insertOrder(tx: Tx, actor: Actor, practiceId: number, supplier: Supplier, lines: LineValues[], notes: string | null): Promise<Order> {
  const number = await nextNumber(tx);
  const [order] = await tx
    .insert(purchaseOrders)
    .values({ dentalPracticeId: practiceId, supplierId: supplier.id, number, currency: supplier.currency, total: totalOf(lines), notes, createdBy: actor.userId })
    .returning();
  if (lines.length) await tx.insert(purchaseOrderLines).values(lines.map(({ id: _id, ...l }) => ({ ...l, purchaseOrderId: order!.id })));
  await recordActivity(tx, actor, { action: 'create', subject: 'PurchaseOrder', subjectId: order!.id, practiceId, after: { ...order!, lines: lines.map(({ id: _id, ...l }) => l) } });
  return order!;
}

/** A draft by hand: practice, supplier (active; its currency), lines. */
export async function createOrder(db: Database, actor: Actor, body: z.output<typeof purchaseOrderCreateBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const supplier = await supplierFor(tx, body.supplier_id, 'supplier_id');
    checkCurrency(supplier, body.currency);
    body.lines.forEach((line, i) => {
      if (line.id !== null) throw invalid(`lines.${i}.id`, 'purchase_orders.unknown_line');
    });
    const lines = await buildLines(tx, supplier, body.lines);
    return (await insertOrder(tx, actor, body.dental_practice_id, supplier, lines, body.notes)).id;
  });
}

/** Suggestions → one draft per supplier, priced from the offers (what the order-suggestions screen calls). */
export async function createFromSuggestions(db: Database, actor: Actor, body: z.output<typeof purchaseOrdersFromSuggestionsBodySchema>) {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const bySupplier = new Map<number, { supplier: Supplier; inputs: LineInput[]; at: number[] }>();
    for (const [i, line] of body.lines.entries()) {
      const [offer] = await tx.select().from(supplierOffers).where(eq(supplierOffers.id, line.supplier_offer_id)).for('share');
      if (!offer) throw invalid(`lines.${i}.supplier_offer_id`, 'purchase_orders.unknown_offer');
      if (offer.productId !== line.product_id) throw invalid(`lines.${i}.supplier_offer_id`, 'purchase_orders.offer_other_product');
      const group = bySupplier.get(offer.supplierId) ?? { supplier: await supplierFor(tx, offer.supplierId, `lines.${i}.supplier_offer_id`), inputs: [], at: [] };
      group.inputs.push({ id: null, product_id: line.product_id, supplier_offer_id: offer.id, quantity: line.quantity, unit_price: null, purchase_unit: null, units_per_purchase_unit: null });
      group.at.push(i);
      bySupplier.set(offer.supplierId, group);
    }
    const created: Array<{ id: number; number: string; supplier_id: number }> = [];
    for (const { supplier, inputs, at } of bySupplier.values()) {
      let lines: LineValues[];
      try {
        lines = await buildLines(tx, supplier, inputs);
      } catch (error) {
        // Name the field as the caller sent it (its index in the body, not in the supplier's group).
        throw renumbered(error, at);
      }
      const order = await insertOrder(tx, actor, body.dental_practice_id, supplier, lines, null);
      created.push({ id: order.id, number: order.number, supplier_id: supplier.id });
    }
    return created;
  });
}

function renumbered(error: unknown, at: number[]): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field.replace(/^lines\.(\d+)\./, (_, i: string) => `lines.${at[Number(i)] ?? i}.`), list]));
  return new AppError(error.code, error.messageKey, fields, error.params);
}

/** A draft's notes and lines: kept lines (by id) are changed, the others removed, new ones added; the total follows. */
export async function updateOrder(db: Database, actor: Actor, id: number, body: z.output<typeof purchaseOrderUpdateBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, lines: before } = await lockOrder(tx, id);
    expectStatus(order, ['draft']);
    const supplier = await supplierFor(tx, order.supplierId, 'supplier_id');
    checkCurrency(supplier, body.currency);
    const known = new Set(before.map((l) => l.id));
    body.lines.forEach((line, i) => {
      if (line.id !== null && !known.has(line.id)) throw invalid(`lines.${i}.id`, 'purchase_orders.unknown_line');
    });
    const lines = await buildLines(tx, supplier, body.lines);
    const kept = new Set(lines.map((l) => l.id).filter((v): v is number => v !== null));
    const removed = before.filter((l) => !kept.has(l.id)).map((l) => l.id);
    if (removed.length) await tx.delete(purchaseOrderLines).where(inArray(purchaseOrderLines.id, removed));
    for (const { id: lineId, ...values } of lines) {
      if (lineId === null) await tx.insert(purchaseOrderLines).values({ ...values, purchaseOrderId: id });
      else await tx.update(purchaseOrderLines).set(values).where(eq(purchaseOrderLines.id, lineId));
    }
    const [after] = await tx.update(purchaseOrders).set({ notes: body.notes, total: totalOf(lines) }).where(eq(purchaseOrders.id, id)).returning();
    const diff = changes(order, after!);
    await recordActivity(tx, actor, { action: 'update', subject: 'PurchaseOrder', subjectId: id, practiceId: order.dentalPracticeId, before: { ...diff.before, lines: before }, after: { ...diff.after, lines: lines } });
  });
}

async function transition(db: Database, actor: Actor, id: number, action: string, run: (tx: Tx, order: Order, lines: LineRow[]) => Promise<Partial<Order>>, after?: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    const { order, lines } = await lockOrder(tx, id);
    const set = await run(tx, order, lines);
    const [updated] = await tx.update(purchaseOrders).set(set).where(eq(purchaseOrders.id, id)).returning();
    const diff = changes(order, updated!);
    await recordActivity(tx, actor, { action, subject: 'PurchaseOrder', subjectId: id, practiceId: order.dentalPracticeId, before: diff.before, after: { ...diff.after, ...after } });
    return updated!;
  });
}

function requireLines(lines: LineRow[]): void {
  if (lines.length === 0) throw invalid('lines', 'purchase_orders.no_lines');
}

/** Draft → awaiting approval (above the threshold) or approved (at or under it). */
export function submitOrder(db: Database, actor: Actor, id: number) {
  return transition(db, actor, id, 'submit', async (tx, order, lines) => {
    expectStatus(order, ['draft']);
    requireLines(lines);
    const { threshold } = await settingsOf(tx, order.dentalPracticeId);
    const submitted = { submittedBy: actor.userId, rejectedReason: null };
    return needsApproval(order.total, threshold) ? { ...submitted, status: 'awaiting_approval' } : { ...submitted, status: 'approved', approvedAt: new Date() };
  });
}

/** Someone other than who wrote or submitted it approves (the rule: nobody approves their own order). */
export function approveOrder(db: Database, actor: Actor, id: number) {
  return transition(db, actor, id, 'approve', async (_tx, order) => {
    expectStatus(order, ['awaiting_approval']);
    if (actor.userId !== null && (actor.userId === order.createdBy || actor.userId === order.submittedBy)) {
      throw new AppError('conflict', 'purchase_orders.own_approval', undefined, { number: order.number });
    }
    return { status: 'approved', approvedBy: actor.userId, approvedAt: new Date() };
  });
}

/** Back to draft with the reason, shown on the PO until it is submitted again. */
export function rejectOrder(db: Database, actor: Actor, id: number, reason: string) {
  return transition(db, actor, id, 'reject', async (_tx, order) => {
    expectStatus(order, ['awaiting_approval']);
    if (actor.userId !== null && (actor.userId === order.createdBy || actor.userId === order.submittedBy)) {
      throw new AppError('conflict', 'purchase_orders.own_approval', undefined, { number: order.number });
    }
    return { status: 'draft', rejectedReason: reason, submittedBy: null };
  });
}

/** Draft, awaiting approval, approved or sent — and nothing received. */
export function cancelOrder(db: Database, actor: Actor, id: number, reason: string) {
  return transition(db, actor, id, 'cancel', async (_tx, order, lines) => {
    expectStatus(order, CANCELLABLE_STATUSES);
    if (lines.some((l) => toDecimal(l.receivedQuantity).gt(0))) throw new AppError('conflict', 'purchase_orders.cancel_received', undefined, { number: order.number });
    return { status: 'cancelled', cancelledAt: new Date(), cancelReason: reason };
  });
}

/** What `sendOrder` hands to the mail: the PDF is made by the caller from the locked rows. */
export interface SendPlan {
  order: Order;
  supplier: Supplier;
  lines: LineRow[];
  practice: { name: string; timeZone: string };
  expectedAt: string;
}

/**
 * Approved (or a draft that needs no approval) → sent: `deliver` makes the PDF and mails it inside the transaction,
 * so a failed mail leaves the PO as it was. Expected = the practice's today + the longest lead time of its lines.
 */
export async function sendOrder(db: Database, actor: Actor, id: number, deliver: (plan: SendPlan, tx: Tx) => Promise<void>): Promise<{ warnings: Array<(typeof PURCHASE_ORDER_SEND_WARNINGS)[number]> }> {
  return db.transaction(async (tx) => {
    const { order, lines } = await lockOrder(tx, id);
    const practice = await lockActivePractice(tx, order.dentalPracticeId);
    if (order.status === 'draft') {
      const { threshold } = await settingsOf(tx, order.dentalPracticeId);
      if (needsApproval(order.total, threshold)) throw new AppError('conflict', 'purchase_orders.approval_required', undefined, { number: order.number, threshold: threshold ?? '' });
    } else {
      expectStatus(order, ['approved']);
    }
    requireLines(lines);
    const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, order.supplierId)).for('share');
    if (!supplier?.email) throw new AppError('conflict', 'purchase_orders.supplier_no_email', undefined, { supplier: supplier?.name ?? '' });
    // Budget check before sending: the budget helper adds its "this takes the month over budget" warning here.
    const warnings = await budgetWarningsBeforeSend(tx, order);
    const offerIds = lines.map((l) => l.supplierOfferId).filter((v): v is number => v !== null);
    const leadTimes = offerIds.length ? await tx.select({ days: supplierOffers.leadTimeDays }).from(supplierOffers).where(inArray(supplierOffers.id, offerIds)) : [];
    const lead = Math.max(supplier.leadTimeDays, ...leadTimes.map((o) => o.days ?? supplier.leadTimeDays));
    const expectedAt = addDays(dayIn(practice.timeZone, new Date()), lead);
    await deliver({ order, supplier, lines, practice, expectedAt }, tx);
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status: 'sent', sentAt: new Date(), sentTo: supplier.email, expectedAt, ...(order.status === 'draft' ? { submittedBy: actor.userId } : {}) })
      .where(eq(purchaseOrders.id, id))
      .returning();
    const diff = changes(order, updated!);
    await recordActivity(tx, actor, { action: 'send', subject: 'PurchaseOrder', subjectId: id, practiceId: order.dentalPracticeId, ...diff });
    await emitWebhookEvent(tx, order.dentalPracticeId, 'purchase_order.sent', {
      purchase_order: { id, number: updated!.number, supplier_id: supplier.id, supplier_name: supplier.name, expected_at: expectedAt, lines: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })) },
    });
    return { warnings };
  });
}

/** The rows a PDF is drawn from outside a send (the download of any PO the reader may export). */
export async function printPlanOf(db: Database, id: number): Promise<Omit<SendPlan, 'expectedAt'> & { expectedAt: string | null }> {
  const order = await findOrder(db, id);
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, order.supplierId));
  const [practice] = await db.select({ name: dentalPractices.name, timeZone: dentalPractices.timeZone }).from(dentalPractices).where(eq(dentalPractices.id, order.dentalPracticeId));
  const lines = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id)).orderBy(asc(purchaseOrderLines.id));
  return { order, supplier: supplier!, practice: practice!, lines, expectedAt: order.expectedAt };
}

/** Orders not yet sent: the ones whose budget impact the detail shows before the send. */
const BEFORE_SEND: readonly string[] = ['draft', 'awaiting_approval', 'approved'];

/** This month's spend with the order added (never counting it twice when it is already committed). */
function orderBudget(db: Database | Tx, order: Order) {
  return budgetImpact(db, order.dentalPracticeId, order.total, order.currency, new Date(), order.id);
}

/**
 * "A PO that would take the month over budget says so before it is sent" (docs/product-rules.md#budget): the detail
 * shows the impact beforehand, and the send answers the warning too. It runs inside the send's transaction.
 */
async function budgetWarningsBeforeSend(tx: Tx, order: Order): Promise<Array<(typeof PURCHASE_ORDER_SEND_WARNINGS)[number]>> {
  return (await orderBudget(tx, order)).over ? ['over_budget'] : [];
}

/**
 * Goods in against the PO's lines (sent or partly received): lots and `receive` movements through the ledger, the
 * invoiced price, received quantities and the status. The lines are locked first, so concurrent receipts of one line
 * queue and never take it past its ordered quantity plus the practice's tolerance.
 */
export async function receiveOrder(db: Database, actor: Actor, id: number, body: z.output<typeof purchaseOrderReceiveBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, lines } = await lockOrder(tx, id);
    expectStatus(order, RECEIVABLE_STATUSES);
    const practice = await lockActivePractice(tx, order.dentalPracticeId);
    const { tolerance } = await settingsOf(tx, order.dentalPracticeId);
    const today = dayIn(practice.timeZone, new Date());
    const location = body.location_id === null ? null : await locationOf(tx, order.dentalPracticeId, body.location_id, 'location_id');
    const byId = new Map(lines.map((l) => [l.id, { ...l }]));
    const received: Array<Record<string, unknown>> = [];
    for (const [i, entry] of body.lines.entries()) {
      const field = (name: string) => `lines.${i}.${name}`;
      const line = byId.get(entry.line_id);
      if (!line) throw invalid(field('line_id'), 'purchase_orders.unknown_line');
      const [product] = await tx.select({ name: products.name, tracksLots: products.tracksLots }).from(products).where(eq(products.id, line.productId));
      const allowed = toDecimal(line.quantity).times(toDecimal(1).plus(tolerance));
      const total = toDecimal(line.receivedQuantity).plus(entry.quantity);
      if (total.gt(allowed)) {
        const left = allowed.minus(line.receivedQuantity);
        throw invalid(field('quantity'), 'purchase_orders.over_receipt', {
          product: product?.name ?? '', max: Number((left.lt(0) ? toDecimal(0) : left).toFixed(4)), unit: line.purchaseUnit, tolerance: Number(toDecimal(tolerance).times(100).toFixed(2)),
        });
      }
      if (product?.tracksLots && !entry.lot_number) throw invalid(field('lot_number'), 'stock.lot_required');
      if (product?.tracksLots && !entry.expiry_date) throw invalid(field('expiry_date'), 'stock.expiry_required');
      if (product?.tracksLots && entry.expiry_date && entry.expiry_date < today && !entry.confirm_expired) throw invalid(field('expiry_date'), 'stock.expired_receipt', { date: entry.expiry_date });
      const invoiced = entry.invoiced_unit_price ?? line.unitPrice;
      // Nothing is converted: the invoice gives the cost only when the PO is in the practice's currency.
      let unitCost = entry.unit_cost;
      if (unitCost === null) {
        if (order.currency !== practice.currency) throw invalid(field('unit_cost'), 'purchase_orders.unit_cost_currency', { currency: order.currency, practice: practice.currency });
        unitCost = toDecimal(invoiced).div(line.unitsPerPurchaseUnit).toFixed(4);
      }
      const usage = dec4(toDecimal(entry.quantity).times(line.unitsPerPurchaseUnit));
      const { lotId } = await receive(
        tx,
        { practiceId: order.dentalPracticeId, userId: actor.userId, reason: order.number, purchaseOrderLineId: line.id },
        { productId: line.productId, quantity: usage, unitCost, lotNumber: entry.lot_number, expiryDate: entry.expiry_date, locationId: location?.id ?? null },
      );
      line.receivedQuantity = dec4(total);
      line.invoicedUnitPrice = invoiced;
      await tx.update(purchaseOrderLines).set({ receivedQuantity: line.receivedQuantity, invoicedUnitPrice: invoiced }).where(eq(purchaseOrderLines.id, line.id));
      received.push({ line_id: line.id, quantity: entry.quantity, usage_quantity: usage, lot_id: lotId, lot_number: entry.lot_number, expiry_date: entry.expiry_date, invoiced_unit_price: invoiced, unit_cost: unitCost });
    }
    const complete = [...byId.values()].every((l) => compareDecimals(l.receivedQuantity, l.quantity) >= 0);
    await tx.update(purchaseOrders).set(complete ? { status: 'received', receivedAt: new Date() } : { status: 'partially_received' }).where(eq(purchaseOrders.id, id));
    await recordActivity(tx, actor, { action: 'receive', subject: 'PurchaseOrder', subjectId: id, practiceId: order.dentalPracticeId, before: { status: order.status }, after: { status: complete ? 'received' : 'partially_received', lines: received } });
    await emitWebhookEvent(tx, order.dentalPracticeId, 'purchase_order.received', {
      purchase_order: { id, number: order.number, status: complete ? 'received' : 'partially_received' },
      received: received.map((r) => ({ line_id: r.line_id, quantity: r.quantity, usage_quantity: r.usage_quantity, lot_number: r.lot_number, expiry_date: r.expiry_date })),
    });
  });
}

/** Usage units back to the supplier from a received line: a `return` movement (FEFO or the lot named), with the credit expected. */
export async function returnToSupplier(db: Database, actor: Actor, id: number, lineId: number, body: z.output<typeof purchaseOrderReturnBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, lines } = await lockOrder(tx, id);
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw new AppError('not_found');
    expectStatus(order, ['partially_received', 'received']);
    const returnable = toDecimal(line.receivedQuantity).times(line.unitsPerPurchaseUnit).minus(line.returnedUnits);
    if (toDecimal(body.quantity).gt(returnable)) throw invalid('quantity', 'purchase_orders.return_too_much', { max: Number(returnable.toFixed(4)) });
    // Only what came in on this line goes back on it: the lots its receipts created or added to (the ledger is append-only).
    const received = await tx
      .selectDistinct({ id: stockMovements.lotId })
      .from(stockMovements)
      .where(and(eq(stockMovements.purchaseOrderLineId, line.id), eq(stockMovements.type, 'receive')));
    const lineLots = received.map((r) => r.id).filter((v): v is number => v !== null);
    if (body.lot_id !== null && !lineLots.includes(body.lot_id)) throw invalid('lot_id', 'purchase_orders.unknown_lot');
    const reason = body.note ? `${order.number} ${body.reason}: ${body.note}` : `${order.number} ${body.reason}`;
    const out = await take(tx, { practiceId: order.dentalPracticeId, userId: actor.userId, reason, purchaseOrderLineId: line.id }, { productId: line.productId, quantity: body.quantity, type: 'return', lotIds: body.lot_id !== null ? [body.lot_id] : lineLots });
    const credit = toDecimal(body.quantity).div(line.unitsPerPurchaseUnit).times(line.invoicedUnitPrice ?? line.unitPrice);
    const [after] = await tx
      .update(purchaseOrderLines)
      .set({ returnedUnits: dec4(toDecimal(line.returnedUnits).plus(body.quantity)), creditExpected: dec4(toDecimal(line.creditExpected).plus(credit)) })
      .where(eq(purchaseOrderLines.id, line.id))
      .returning();
    await recordActivity(tx, actor, {
      action: 'return', subject: 'PurchaseOrder', subjectId: id, practiceId: order.dentalPracticeId,
      before: { line_id: line.id, returned_units: line.returnedUnits, credit_expected: line.creditExpected },
      after: { line_id: line.id, returned_units: after!.returnedUnits, credit_expected: after!.creditExpected, quantity: body.quantity, reason: body.reason, note: body.note, lots: out.taken.map((t) => ({ lot_id: t.lotId, quantity: t.quantity })) },
    });
  });
}

/** One PO as its detail screen shows it: header, practice rules (threshold, tolerance), lines with their lots. */
export async function orderDetail(db: Database, id: number): Promise<PurchaseOrderDetail> {
  const [row] = await db
    .select({ order: purchaseOrders, practiceName: dentalPractices.name, practiceCurrency: dentalPractices.currency, supplierName: suppliers.name, supplierEmail: suppliers.email })
    .from(purchaseOrders)
    .innerJoin(dentalPractices, eq(dentalPractices.id, purchaseOrders.dentalPracticeId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, id));
  if (!row) throw new AppError('not_found');
  const { order } = row;
  const { threshold, tolerance } = await settingsOf(db, order.dentalPracticeId);
  const lineRows = await db
    .select({ line: purchaseOrderLines, name: products.name, sku: products.sku, gtin: products.gtin, usageUnit: products.usageUnit, tracksLots: products.tracksLots })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  const lineIds = lineRows.map((r) => r.line.id);
  const lotRows = lineIds.length
    ? await db
        .selectDistinct({ lineId: stockMovements.purchaseOrderLineId, id: lots.id, lotNumber: lots.lotNumber, expiryDate: lots.expiryDate, quantity: lots.quantity })
        .from(stockMovements)
        .innerJoin(lots, eq(lots.id, stockMovements.lotId))
        .where(and(inArray(stockMovements.purchaseOrderLineId, lineIds), eq(stockMovements.type, 'receive')))
    : [];
  let credit = toDecimal(0);
  const lines = lineRows.map(({ line, ...p }) => {
    credit = credit.plus(line.creditExpected);
    const outstanding = toDecimal(line.quantity).minus(line.receivedQuantity);
    return {
      id: line.id, product_id: line.productId, product_name: p.name, sku: p.sku, gtin: p.gtin, usage_unit: p.usageUnit, tracks_lots: p.tracksLots,
      supplier_offer_id: line.supplierOfferId, supplier_sku: line.supplierSku, purchase_unit: line.purchaseUnit, units_per_purchase_unit: decimalText(line.unitsPerPurchaseUnit),
      quantity: decimalText(line.quantity), unit_price: decimalText(line.unitPrice), line_total: dec4(toDecimal(line.quantity).times(line.unitPrice)),
      received_quantity: decimalText(line.receivedQuantity), outstanding_quantity: dec4(outstanding.lt(0) ? toDecimal(0) : outstanding),
      invoiced_unit_price: line.invoicedUnitPrice === null ? null : decimalText(line.invoicedUnitPrice),
      price_variance: line.invoicedUnitPrice === null ? null : dec4(toDecimal(line.invoicedUnitPrice).minus(line.unitPrice)),
      returned_units: decimalText(line.returnedUnits),
      returnable_units: dec4(toDecimal(line.receivedQuantity).times(line.unitsPerPurchaseUnit).minus(line.returnedUnits)),
      credit_expected: decimalText(line.creditExpected),
      lots: lotRows
        .filter((l) => l.lineId === line.id)
        .sort((a, b) => a.id - b.id)
        .map((l) => ({ id: l.id, lot_number: l.lotNumber, expiry_date: l.expiryDate, quantity: decimalText(l.quantity) })),
    };
  });
  const when = (value: Date | null) => (value === null ? null : isoDate(value));
  return {
    id: order.id, number: order.number, status: order.status as PurchaseOrderStatus,
    dental_practice_id: order.dentalPracticeId, dental_practice_name: row.practiceName, practice_currency: row.practiceCurrency,
    supplier_id: order.supplierId, supplier_name: row.supplierName, supplier_email: row.supplierEmail,
    currency: order.currency, total: decimalText(order.total), notes: order.notes, expected_at: order.expectedAt,
    created_at: isoDate(order.createdAt), created_by: order.createdBy, submitted_by: order.submittedBy, approved_by: order.approvedBy, approved_at: when(order.approvedAt),
    rejected_reason: order.rejectedReason, sent_at: when(order.sentAt), sent_to: order.sentTo, received_at: when(order.receivedAt),
    cancelled_at: when(order.cancelledAt), cancel_reason: order.cancelReason,
    approval_threshold: threshold === null ? null : decimalText(threshold, 2), needs_approval: needsApproval(order.total, threshold),
    over_receipt_tolerance: decimalText(tolerance), credit_expected: dec4(credit),
    budget: BEFORE_SEND.includes(order.status) ? await orderBudget(db, order) : null,
    lines,
  };
}

/** The New PO form's choices: active suppliers with their active offers of active products, by name. */
export async function supplierOptions(db: Database) {
  const rows = await db
    .select({ supplier: suppliers, offer: supplierOffers, productName: products.name, sku: products.sku })
    .from(suppliers)
    .leftJoin(supplierOffers, and(eq(supplierOffers.supplierId, suppliers.id), eq(supplierOffers.status, 'active')))
    .leftJoin(products, and(eq(products.id, supplierOffers.productId), eq(products.status, 'active')))
    .where(eq(suppliers.status, 'active'))
    .orderBy(asc(suppliers.name), asc(products.name));
  const bySupplier = new Map<number, { id: number; name: string; currency: string; email: string | null; offers: Array<Record<string, unknown>> }>();
  for (const { supplier, offer, productName, sku } of rows) {
    const entry = bySupplier.get(supplier.id) ?? { id: supplier.id, name: supplier.name, currency: supplier.currency, email: supplier.email, offers: [] };
    bySupplier.set(supplier.id, entry);
    if (offer && productName !== null && sku !== null) {
      entry.offers.push({
        id: offer.id, product_id: offer.productId, product_name: productName, sku, supplier_sku: offer.supplierSku, purchase_unit: offer.purchaseUnit,
        units_per_purchase_unit: decimalText(offer.unitsPerPurchaseUnit), price: decimalText(offer.price), minimum_order_quantity: offer.minimumOrderQuantity,
      });
    }
  }
  return [...bySupplier.values()];
}
