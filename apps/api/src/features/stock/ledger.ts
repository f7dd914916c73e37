import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, type Decimal, toDecimal, weightedCost } from '@enamel/contracts';
import { inventories, lots, practiceSettings, products, stockMovements, type MovementType } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { unitCost as productUnitCost } from '../../core/catalog-sql.ts';
import { AppError } from '../../core/errors.ts';
import { allocate, firstUsableDay, givable, isExpired } from './fefo.ts';
import { recordShortfall } from './stock-outs.ts';
import type { Tx } from '../../core/transaction.ts';
export type { Tx };

/**
 * The stock ledger: the only code that changes stock. Every change is an immutable movement;
 * a lot's remaining quantity and an inventory's on-hand are kept equal to the sum of their
 * movements in the same transaction. Callers pass the transaction handle (on PGlite only it may
 * be used inside a transaction). Rows are locked inventory first, then lots, in id order, so
 * concurrent procedures on the same product wait for each other instead of losing an update.
 * Every movement goes through `lockInventory`, which first checks (and share-locks) that the practice
 * is active: a deactivated practice takes no stock in or out.
 */

export interface MovementContext {
  practiceId: number;
  userId: number | null;
  occurredAt?: Date;
  reason?: string | null;
  procedureId?: number | null;
  procedureItemId?: number | null;
  counterpartPracticeId?: number | null;
  /** The purchase order line a receipt or a return to the supplier is against. */
  purchaseOrderLineId?: number | null;
}

export interface Inventory {
  id: number;
  productId: number;
  onHand: string;
  tracksLots: boolean;
  productName: string;
}

/** The product's inventory in the practice, created on first use, locked for this transaction. */
export async function lockInventory(tx: Tx, practiceId: number, productId: number): Promise<Inventory> {
  await lockActivePractice(tx, practiceId);
  await tx.insert(inventories).values({ dentalPracticeId: practiceId, productId }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: inventories.id, productId: inventories.productId, onHand: inventories.onHand, tracksLots: products.tracksLots, productName: products.name })
    .from(inventories)
    .innerJoin(products, eq(products.id, inventories.productId))
    .where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)))
    .for('update', { of: inventories });
  if (!row) throw new AppError('not_found');
  return row;
}

async function allowsNegative(tx: Tx, practiceId: number): Promise<boolean> {
  const [row] = await tx.select({ allow: practiceSettings.allowNegativeStock }).from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practiceId));
  return row?.allow ?? CONFIGURATION_DEFAULTS.allow_negative_stock;
}

async function writeMovement(tx: Tx, ctx: MovementContext, inventory: Inventory, lotId: number, type: MovementType, quantity: Decimal, unitCost: string) {
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      dentalPracticeId: ctx.practiceId, inventoryId: inventory.id, productId: inventory.productId, lotId, type,
      quantity: quantity.toFixed(4), unitCost, reason: ctx.reason ?? null, procedureId: ctx.procedureId ?? null,
      procedureItemId: ctx.procedureItemId ?? null, counterpartPracticeId: ctx.counterpartPracticeId ?? null, purchaseOrderLineId: ctx.purchaseOrderLineId ?? null,
      userId: ctx.userId, occurredAt: ctx.occurredAt ?? new Date(),
    })
    .returning({ id: stockMovements.id });
  await tx.update(lots).set({ quantity: sql`${lots.quantity} + ${quantity.toFixed(4)}` }).where(eq(lots.id, lotId));
  const onHand = toDecimal(inventory.onHand).plus(quantity);
  await tx.update(inventories).set({ onHand: onHand.toFixed(4) }).where(eq(inventories.id, inventory.id));
  inventory.onHand = onHand.toFixed(4);
  return movement!.id;
}

export interface ReceiveInput {
  productId: number;
  quantity: string;
  unitCost: string;
  lotNumber?: string | null;
  expiryDate?: string | null;
  type?: Extract<MovementType, 'receive' | 'transfer_in' | 'return' | 'adjust'>;
}

/**
 * Stock in: into the lot with the same number and expiry (a new one otherwise). Products that do
 * not track lots use one running lot (no number, no expiry).
 */
export async function receive(tx: Tx, ctx: MovementContext, input: ReceiveInput): Promise<{ lotId: number; movementId: number }> {
  const inventory = await lockInventory(tx, ctx.practiceId, input.productId);
  const lotNumber = inventory.tracksLots ? (input.lotNumber?.trim() || null) : null;
  const expiry = inventory.tracksLots ? (input.expiryDate ?? null) : null;
  const [existing] = await tx
    .select({ id: lots.id, quantity: lots.quantity, unitCost: lots.unitCost })
    .from(lots)
    .where(and(eq(lots.inventoryId, inventory.id), lotNumber === null ? isNull(lots.lotNumber) : eq(lots.lotNumber, lotNumber), expiry === null ? isNull(lots.expiryDate) : eq(lots.expiryDate, expiry)))
    .orderBy(asc(lots.id))
    .limit(1)
    .for('update');
  let lotId = existing?.id;
  if (lotId === undefined) {
    const [lot] = await tx.insert(lots).values({ inventoryId: inventory.id, lotNumber, expiryDate: expiry, unitCost: input.unitCost, receivedAt: ctx.occurredAt ?? new Date() }).returning({ id: lots.id });
    lotId = lot!.id;
  } else if (input.type !== 'adjust') {
    // Received again into the same lot (locked above): its cost becomes the weighted average of what it holds.
    await tx.update(lots).set({ unitCost: weightedCost(existing!.quantity, existing!.unitCost, input.quantity, input.unitCost) }).where(eq(lots.id, lotId));
  }
  const movementId = await writeMovement(tx, ctx, inventory, lotId, input.type ?? 'receive', toDecimal(input.quantity), input.unitCost);
  return { lotId, movementId };
}

export interface Taken {
  lotId: number;
  quantity: string;
  unitCost: string;
  movementId: number;
}

/**
 * Stock out, earliest-expiring lot first (FEFO; lots without expiry last, then oldest). FEFO never takes
 * a lot past its expiry date: a lot is usable up to and including its expiry day, judged on the later of
 * the practice's today and the movement's own day (a procedure's performed date), both in the practice's
 * time zone. Expired lots are only written off (`lotId`). A shortfall is a 409 naming the product and
 * how much is missing (and how much is there but expired), unless the practice allows negative stock,
 * in which case the rest is taken from the running lot, which may go below zero.
 * `lotId` takes from one lot only (write-off of an expired lot, a count correction).
 */
export async function take(tx: Tx, ctx: MovementContext, input: { productId: number; quantity: string; type: Extract<MovementType, 'consume' | 'transfer_out' | 'expire' | 'waste' | 'return' | 'adjust'>; lotId?: number; lotIds?: readonly number[] }): Promise<{ taken: Taken[]; cost: string }> {
  const inventory = await lockInventory(tx, ctx.practiceId, input.productId);
  const wanted = toDecimal(input.quantity);
  const locked = await tx
    .select({ id: lots.id, quantity: lots.quantity, unitCost: lots.unitCost, expiryDate: lots.expiryDate })
    .from(lots)
    .where(
      and(
        eq(lots.inventoryId, inventory.id),
        input.lotId !== undefined ? eq(lots.id, input.lotId) : input.lotIds !== undefined ? and(inArray(lots.id, [...input.lotIds, 0]), gt(lots.quantity, '0')) : gt(lots.quantity, '0'),
      ),
    )
    .orderBy(sql`${lots.expiryDate} asc nulls last`, asc(lots.receivedAt), asc(lots.id))
    .for('update');
  if (input.lotId !== undefined && locked.length === 0) throw new AppError('not_found');
  // Named lots (one, or a set: a return takes only what came in on its order line, FEFO among them) may be expired.
  const named = input.lotId !== undefined || input.lotIds !== undefined;
  const usableFrom = named ? null : await usableFromDay(tx, ctx);
  const expired = (lot: { expiryDate: string | null }) => isExpired(lot.expiryDate, usableFrom);
  const { parts, available, left } = allocate(locked.filter((lot) => !expired(lot)), wanted);
  // Stock goes back to a supplier only from what is on the shelf: a return never takes stock below zero.
  if (left.gt(0) && (input.type === 'return' || !(await allowsNegative(tx, ctx.practiceId)))) {
    const held = locked.filter(expired).reduce((sum, lot) => sum.plus(givable(lot.quantity)), toDecimal(0));
    const params = { product: inventory.productName, shortfall: Number(left.toFixed(4)), available: Number(available.toFixed(4)), expired: Number(held.toFixed(4)) };
    throw new AppError('conflict', held.gt(0) ? 'stock.shortfall_expired' : 'stock.shortfall', undefined, params);
  }
  const taken: Taken[] = [];
  let cost = toDecimal(0);
  for (const { lot, quantity } of parts) {
    const movementId = await writeMovement(tx, ctx, inventory, lot.id, input.type, toDecimal(quantity).times(-1), lot.unitCost);
    taken.push({ lotId: lot.id, quantity, unitCost: lot.unitCost, movementId });
    cost = cost.plus(toDecimal(quantity).times(lot.unitCost));
  }
  if (left.gt(0)) {
    // Allowed negative stock: the remainder goes against the running lot, at the product's unit cost.
    const [unit] = await tx.select({ cost: productUnitCost }).from(products).where(eq(products.id, input.productId));
    const unitCost = unit?.cost ?? '0';
    const [running] = await tx.select({ id: lots.id }).from(lots).where(and(eq(lots.inventoryId, inventory.id), isNull(lots.lotNumber), isNull(lots.expiryDate))).orderBy(asc(lots.id)).limit(1).for('update');
    const lotId = running?.id ?? (await tx.insert(lots).values({ inventoryId: inventory.id, unitCost }).returning({ id: lots.id }))[0]!.id;
    const movementId = await writeMovement(tx, ctx, inventory, lotId, input.type, left.times(-1), unitCost);
    taken.push({ lotId, quantity: left.toFixed(4), unitCost, movementId });
    cost = cost.plus(left.times(unitCost));
    // Demand not served from stock is a stock-out day (docs/product-rules.md).
    if (input.type === 'consume') await recordShortfall(tx, { practiceId: ctx.practiceId, inventoryId: inventory.id, productId: inventory.productId, occurredAt: ctx.occurredAt, short: left });
  }
  return { taken, cost: cost.toFixed(4) };
}

/** The first day a lot must still be good on to be taken by FEFO, in the practice's time zone. */
async function usableFromDay(tx: Tx, ctx: MovementContext): Promise<string> {
  const { timeZone } = await lockActivePractice(tx, ctx.practiceId);
  const today = dayIn(timeZone, new Date());
  return firstUsableDay(today, ctx.occurredAt ? dayIn(timeZone, ctx.occurredAt) : today);
}

/** Puts back exactly what earlier movements took (same lots, same cost): the compensation of an edit or a delete. */
export async function giveBack(tx: Tx, ctx: MovementContext, productId: number, taken: Array<{ lotId: number; quantity: string; unitCost: string }>, type: MovementType): Promise<void> {
  if (taken.length === 0) return;
  const inventory = await lockInventory(tx, ctx.practiceId, productId);
  for (const part of [...taken].sort((a, b) => a.lotId - b.lotId)) {
    await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, part.lotId)).for('update');
    await writeMovement(tx, ctx, inventory, part.lotId, type, toDecimal(part.quantity), part.unitCost);
  }
}
