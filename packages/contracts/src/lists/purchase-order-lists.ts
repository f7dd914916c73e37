import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { PURCHASE_ORDER_STATUSES } from '../purchase-orders.ts';
import { createdAtField, idField, practiceFields } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

const text = col.text({ sort: true, filter: true, search: true });

/** GET /api/admin/list/purchase-orders: the purchase orders of the reader's practices (money in each PO's own currency). */
export const purchaseOrderListContract = listContract({
  path: LIST_PATHS.purchaseOrder,
  fields: {
    id: idField,
    number: text,
    ...practiceFields,
    supplier_id: col.int({ filter: true }),
    supplier_name: text,
    status: col.enum(PURCHASE_ORDER_STATUSES, { sort: true, filter: true }),
    currency: col.text({ sort: true, filter: true }),
    total: col.decimal({ sort: true, filter: true }),
    lines_count: col.int({ sort: true, filter: true }),
    created_at: createdAtField,
    sent_at: col.nullable(col.date({ sort: true, filter: true })),
    expected_at: col.nullable(col.date({ sort: true, filter: true })),
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});
