import { and, asc, eq, sql } from 'drizzle-orm';
import { locationParLevels, rowsOf, storageLocations } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';
import { heldAtSql } from './restock.service.ts';

const BELOW_PAR = 3;
const AT_PAR = 2;
const heldRow = sqlRow({ product_id: sqlCol.int, location_id: sqlCol.int, held: sqlCol.decimal, pack: sqlCol.int });

/**
 * Demo par levels at each operatory of a demo practice, for five products the main store holds and the room holds
 * least of (in packs: a box of gloves, a pack of carpules). The first three stand a pack above what the room holds
 * (the demo restock list is not empty, and brings a pack, not a store room); the other two at par when the room holds
 * some (else a pack too). Made once per location and product: seeding again keeps them.
 */
export async function seedDemoParLevels(tx: Tx, practiceId: number): Promise<number> {
  const [main] = await tx.select({ id: storageLocations.id }).from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true)));
  const operatories = (await tx.select({ id: storageLocations.id }).from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.kind, 'operatory'), eq(storageLocations.isMain, false), eq(storageLocations.status, 'active'))).orderBy(asc(storageLocations.sortOrder), asc(storageLocations.id)));
  if (!main || operatories.length === 0) return 0;
  const practice = sql`${practiceId}::bigint`;
  const held = await rowsOf(
    tx,
    heldRow,
    sql`select inv.product_id, s.id as location_id, ${heldAtSql(practice, sql`s.id`, sql`inv.product_id`)}::text as held, p.units_per_purchase_unit as pack
        from inventories inv join products p on p.id = inv.product_id cross join storage_locations s
        where inv.dental_practice_id = ${practice} and s.dental_practice_id = ${practice} and inv.status = 'active' and p.status = 'active'
        order by inv.product_id`,
  );
  const at = (productId: number, locationId: number) => Number(held.find((h) => h.product_id === productId && h.location_id === locationId)?.held ?? 0);
  const packOf = new Map(held.map((h) => [h.product_id, h.pack]));
  const inStore = [...new Set(held.filter((h) => h.location_id === main.id && Number(h.held) > 0).map((h) => h.product_id))];
  const values = operatories.flatMap((room, r) => {
    // What the room holds least of, in packs (none at all first): the products a real operatory runs short of.
    const thin = inStore
      .map((productId) => ({ productId, here: at(productId, room.id), pack: packOf.get(productId)! }))
      .sort((x, y) => x.here / x.pack - y.here / y.pack || x.productId - y.productId);
    // Each operatory its own products: the second starts further down the list.
    const chosen = thin.slice(r * (BELOW_PAR + AT_PAR)).concat(thin.slice(0, r * (BELOW_PAR + AT_PAR))).slice(0, BELOW_PAR + AT_PAR);
    return chosen.map(({ productId, here, pack }, k) => ({
      locationId: room.id,
      productId,
      // Below par: what is there and a pack more (a pack to bring); at par: a pack, or what is there when that is less.
      parQuantity: String(k < BELOW_PAR || here < 1 ? Math.floor(here) + pack : Math.min(pack, Math.floor(here))),
    }));
  });
  const unique = [...new Map(values.map((v) => [`${v.locationId}:${v.productId}`, v])).values()];
  const made = await tx.insert(locationParLevels).values(unique).onConflictDoNothing().returning({ id: locationParLevels.id });
  return made.length;
}
