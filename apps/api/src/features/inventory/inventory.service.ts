import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type adjustBodySchema, type Decimal, type inventoryAddBodySchema, type inventoryUpdateBodySchema, type moveBodySchema, type receiveBodySchema, toDecimal, type transferBodySchema, unitCostOf, type writeOffBodySchema } from '@enamel/contracts';
import { dentalPractices, inventories, lots, products, stockMovements, storageLocations, type Database } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow, runListRows } from '../../core/list-engine.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import { organisationCurrency } from '../organisation/index.ts';
import { locationOf, lockInventory, lotExpiryStateSql, moveLot, receive, take, type MovementContext, type Tx } from '../stock/index.ts';
import { inventoryList, movementList, type InventoryRow } from './inventory.list.ts';

type Row = typeof inventories.$inferSelect;
const ctxOf = (actor: Actor, practiceId: number, reason?: string | null): MovementContext => ({ practiceId, userId: actor.userId, reason: reason ?? null });

export async function findInventory(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(inventories).where(eq(inventories.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The product a stock write is about, read inside the write's transaction and share-locked (its units and price decide the quantities). */
async function productOf(tx: Tx, productId: number) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('share');
  if (!product) throw invalid('product_id', 'catalog.unknown_product');
  return product;
}

/** One inventory as its list row, plus its lots and last 100 movements. */
export async function inventoryDetail(db: Database, id: number) {
  const row = await runListRow(db, inventoryList, eq(inventories.id, id));
  if (!row) throw new AppError('not_found');
  const lotRows = await db
    .select({ lot: lots, expiryState: lotExpiryStateSql(sql`${lots.expiryDate}`, sql`${row.dental_practice_id}::bigint`), locationName: storageLocations.name })
    .from(lots)
    .innerJoin(storageLocations, eq(storageLocations.id, lots.locationId))
    .where(eq(lots.inventoryId, id))
    .orderBy(sql`${lots.quantity} > 0 desc`, sql`${lots.expiryDate} asc nulls last`, asc(lots.id));
  const movements = await runListRows(db, movementList, eq(stockMovements.inventoryId, id), 100);
  // Stock per location: every active location of the practice (in its order), and any other still holding a lot.
  const perLocation = await db
    .select({
      location_id: storageLocations.id, name: storageLocations.name, kind: storageLocations.kind, is_main: storageLocations.isMain,
      on_hand: sql<string>`coalesce(sum(${lots.quantity}), 0)::text`, value: sql<string>`coalesce(round(sum(greatest(${lots.quantity}, 0) * ${lots.unitCost}), 4), 0)::text`,
    })
    .from(storageLocations)
    .leftJoin(lots, and(eq(lots.locationId, storageLocations.id), eq(lots.inventoryId, id)))
    .where(eq(storageLocations.dentalPracticeId, row.dental_practice_id))
    .groupBy(storageLocations.id)
    .having(sql`${storageLocations.status} = 'active' or coalesce(sum(${lots.quantity}), 0) <> 0`)
    .orderBy(asc(storageLocations.sortOrder), asc(storageLocations.name), asc(storageLocations.id));
  return {
    ...presentRow(row),
    locations: perLocation.map((l) => ({ ...l, on_hand: decimalText(l.on_hand), value: decimalText(l.value) })),
    lots: lotRows.map(({ lot: l, expiryState, locationName }) => ({
      location_id: l.locationId, location_name: locationName,
      id: l.id, lot_number: l.lotNumber, expiry_date: l.expiryDate, expiry_state: expiryState, quantity: decimalText(l.quantity), unit_cost: decimalText(l.unitCost),
      value: toDecimal(l.quantity).gt(0) ? toDecimal(l.quantity).times(l.unitCost).toFixed(4) : '0.0000', received_at: isoDate(l.receivedAt),
    })),
    movements,
  };
}

export function presentRow(row: InventoryRow): InventoryRow {
  const nullable = (v: string | null) => (v === null ? null : decimalText(v));
  return {
    ...row, on_hand: decimalText(row.on_hand), value: decimalText(row.value), reorder_point: decimalText(row.reorder_point), par_level: decimalText(row.par_level),
    suggested_reorder_point: nullable(row.suggested_reorder_point), suggested_order_up_to: nullable(row.suggested_order_up_to),
    effective_reorder_point: decimalText(row.effective_reorder_point), effective_order_up_to: decimalText(row.effective_order_up_to),
  };
}

export async function addInventory(db: Database, actor: Actor, body: z.output<typeof inventoryAddBodySchema>): Promise<Row> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    await productOf(tx, body.product_id);
    const inserted = await tx
      .insert(inventories)
      .values({ dentalPracticeId: body.dental_practice_id, productId: body.product_id, reorderPoint: body.reorder_point, parLevel: body.par_level, location: body.location })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) throw new AppError('conflict', 'stock.already_stocked');
    await recordActivity(tx, actor, { action: 'create', subject: 'Inventory', subjectId: row.id, practiceId: body.dental_practice_id, after: row });
    return row;
  });
}

/** An inventory's settings row, locked after its practice (which must be active): the lock order every stock write keeps. */
async function lockInventoryRow(tx: Tx, id: number): Promise<Row> {
  const [found] = await tx.select({ practiceId: inventories.dentalPracticeId }).from(inventories).where(eq(inventories.id, id));
  if (!found) throw new AppError('not_found');
  await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(inventories).where(eq(inventories.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

export async function updateInventory(db: Database, actor: Actor, id: number, body: z.output<typeof inventoryUpdateBodySchema>): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockInventoryRow(tx, id);
    const [after] = await tx
      .update(inventories)
      .set({ reorderPoint: body.reorder_point, parLevel: body.par_level, location: body.location, ...(body.status ? { status: body.status } : {}), ...(body.policy_mode ? { policyMode: body.policy_mode } : {}) })
      .where(eq(inventories.id, id))
      .returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'Inventory', subjectId: id, practiceId: before.dentalPracticeId, ...changes(before, after!) });
    return after!;
  });
}

export async function setInventoryStatus(db: Database, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockInventoryRow(tx, id);
    const [after] = await tx.update(inventories).set({ status }).where(eq(inventories.id, id)).returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: 'Inventory', subjectId: id, practiceId: before.dentalPracticeId, ...changes(before, after!) });
    return after!;
  });
}

/**
 * Stock in; a quantity in purchase units is converted, the cost defaults to the product's unit cost.
 * A lot whose expiry date is already past (the practice's today) is refused unless `confirm_expired`.
 */
export async function receiveStock(db: Database, actor: Actor, body: z.output<typeof receiveBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const practice = await lockActivePractice(tx, body.dental_practice_id);
    const product = await productOf(tx, body.product_id);
    if (product.tracksLots && !body.lot_number) throw invalid('lot_number', 'stock.lot_required');
    if (product.tracksLots && !body.expiry_date) throw invalid('expiry_date', 'stock.expiry_required');
    const factor = body.unit === 'purchase' ? product.unitsPerPurchaseUnit : 1;
    const quantity = toDecimal(body.quantity).times(factor).toFixed(4);
    // The catalog price stands in for the cost only when it is in the practice's currency: nothing is converted.
    if (body.unit_cost === null || body.unit_cost === undefined) {
      const catalog = await organisationCurrency(tx);
      if (catalog !== practice.currency) throw invalid('unit_cost', 'stock.unit_cost_currency', { catalog, practice: practice.currency });
    }
    const unitCost = body.unit_cost ?? unitCostOf(product.purchasePrice, product.unitsPerPurchaseUnit)!;
    const today = dayIn(practice.timeZone, new Date());
    const location = body.location_id === null ? null : await locationOf(tx, body.dental_practice_id, body.location_id, 'location_id');
    if (product.tracksLots && body.expiry_date && body.expiry_date < today && !body.confirm_expired) throw invalid('expiry_date', 'stock.expired_receipt', { date: body.expiry_date });
    const { lotId } = await receive(tx, ctxOf(actor, body.dental_practice_id, body.reason), { productId: body.product_id, quantity, unitCost, lotNumber: body.lot_number, expiryDate: body.expiry_date, locationId: location?.id ?? null });
    const inventory = await lockInventory(tx, body.dental_practice_id, body.product_id);
    await recordActivity(tx, actor, { action: 'receive', subject: 'Inventory', subjectId: inventory.id, practiceId: body.dental_practice_id, after: { product_id: body.product_id, quantity, unit_cost: unitCost, lot_id: lotId, lot_number: body.lot_number, expiry_date: body.expiry_date, location_id: location?.id ?? null } });
    return inventory.id;
  });
}

/** A count: the lot (or the product's running lot) is corrected to what was counted, with the reason. */
export async function adjustStock(db: Database, actor: Actor, body: z.output<typeof adjustBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const ctx = ctxOf(actor, body.dental_practice_id, body.reason);
    await lockActivePractice(tx, body.dental_practice_id);
    const product = await productOf(tx, body.product_id);
    const inventory = await lockInventory(tx, body.dental_practice_id, body.product_id);
    let current: Decimal;
    const lotId = body.lot_id ?? null;
    if (lotId !== null) {
      const [lot] = await tx.select().from(lots).where(and(eq(lots.id, lotId), eq(lots.inventoryId, inventory.id))).for('update');
      if (!lot) throw invalid('lot_id', 'stock.unknown_lot');
      current = toDecimal(lot.quantity);
    } else {
      if (inventory.tracksLots) throw invalid('lot_id', 'stock.lot_required');
      current = toDecimal(inventory.onHand);
    }
    const delta = toDecimal(body.counted).minus(current);
    if (delta.gt(0)) {
      const [lot] = lotId !== null ? await tx.select().from(lots).where(eq(lots.id, lotId)) : [];
      await receive(tx, ctx, {
        productId: body.product_id, quantity: delta.toFixed(4), type: 'adjust',
        unitCost: lot?.unitCost ?? unitCostOf(product.purchasePrice, product.unitsPerPurchaseUnit)!,
        lotNumber: lot?.lotNumber ?? null, expiryDate: lot?.expiryDate ?? null, locationId: lot?.locationId ?? null,
      });
    } else if (delta.lt(0)) {
      await take(tx, ctx, { productId: body.product_id, quantity: delta.abs().toFixed(4), type: 'adjust', ...(lotId !== null ? { lotId } : {}) });
    }
    await recordActivity(tx, actor, { action: 'adjust', subject: 'Inventory', subjectId: inventory.id, practiceId: body.dental_practice_id, before: { quantity: current.toFixed(4), lot_id: lotId }, after: { quantity: body.counted, reason: body.reason } });
    return inventory.id;
  });
}

/** Out of one practice (FEFO) and into the other with the same lots, expiry and cost, in one transaction. */
export async function transferStock(db: Database, actor: Actor, body: z.output<typeof transferBodySchema>): Promise<number> {
  if (body.to_dental_practice_id === body.dental_practice_id) throw invalid('to_dental_practice_id', 'stock.same_practice');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: dentalPractices.id }).from(dentalPractices).where(eq(dentalPractices.id, body.to_dental_practice_id));
    if (!target) throw invalid('to_dental_practice_id', 'stock.unknown_practice');
    // Both practices (active, share-locked), then both inventories, in practice order so two opposite transfers cannot deadlock.
    const [first, second] = [body.dental_practice_id, body.to_dental_practice_id].sort((a, b) => a - b);
    await lockActivePractice(tx, first!);
    await lockActivePractice(tx, second!);
    await productOf(tx, body.product_id);
    await lockInventory(tx, first!, body.product_id);
    await lockInventory(tx, second!, body.product_id);
    const out = await take(tx, { ...ctxOf(actor, body.dental_practice_id, body.reason), counterpartPracticeId: body.to_dental_practice_id }, { productId: body.product_id, quantity: body.quantity, type: 'transfer_out' });
    for (const part of out.taken) {
      const [lot] = await tx.select().from(lots).where(eq(lots.id, part.lotId));
      await receive(tx, { ...ctxOf(actor, body.to_dental_practice_id, body.reason), counterpartPracticeId: body.dental_practice_id }, {
        productId: body.product_id, quantity: part.quantity, unitCost: part.unitCost, lotNumber: lot?.lotNumber ?? null, expiryDate: lot?.expiryDate ?? null, type: 'transfer_in',
      });
    }
    const inventory = await lockInventory(tx, body.dental_practice_id, body.product_id);
    await recordActivity(tx, actor, { action: 'transfer', subject: 'Inventory', subjectId: inventory.id, practiceId: body.dental_practice_id, after: { product_id: body.product_id, quantity: body.quantity, to_dental_practice_id: body.to_dental_practice_id } });
    return inventory.id;
  });
}

/** Expired or wasted stock out of one lot (all of what is left when no quantity is given). */
export async function writeOffLot(db: Database, actor: Actor, body: z.output<typeof writeOffBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const [lot] = await tx
      .select({ id: lots.id, quantity: lots.quantity, productId: inventories.productId, inventoryId: inventories.id })
      .from(lots)
      .innerJoin(inventories, eq(inventories.id, lots.inventoryId))
      .where(and(eq(lots.id, body.lot_id), eq(inventories.dentalPracticeId, body.dental_practice_id)));
    if (!lot) throw new AppError('not_found');
    const quantity = body.quantity ?? lot.quantity;
    if (toDecimal(quantity).lte(0)) throw invalid('quantity', 'stock.nothing_to_write_off');
    await take(tx, ctxOf(actor, body.dental_practice_id, body.reason), { productId: lot.productId, quantity, type: body.type, lotId: lot.id });
    await recordActivity(tx, actor, { action: 'write_off', subject: 'Inventory', subjectId: lot.inventoryId, practiceId: body.dental_practice_id, after: { lot_id: lot.id, quantity, type: body.type, reason: body.reason } });
    return lot.inventoryId;
  });
}

/** Part of a lot from one location of the practice to another (stock/move.ts: a pair of `move` movements). */
export async function moveStock(db: Database, actor: Actor, body: z.output<typeof moveBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await productOf(tx, body.product_id);
    const moved = await moveLot(tx, ctxOf(actor, body.dental_practice_id, body.reason), { productId: body.product_id, lotId: body.lot_id, fromLocationId: body.from_location_id, toLocationId: body.to_location_id, quantity: body.quantity });
    await recordActivity(tx, actor, {
      action: 'move', subject: 'Inventory', subjectId: moved.inventoryId, practiceId: body.dental_practice_id,
      after: { product_id: body.product_id, quantity: body.quantity, lot_id: moved.fromLotId, to_lot_id: moved.toLotId, from_location_id: body.from_location_id, to_location_id: body.to_location_id, reason: body.reason },
    });
    return moved.inventoryId;
  });
}
