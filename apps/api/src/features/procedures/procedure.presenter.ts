import Big from 'big.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inventories, lots, procedureItems, procedures, products, stockMovements, type Database } from '@enamel/db';
import { unitCost } from '../../core/catalog-sql.ts';
import { AppError } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import type { ExpiryState, ProcedureDetail } from '@enamel/contracts';
import { lotExpiryStateSql } from '../stock/index.ts';
import { procedureList } from './procedure.list.ts';

/** A procedure with its items, the lots each consumed (net of compensations), and the movements it caused; the items' on-hand when `showOnHand`. */
export async function presentProcedure(db: Database, id: number, showOnHand: boolean): Promise<ProcedureDetail> {
  const row = await runListRow(db, procedureList, eq(procedures.id, id));
  if (!row) throw new AppError('not_found');
  const [header] = await db.select({ notes: procedures.notes, practiceId: procedures.dentalPracticeId }).from(procedures).where(eq(procedures.id, id));
  const items = await db
    .select({
      id: procedureItems.id, product_id: procedureItems.productId, product_name: products.name, sku: products.sku, usage_unit: products.usageUnit, quantity: procedureItems.quantity,
      cost: procedureItems.cost, unit_cost: unitCost, on_hand: sql<string>`coalesce(${inventories.onHand}, 0)::text`,
    })
    .from(procedureItems)
    .innerJoin(products, eq(products.id, procedureItems.productId))
    .leftJoin(inventories, and(eq(inventories.productId, procedureItems.productId), eq(inventories.dentalPracticeId, header?.practiceId ?? 0)))
    .where(eq(procedureItems.procedureId, id))
    .orderBy(asc(products.name));
  const movements = await db
    .select({
      id: stockMovements.id, type: stockMovements.type, product_id: stockMovements.productId, product_name: products.name, lot_id: stockMovements.lotId, lot_number: lots.lotNumber,
      expiry_date: lots.expiryDate, expiry_state: lotExpiryStateSql(sql`${lots.expiryDate}`, sql`${stockMovements.dentalPracticeId}`), quantity: stockMovements.quantity, unit_cost: stockMovements.unitCost, reason: stockMovements.reason, item_id: stockMovements.procedureItemId,
      occurred_at: stockMovements.occurredAt, created_at: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(lots, eq(lots.id, stockMovements.lotId))
    .where(items.length ? inArray(stockMovements.procedureItemId, items.map((i) => i.id)) : eq(stockMovements.procedureId, id))
    .orderBy(asc(stockMovements.id));
  const lotsOf = (itemId: number) => {
    const net = new Map<number, { lot_id: number; lot_number: string | null; expiry_date: string | null; expiry_state: ExpiryState | null; quantity: Big; unit_cost: string }>();
    for (const m of movements.filter((x) => x.item_id === itemId && x.lot_id !== null)) {
      const entry = net.get(m.lot_id!) ?? { lot_id: m.lot_id!, lot_number: m.lot_number, expiry_date: m.expiry_date, expiry_state: m.expiry_state, quantity: new Big(0), unit_cost: m.unit_cost };
      entry.quantity = entry.quantity.minus(m.quantity);
      net.set(m.lot_id!, entry);
    }
    return [...net.values()].filter((l) => l.quantity.gt(0)).map((l) => ({ ...l, quantity: l.quantity.toFixed(4), unit_cost: decimalText(l.unit_cost) }));
  };
  return {
    ...row,
    consumable_cost: decimalText(row.consumable_cost),
    notes: header?.notes ?? null,
    items: items.map((i) => ({ ...i, quantity: decimalText(i.quantity), cost: decimalText(i.cost), unit_cost: decimalText(i.unit_cost), on_hand: showOnHand ? decimalText(i.on_hand) : null, lots: lotsOf(i.id) })),
    movements: movements.map((m) => ({
      id: m.id, type: m.type, product_id: m.product_id, product_name: m.product_name, lot_number: m.lot_number, quantity: decimalText(m.quantity),
      unit_cost: decimalText(m.unit_cost), reason: m.reason, occurred_at: isoDate(m.occurred_at), created_at: isoDate(m.created_at),
    })),
  };
}
