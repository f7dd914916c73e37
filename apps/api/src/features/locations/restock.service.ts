import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toDecimal, type Decimal, type restockBodySchema, type RestockList, type RestockResult } from '@enamel/contracts';
import { lots, products, rowsOf, type Database } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { decimalText } from '../../core/presenters.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { allocate, fefoOrder, isExpired, locationOf, lockInventories, mainStoreOf, moveLot, practiceTodaySql } from '../stock/index.ts';

/**
 * Par levels and restocking (docs/locations.md#par-levels-and-restocking): what to bring from the main store to bring
 * each location up to its par, and the command that brings it. The rule lives here; the screen and the par-level list
 * read it.
 */

/**
 * What a location holds of a product that can be used: its lots there with stock, not expired (a lot is good on its
 * expiry day, in the practice's time zone), in SQL.
 */
export const heldAtSql = (practiceId: SQL, locationId: SQL, productId: SQL): SQL<string> =>
  // Aliases of its own: a caller's `l` or `i` passed in would otherwise be shadowed by these.
  sql<string>`(select coalesce(sum(held_lot.quantity), 0) from lots held_lot join inventories held_inv on held_inv.id = held_lot.inventory_id
     where held_inv.dental_practice_id = ${practiceId} and held_inv.product_id = ${productId} and held_lot.location_id = ${locationId} and held_lot.quantity > 0
       and (held_lot.expiry_date is null or held_lot.expiry_date >= ${practiceTodaySql(practiceId)}))`;

const lineRow = sqlRow({
  location_id: sqlCol.int, location_name: sqlCol.text, location_kind: sqlCol.text, product_id: sqlCol.int, product_name: sqlCol.text, product_sku: sqlCol.text,
  usage_unit: sqlCol.text, par_quantity: sqlCol.decimal, on_hand: sqlCol.decimal, available: sqlCol.decimal,
});
const mainRow = sqlRow({ id: sqlCol.int, name: sqlCol.text });

/**
 * The restock list of a practice (or of one location): for every active location other than the main store, each
 * product with a par level there (an active product) whose usable stock there is below par — the par, what is there,
 * the shortfall, what the main store holds (usable), and what to bring: the shortfall, as far as the main store has it
 * left after the lines above (a product short at two operatories is not promised twice). In the locations' order, then
 * by product name.
 */
export async function restockList(db: Pick<Database, 'execute'>, practiceId: number, locationId?: number): Promise<RestockList> {
  const practice = sql`${practiceId}::bigint`;
  const [main] = await rowsOf(db, mainRow, sql`select id, name from storage_locations where dental_practice_id = ${practice} and is_main`);
  if (!main) throw new AppError('not_found');
  const rows = await rowsOf(
    db,
    lineRow,
    sql`select * from (
          select sl.id as location_id, sl.name as location_name, sl.kind as location_kind, sl.sort_order, p.id as product_id, p.name as product_name, p.sku as product_sku,
                 p.usage_unit, pl.par_quantity::text as par_quantity,
                 ${heldAtSql(practice, sql`sl.id`, sql`p.id`)}::text as on_hand,
                 ${heldAtSql(practice, sql`${main.id}::bigint`, sql`p.id`)}::text as available
          from location_par_levels pl
          join storage_locations sl on sl.id = pl.location_id
          join products p on p.id = pl.product_id
          where sl.dental_practice_id = ${practice} and sl.status = 'active' and not sl.is_main and p.status = 'active'
            ${locationId !== undefined ? sql`and sl.id = ${locationId}` : sql``}
        ) x
        where x.on_hand::numeric < x.par_quantity::numeric
        order by x.sort_order, x.location_name, x.location_id, x.product_name, x.product_id`,
  );
  const left = new Map<number, Decimal>();
  const lines = rows.map((row) => {
    const shortfall = toDecimal(row.par_quantity).minus(row.on_hand);
    const remaining = left.get(row.product_id) ?? toDecimal(row.available);
    const bring = atMost(shortfall, remaining);
    left.set(row.product_id, remaining.minus(bring));
    return {
      location_id: row.location_id, location_name: row.location_name, location_kind: row.location_kind as RestockList['lines'][number]['location_kind'],
      product_id: row.product_id, product_name: row.product_name, product_sku: row.product_sku, usage_unit: row.usage_unit,
      par_quantity: decimalText(row.par_quantity), on_hand: decimalText(row.on_hand), shortfall: shortfall.toFixed(4), available: decimalText(row.available), bring: bring.toFixed(4),
    };
  });
  return { main_store: main, lines };
}

const atMost = (a: Decimal, b: Decimal): Decimal => {
  const least = a.lt(b) ? a : b;
  return least.gt(0) ? least : toDecimal(0);
};

/**
 * Restocks a location from the main store: each line's quantity taken from the main store's usable lots, earliest
 * expiry first (FEFO), each part moved by the ledger's `moveLot` (a pair of `move` movements). One transaction; locks
 * in the ledger's order (the practice, the two locations, the inventories in product order, then the lots), and the
 * main store's lots are read after them. More than the main store holds (usable) is a 409 naming the product; nothing
 * is written then.
 */
export async function restockLocation(db: Database, actor: Actor, body: z.output<typeof restockBodySchema>): Promise<RestockResult> {
  return db.transaction(async (tx) => {
    const practice = await lockActivePractice(tx, body.dental_practice_id);
    const mainId = await mainStoreOf(tx, body.dental_practice_id);
    if (body.location_id === mainId) throw invalid('location_id', 'locations.restock_to_main');
    // The two locations share-locked in id order (a deactivation or a change of the main store waits).
    const [first, second] = [mainId, body.location_id].sort((a, b) => a - b) as [number, number];
    const locked = new Map([[first, await locationOf(tx, body.dental_practice_id, first, 'location_id')], [second, await locationOf(tx, body.dental_practice_id, second, 'location_id')]]);
    const to = locked.get(body.location_id)!;
    const seen = new Set<number>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.product_id)) throw invalid(`lines.${i}.product_id`, 'locations.restock_duplicate');
      seen.add(line.product_id);
    });
    const productIds = body.lines.map((line) => line.product_id);
    const known = await tx.select({ id: products.id, name: products.name, usageUnit: products.usageUnit }).from(products).where(inArray(products.id, productIds)).for('share');
    const productOf = new Map(known.map((p) => [p.id, p]));
    body.lines.forEach((line, i) => {
      if (!productOf.has(line.product_id)) throw invalid(`lines.${i}.product_id`, 'catalog.unknown_product');
    });
    const inventories = await lockInventories(tx, body.dental_practice_id, productIds);
    const inventoryIds = [...inventories.values()].map((inventory) => inventory.id);
    const mainLots = await tx
      .select({
        id: lots.id, inventoryId: lots.inventoryId, quantity: lots.quantity, expiryDate: lots.expiryDate, lotNumber: lots.lotNumber,
        receivedAt: sql<string>`to_char(${lots.receivedAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
      })
      .from(lots)
      .where(and(inArray(lots.inventoryId, inventoryIds), eq(lots.locationId, mainId), gt(lots.quantity, '0')))
      .orderBy(asc(lots.id))
      .for('update');
    const today = dayIn(practice.timeZone);
    const ctx = { practiceId: body.dental_practice_id, userId: actor.userId, reason: body.reason };
    const moved: RestockResult['moved'] = [];
    // Decide every line before writing any: the first shortfall is the 409.
    const plans = [...body.lines]
      .sort((a, b) => a.product_id - b.product_id)
      .map((line) => {
        const inventory = inventories.get(line.product_id)!;
        const usable = mainLots.filter((lot) => lot.inventoryId === inventory.id && !isExpired(lot.expiryDate, today)).sort(fefoOrder);
        const { parts, available, left } = allocate(usable, line.quantity);
        if (left.gt(0)) {
          throw new AppError('conflict', 'locations.restock_exceeds_main', undefined, { product: inventory.productName, available: Number(available.toFixed(4)), quantity: Number(toDecimal(line.quantity).toFixed(4)) });
        }
        return { line, inventory, parts };
      });
    for (const { line, inventory, parts } of plans) {
      for (const part of parts) await moveLot(tx, ctx, { productId: line.product_id, lotId: part.lot.id, fromLocationId: mainId, toLocationId: to.id, quantity: part.quantity });
      const product = productOf.get(line.product_id)!;
      const lotsMoved = parts.map((part) => ({ lot_number: part.lot.lotNumber, expiry_date: part.lot.expiryDate, quantity: decimalText(part.quantity) }));
      moved.push({ product_id: line.product_id, product_name: product.name, usage_unit: product.usageUnit, quantity: decimalText(line.quantity), lots: lotsMoved });
      await recordActivity(tx, actor, {
        action: 'move', subject: 'Inventory', subjectId: inventory.id, practiceId: body.dental_practice_id,
        after: { product_id: line.product_id, quantity: decimalText(line.quantity), from_location_id: mainId, to_location_id: to.id, reason: body.reason, lots: parts.map((part) => ({ lot_id: part.lot.id, quantity: part.quantity })) },
      });
    }
    return { location_id: to.id, location_name: to.name, moved };
  });
}
