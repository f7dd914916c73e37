import { eq, sql } from 'drizzle-orm';
import { rowsOf, stockTakeCounts, stockTakeLines, stockTakes, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Actor } from '../../core/activity-log.ts';
import type { Tx } from '../../core/transaction.ts';
import { approveTake, startTake } from './stock-take.service.ts';

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
  // What the demo's counters found, in one statement: the expected quantity (whole units), one short on every fifth
  // line, one over on every seventh, on the first `share` of the lines.
  const countAll = async (id: number, share: number) => {
    await tx.execute(sql`insert into ${stockTakeCounts} (stock_take_line_id, quantity)
      select id, greatest(floor(expected_quantity) + case when n % 5 = 0 and floor(expected_quantity) > 0 then -1 when n % 7 = 0 then 1 else 0 end, 0)
        from (select id, expected_quantity, row_number() over (order by id) - 1 as n, count(*) over () as total from ${stockTakeLines} where stock_take_id = ${id}) l
       where n < ceil(total * ${share}::numeric)`);
  };
  const finished = await startTake(db, demo, { dental_practice_id: practiceId, kind: 'cycle', category_id: null, location_id: null, cycle_size: 20, blind: true });
  await countAll(finished, 1);
  await approveTake(db, demo, finished);
  // Dated a month back, as if it was last month's count.
  await tx.execute(sql`update stock_takes set started_at = started_at - interval '30 days', approved_at = approved_at - interval '30 days' where id = ${finished}`);
  const open = await startTake(db, demo, { dental_practice_id: practiceId, kind: 'cycle', category_id: null, location_id: null, cycle_size: 12, blind: true });
  await countAll(open, 0.5);
  const after = await tally();
  return { movements: after.movements - before.movements, lots: after.lots - before.lots };
}
