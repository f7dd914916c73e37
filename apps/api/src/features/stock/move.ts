import { and, eq } from 'drizzle-orm';
import { toDecimal } from '@enamel/contracts';
import { lots } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { lockInventory, receive, take, type MovementContext, type Tx } from './ledger.ts';
import { locationOf } from './locations.ts';

export interface MoveInput {
  productId: number;
  lotId: number;
  fromLocationId: number;
  toLocationId: number;
  quantity: string;
}

/**
 * Stock from one location of a practice to another: a pair of `move` movements, −quantity on the lot at the source
 * and +quantity on the lot with the same number and expiry at the destination (made there when missing), both at the
 * source lot's unit cost, so the pair nets to zero quantity and value for the practice (on hand, the rollups) and
 * counts as neither consumption nor receipt. Locks: practice, the two locations (share), the inventory, then the
 * lots. A destination lot that already holds stock takes the weighted average cost, as a receipt into it would.
 * Rules (a 4xx naming the field or the rule, nothing written): the same location twice, a location of another
 * practice or deactivated (the source may be deactivated, to empty it), a lot not of this product or not at the
 * source, more than the lot holds (409 locations.move_exceeds_lot).
 */
export async function moveLot(tx: Tx, ctx: MovementContext, input: MoveInput): Promise<{ fromLotId: number; toLotId: number; inventoryId: number }> {
  if (input.fromLocationId === input.toLocationId) throw invalid('to_location_id', 'locations.same_location');
  await lockActivePractice(tx, ctx.practiceId);
  const from = await locationOf(tx, ctx.practiceId, input.fromLocationId, 'from_location_id', { activeOnly: false });
  const to = await locationOf(tx, ctx.practiceId, input.toLocationId, 'to_location_id');
  const inventory = await lockInventory(tx, ctx.practiceId, input.productId);
  const [lot] = await tx.select().from(lots).where(and(eq(lots.id, input.lotId), eq(lots.inventoryId, inventory.id))).for('update');
  if (!lot) throw invalid('lot_id', 'stock.unknown_lot');
  if (lot.locationId !== from.id) throw invalid('lot_id', 'locations.lot_elsewhere', { location: from.name });
  const quantity = toDecimal(input.quantity);
  if (quantity.gt(lot.quantity)) {
    throw new AppError('conflict', 'locations.move_exceeds_lot', undefined, { product: inventory.productName, location: from.name, available: Number(toDecimal(lot.quantity).toFixed(4)), quantity: Number(quantity.toFixed(4)) });
  }
  await take(tx, ctx, { productId: input.productId, quantity: quantity.toFixed(4), type: 'move', lotId: lot.id });
  const { lotId: toLotId } = await receive(tx, ctx, {
    productId: input.productId, quantity: quantity.toFixed(4), unitCost: lot.unitCost, lotNumber: lot.lotNumber, expiryDate: lot.expiryDate, type: 'move', locationId: to.id,
  });
  return { fromLotId: lot.id, toLotId, inventoryId: inventory.id };
}
