import { and, asc, eq, sql } from 'drizzle-orm';
import { locationParLevels, rowsOf, storageLocations } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';
import { heldAtSql } from './restock.service.ts';

const PER_LOCATION = 5;
const heldRow = sqlRow({ product_id: sqlCol.int, location_id: sqlCol.int, held: sqlCol.decimal });

/**
 * Demo par levels: a handful of the products the main store holds at each operatory of a demo practice. The first
 * three of each stand above what the operatory holds (the demo restock list is not empty); the others at what it holds
 * when it holds some (at par). Made once per location and product: seeding again keeps them.
 */
export async function seedDemoParLevels(tx: Tx, practiceId: number): Promise<number> {
  const [main] = await tx.select({ id: storageLocations.id }).from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true)));
  const operatories = (await tx.select({ id: storageLocations.id }).from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.kind, 'operatory'), eq(storageLocations.isMain, false), eq(storageLocations.status, 'active'))).orderBy(asc(storageLocations.sortOrder), asc(storageLocations.id)));
  if (!main || operatories.length === 0) return 0;
  const practice = sql`${practiceId}::bigint`;
  const held = await rowsOf(
    tx,
    heldRow,
    sql`select i.product_id, s.id as location_id, ${heldAtSql(practice, sql`s.id`, sql`i.product_id`)}::text as held
        from inventories i cross join storage_locations s
        where i.dental_practice_id = ${practice} and s.dental_practice_id = ${practice} and i.status = 'active'
        order by i.product_id`,
  );
  const at = (productId: number, locationId: number) => Number(held.find((h) => h.product_id === productId && h.location_id === locationId)?.held ?? 0);
  const candidates = [...new Set(held.filter((h) => h.location_id === main.id && Number(h.held) > 0).map((h) => h.product_id))];
  if (candidates.length === 0) return 0;
  const values = operatories.flatMap((room, r) =>
    Array.from({ length: Math.min(PER_LOCATION, candidates.length) }, (_, k) => {
      const productId = candidates[(r * PER_LOCATION + k) % candidates.length]!;
      const here = at(productId, room.id);
      const par = k < 3 ? Math.floor(here) + 4 + 2 * k : Math.max(Math.ceil(here), 2);
      return { locationId: room.id, productId, parQuantity: String(par) };
    }),
  );
  const unique = [...new Map(values.map((v) => [`${v.locationId}:${v.productId}`, v])).values()];
  const made = await tx.insert(locationParLevels).values(unique).onConflictDoNothing().returning({ id: locationParLevels.id });
  return made.length;
}
