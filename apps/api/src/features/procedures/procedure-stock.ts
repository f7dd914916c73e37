import Big from 'big.js';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { lots, stockMovements } from '@enamel/db';
import type { Write } from '../../core/sql-writes.ts';
import { idArray, numericArray } from '../../core/sql-rows.ts';
import { giveBackMany, lockInventories, takeMany, type MovementContext, type TakeInput, type Tx } from '../stock/index.ts';

/**
 * What a procedure's items have consumed, and putting it back. An item's consumption is the sum of the
 * ledger movements that name it, per lot and cost; edits consume the difference or give it back
 * (latest-expiring lots first, the reverse of FEFO), so the ledger always explains the stock.
 * Every function takes all the items of a command at once: the ledger batches them (one statement per
 * table), so a procedure of ten items costs the round trips of one.
 */
interface Part {
  lotId: number;
  unitCost: string;
  quantity: string;
}

export interface StockItem {
  id: number;
  productId: number;
}

/** What each item holds now, per lot and cost, latest-expiring first (one query for all the items). */
export async function netTaken(tx: Tx, itemIds: readonly number[]): Promise<Map<number, Part[]>> {
  const held = new Map<number, Part[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return held;
  const rows = await tx
    .select({ itemId: stockMovements.procedureItemId, lotId: stockMovements.lotId, unitCost: stockMovements.unitCost, net: sql<string>`(-sum(${stockMovements.quantity}))::text`, expiry: lots.expiryDate })
    .from(stockMovements)
    .leftJoin(lots, eq(lots.id, stockMovements.lotId))
    .where(inArray(stockMovements.procedureItemId, [...itemIds]))
    .groupBy(stockMovements.procedureItemId, stockMovements.lotId, stockMovements.unitCost, lots.expiryDate)
    .orderBy(sql`${lots.expiryDate} desc nulls first`, sql`${stockMovements.lotId} desc`);
  for (const r of rows) {
    if (r.lotId !== null && new Big(r.net).gt(0)) held.get(r.itemId!)!.push({ lotId: r.lotId, unitCost: r.unitCost, quantity: new Big(r.net).toFixed(4) });
  }
  return held;
}

const costOf = (parts: readonly Part[]) => parts.reduce((sum, p) => sum.plus(new Big(p.quantity).times(p.unitCost)), new Big(0)).toFixed(4);

/** The update that sets the items' costs (one statement for all). */
function itemCostsUpdate(costs: ReadonlyArray<[number, string]>): SQL {
  // Two array parameters: the same text for any number of items (it travels in the ledger's named statement), and a
  // row count the planner knows (an index lookup per item, not a scan of every item ever recorded: `idArray`).
  return sql`update procedure_items set cost = v.cost from unnest(${idArray(costs.map(([id]) => id))}, ${numericArray(costs.map(([, cost]) => cost))}) as v(id, cost) where procedure_items.id = v.id`;
}

/** Sets the items' costs in one statement. */
async function setItemCosts(tx: Tx, costs: ReadonlyArray<[number, string]>): Promise<void> {
  if (costs.length > 0) await tx.execute(itemCostsUpdate(costs));
}

/** Cost of what each item holds now: Σ net quantity × the cost it was taken at. */
async function refreshItemCosts(tx: Tx, itemIds: readonly number[]): Promise<void> {
  const held = await netTaken(tx, itemIds);
  await setItemCosts(tx, [...held].map(([id, parts]) => [id, costOf(parts)]));
}

/**
 * Consumes each item's quantity (FEFO) and prices the items (items of several procedures: each names its own `context`). `fresh` items hold nothing yet (just inserted), so
 * their cost is what this consumption cost, with no read of the ledger: it is written in the movements' own statement,
 * with the caller's `also` (its activity log entry, its webhook event). Answers whether anything was consumed (when not, `also` was not
 * written).
 */
export async function consumeItems(tx: Tx, ctx: MovementContext, items: ReadonlyArray<StockItem & { quantity: string; context?: TakeInput['context'] }>, fresh = false, also: readonly Write[] = []): Promise<boolean> {
  const wanted = items.filter((item) => new Big(item.quantity).gt(0));
  if (wanted.length === 0) return false;
  const inputs = wanted.map((item): TakeInput => ({ productId: item.productId, quantity: item.quantity, type: 'consume', procedureItemId: item.id, ...(item.context ? { context: item.context } : {}) }));
  if (fresh) {
    await takeMany(tx, ctx, inputs, (decided) => [itemCostsUpdate(wanted.map((item, i) => [item.id, decided[i]!.cost])), ...also]);
    return true;
  }
  await takeMany(tx, ctx, inputs, () => [...also]);
  await refreshItemCosts(tx, wanted.map((item) => item.id));
  return true;
}

/** Gives back `quantity` of what each item consumed (all of it when undefined); `reprice` false when the items are about to go. */
export async function returnItems(tx: Tx, ctx: MovementContext, items: ReadonlyArray<StockItem & { quantity?: string }>, reprice = true): Promise<void> {
  if (items.length === 0) return;
  const held = await netTaken(tx, items.map((item) => item.id));
  const back = items.map((item) => {
    let left = item.quantity === undefined ? undefined : new Big(item.quantity);
    const parts: Part[] = [];
    for (const part of held.get(item.id)!) {
      if (left !== undefined && left.lte(0)) break;
      const here = new Big(part.quantity);
      const given = left === undefined || left.gte(here) ? here : left;
      parts.push({ ...part, quantity: given.toFixed(4) });
      if (left !== undefined) left = left.minus(given);
    }
    return { productId: item.productId, procedureItemId: item.id, taken: parts };
  });
  await giveBackMany(tx, ctx, back, 'consume');
  if (reprice) await setItemCosts(tx, items.map((item, i) => [item.id, costOf(subtract(held.get(item.id)!, back[i]!.taken))]));
}

/** What an item holds after giving `given` back (same lots and costs). */
function subtract(held: readonly Part[], given: readonly Part[]): Part[] {
  return held.map((part) => {
    const back = given.find((g) => g.lotId === part.lotId && g.unitCost === part.unitCost);
    return back ? { ...part, quantity: new Big(part.quantity).minus(back.quantity).toFixed(4) } : part;
  });
}

/**
 * Brings each item's consumption from `from` to `to` (both in usage units): the differences consumed or given
 * back, all the items' inventories locked first in product order (so gives and takes keep the lock order).
 */
export async function settleItems(tx: Tx, ctx: MovementContext, items: ReadonlyArray<StockItem & { from: string; to: string }>): Promise<void> {
  const changing = items.filter((item) => !new Big(item.to).eq(item.from));
  if (changing.length === 0) return;
  await lockInventories(tx, ctx.practiceId, changing.map((item) => item.productId));
  const delta = (item: { from: string; to: string }) => new Big(item.to).minus(item.from);
  await returnItems(tx, ctx, changing.filter((item) => delta(item).lt(0)).map((item) => ({ ...item, quantity: delta(item).abs().toFixed(4) })));
  await consumeItems(tx, ctx, changing.filter((item) => delta(item).gt(0)).map((item) => ({ ...item, quantity: delta(item).toFixed(4) })));
}
