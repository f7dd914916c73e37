import { sql } from 'drizzle-orm';
import type { Database } from '@enamel/db';

export interface LedgerDifference {
  dental_practice_id: number;
  practice: string;
  product_id: number;
  product: string;
  /** `inventory` when on-hand differs from the sum of the product's movements, `lot` for one lot. */
  scope: 'inventory' | 'lot';
  lot_number: string | null;
  recorded: string;
  movements: string;
}

/**
 * For every practice and product: on hand must equal the sum of its movements, and every lot's
 * quantity the sum of the movements on that lot. Returns each difference (none when the ledger holds).
 */
export async function findLedgerDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await db
    .select({
      dental_practice_id: sql<number>`d.dental_practice_id::int`,
      practice: sql<string>`d.practice`,
      product_id: sql<number>`d.product_id::int`,
      product: sql<string>`d.product`,
      scope: sql<'inventory' | 'lot'>`d.scope`,
      lot_number: sql<string | null>`d.lot_number`,
      recorded: sql<string>`d.recorded::text`,
      movements: sql<string>`d.movements::text`,
    })
    .from(sql`(
      select i.dental_practice_id, dp.name as practice, i.product_id, p.name as product, 'inventory' as scope, null::varchar as lot_number,
             i.on_hand as recorded, coalesce(m.total, 0) as movements
        from inventories i
        join dental_practices dp on dp.id = i.dental_practice_id
        join products p on p.id = i.product_id
        left join (select inventory_id, sum(quantity) as total from stock_movements group by inventory_id) m on m.inventory_id = i.id
       where i.on_hand <> coalesce(m.total, 0)
      union all
      select i.dental_practice_id, dp.name, i.product_id, p.name, 'lot', l.lot_number, l.quantity, coalesce(m.total, 0)
        from lots l
        join inventories i on i.id = l.inventory_id
        join dental_practices dp on dp.id = i.dental_practice_id
        join products p on p.id = i.product_id
        left join (select lot_id, sum(quantity) as total from stock_movements group by lot_id) m on m.lot_id = l.id
       where l.quantity <> coalesce(m.total, 0)
    ) as d`)
    .orderBy(sql`d.practice`, sql`d.product`, sql`d.scope`);
  return rows;
}
