import { eq, sql } from 'drizzle-orm';
import { purchaseOrderListContract, type ListRow } from '@enamel/contracts';
import { dentalPractices, purchaseOrders, suppliers } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type PurchaseOrderRow = ListRow<typeof purchaseOrderListContract>;

const id = sql.raw('"purchase_orders"."id"');

/** Purchase orders of the reader's practices (the route's scope names them). */
export const purchaseOrderList = bindList(purchaseOrderListContract, {
  table: purchaseOrders,
  columns: {
    dental_practice_name: dentalPractices.name,
    supplier_name: suppliers.name,
    lines_count: sql<number>`(select count(*)::int from purchase_order_lines l where l.purchase_order_id = ${id})`,
  },
  joins: [
    { inner: dentalPractices, on: eq(dentalPractices.id, purchaseOrders.dentalPracticeId) },
    { inner: suppliers, on: eq(suppliers.id, purchaseOrders.supplierId) },
  ],
  tiebreaker: purchaseOrders.id,
});
