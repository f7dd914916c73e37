import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { lots, procedureItems, stockMovements } from '@enamel/db';
import { giveBack, take, type MovementContext, type Tx } from '../stock/index.ts';

/**
 * What a procedure item has consumed, and putting it back. An item's consumption is the sum of the
 * ledger movements that name it, per lot and cost; edits consume the difference or give it back
 * (latest-expiring lots first, the reverse of FEFO), so the ledger always explains the stock.
 */
interface Part {
  lotId: number;
  unitCost: string;
  quantity: string;
}

export async function netTaken(tx: Tx, itemId: number): Promise<Part[]> {
  const rows = await tx
    .select({ lotId: stockMovements.lotId, unitCost: stockMovements.unitCost, net: sql<string>`(-sum(${stockMovements.quantity}))::text`, expiry: lots.expiryDate })
    .from(stockMovements)
    .leftJoin(lots, eq(lots.id, stockMovements.lotId))
    .where(eq(stockMovements.procedureItemId, itemId))
    .groupBy(stockMovements.lotId, stockMovements.unitCost, lots.expiryDate)
    .orderBy(sql`${lots.expiryDate} desc nulls first`, sql`${stockMovements.lotId} desc`);
  return rows.filter((r) => r.lotId !== null && new Big(r.net).gt(0)).map((r) => ({ lotId: r.lotId!, unitCost: r.unitCost, quantity: new Big(r.net).toFixed(4) }));
}

/** Cost of what the item holds now: Σ net quantity × the cost it was taken at. */
async function refreshItemCost(tx: Tx, itemId: number): Promise<void> {
  const parts = await netTaken(tx, itemId);
  const cost = parts.reduce((sum, p) => sum.plus(new Big(p.quantity).times(p.unitCost)), new Big(0));
  await tx.update(procedureItems).set({ cost: cost.toFixed(4) }).where(eq(procedureItems.id, itemId));
}

export async function consumeItem(tx: Tx, ctx: MovementContext, item: { id: number; productId: number }, quantity: string): Promise<void> {
  if (new Big(quantity).lte(0)) return;
  await take(tx, { ...ctx, procedureItemId: item.id }, { productId: item.productId, quantity, type: 'consume' });
  await refreshItemCost(tx, item.id);
}

/** Gives back `quantity` of what the item consumed (all of it when undefined). */
export async function returnItem(tx: Tx, ctx: MovementContext, item: { id: number; productId: number }, quantity?: string): Promise<void> {
  let left = quantity === undefined ? undefined : new Big(quantity);
  const parts: Part[] = [];
  for (const part of await netTaken(tx, item.id)) {
    if (left !== undefined && left.lte(0)) break;
    const here = new Big(part.quantity);
    const back = left === undefined || left.gte(here) ? here : left;
    parts.push({ ...part, quantity: back.toFixed(4) });
    if (left !== undefined) left = left.minus(back);
  }
  await giveBack(tx, { ...ctx, procedureItemId: item.id }, item.productId, parts, 'consume');
  await refreshItemCost(tx, item.id);
}

/** Brings an item's consumption from `from` to `to` (both in usage units). */
export async function settleItem(tx: Tx, ctx: MovementContext, item: { id: number; productId: number }, from: string, to: string): Promise<void> {
  const delta = new Big(to).minus(from);
  if (delta.gt(0)) await consumeItem(tx, ctx, item, delta.toFixed(4));
  else if (delta.lt(0)) await returnItem(tx, ctx, item, delta.abs().toFixed(4));
}
