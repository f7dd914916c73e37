import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { STOCK_TAKE_KINDS, STOCK_TAKE_STATUSES } from '../stock-takes.ts';
import { idField, practiceFields } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

/** GET /api/admin/list/stock-takes: the stock takes of the reader's practices, open and past (the history). */
export const stockTakeListContract = listContract({
  path: LIST_PATHS.stockTake,
  fields: {
    id: idField,
    ...practiceFields,
    kind: col.enum(STOCK_TAKE_KINDS, { sort: true, filter: true }),
    category_name: col.nullable(col.text({ sort: true, filter: true, search: true })),
    location_name: col.nullable(col.text({ sort: true, filter: true, search: true })),
    status: col.enum(STOCK_TAKE_STATUSES, { sort: true, filter: true }),
    blind: col.bool({ filter: true }),
    lines_count: col.int({ sort: true, filter: true }),
    counted_count: col.int({ sort: true, filter: true }),
    started_by_name: col.nullable(col.text({ sort: true, filter: true, search: true })),
    started_at: col.date({ sort: true, filter: true }),
    approved_at: col.nullable(col.date({ sort: true, filter: true })),
    /** Σ variance × unit cost of an approved take (null before). */
    variance_value: col.nullable(col.decimal({ sort: true, filter: true })),
  },
  defaultSort: { field: 'started_at', direction: 'desc' },
});
