import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';

/** Purchase orders whose lines count as on order: not yet sent (still netted, so a need is never drafted twice) … */
export const ON_ORDER_DRAFT_STATUSES = ['draft', 'awaiting_approval', 'approved'] as const;
/** … and sent to the supplier but not (fully) received. */
export const ON_ORDER_SENT_STATUSES = ['sent', 'partially_received'] as const;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Per product of a practice, the usage units ordered and not received: Σ (quantity − received quantity) ×
 * units per purchase unit over the lines of its open purchase orders, split into `in_draft` (draft, awaiting
 * approval, approved) and `sent` (sent, partially received). A SELECT of (product_id, in_draft, sent) to join.
 */
export function onOrderByProductSql(practiceId: number | SQL): SQL {
  return sql`select l.product_id,
                    coalesce(sum(greatest(l.quantity - l.received_quantity, 0) * l.units_per_purchase_unit) filter (where o.status in (${list(ON_ORDER_DRAFT_STATUSES)})), 0) as in_draft,
                    coalesce(sum(greatest(l.quantity - l.received_quantity, 0) * l.units_per_purchase_unit) filter (where o.status in (${list(ON_ORDER_SENT_STATUSES)})), 0) as sent
             from purchase_order_lines l join purchase_orders o on o.id = l.purchase_order_id
             where o.dental_practice_id = ${practiceId} and o.status in (${list([...ON_ORDER_DRAFT_STATUSES, ...ON_ORDER_SENT_STATUSES])})
             group by l.product_id`;
}

const onOrderRow = sqlRow({ product_id: sqlCol.int, in_draft: sqlCol.number, sent: sqlCol.number });

/** On order per product of a practice (usage units, numbers for the replenishment arithmetic). */
export async function onOrderByProduct(db: Pick<Database, 'execute'>, practiceId: number): Promise<Map<number, { inDraft: number; sent: number }>> {
  const found = await rowsOf(db, onOrderRow, onOrderByProductSql(practiceId));
  return new Map(found.map((r) => [r.product_id, { inDraft: r.in_draft, sent: r.sent }]));
}
