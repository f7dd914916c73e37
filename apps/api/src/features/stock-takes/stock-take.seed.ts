import { asc, eq, sql } from 'drizzle-orm';
import { toDecimal } from '@enamel/contracts';
import { rowsOf, stockTakeLines, stockTakes, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Actor } from '../../core/activity-log.ts';
import type { Tx } from '../../core/transaction.ts';
import { approveTake, recordCount, startTake } from './stock-take.service.ts';

const tallyRow = sqlRow({ movements: sqlCol.int, lots: sqlCol.int });

/**
 * The demo's stock takes of a practice that has none: a finished cycle count (every product counted, a few off by one,
 * approved) and an open one, half counted. Started and counted by the demo itself (no user), so any reviewer may
 * approve the open one. Answers the movements and lots it added (the seeder's summary counts them). Runs inside the seeder's transaction (the services' transactions become savepoints).
 */
export async function seedDemoStockTakes(tx: Tx, actor: Actor, practiceId: number): Promise<{ movements: number; lots: number }> {
  const [existing] = await tx.select({ id: stockTakes.id }).from(stockTakes).where(eq(stockTakes.dentalPracticeId, practiceId)).limit(1);
  if (existing) return { movements: 0, lots: 0 };
  const tally = async () => {
    const [row] = await rowsOf(tx, tallyRow, sql`select (select count(*) from stock_movements where dental_practice_id = ${practiceId}) as movements,
      (select count(*) from lots l join inventories i on i.id = l.inventory_id where i.dental_practice_id = ${practiceId}) as lots`);
    return row!;
  };
  const before = await tally();
  const db = tx as unknown as Database;
  const demo: Actor = { ...actor, userId: null };
  const countAll = async (id: number, share: number) => {
    const lines = await tx.select().from(stockTakeLines).where(eq(stockTakeLines.stockTakeId, id)).orderBy(asc(stockTakeLines.id));
    for (const [i, line] of lines.slice(0, Math.ceil(lines.length * share)).entries()) {
      const expected = toDecimal(line.expectedQuantity).round(0, 0);
      const off = i % 5 === 0 && expected.gt(0) ? -1 : i % 7 === 0 ? 1 : 0;
      await recordCount(db, demo, id, { product_id: line.productId, quantity: expected.plus(off).toFixed(0) });
    }
  };
  const finished = await startTake(db, demo, { dental_practice_id: practiceId, kind: 'cycle', category_id: null, cycle_size: 20, blind: true });
  await countAll(finished, 1);
  await approveTake(db, demo, finished);
  // Dated a month back, as if it was last month's count.
  await tx.execute(sql`update stock_takes set started_at = started_at - interval '30 days', approved_at = approved_at - interval '30 days' where id = ${finished}`);
  const open = await startTake(db, demo, { dental_practice_id: practiceId, kind: 'cycle', category_id: null, cycle_size: 12, blind: true });
  await countAll(open, 0.5);
  const after = await tally();
  return { movements: after.movements - before.movements, lots: after.lots - before.lots };
}
