import { sql } from 'drizzle-orm';
import { STOCK_TAKE_ACCURACY_TOLERANCE } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { dec } from '../stock/index.ts';
import { allAtOnce, columnsRow, periodBounds, productFilter, type ReportColumn, type ReportDefinition } from './report-definition.ts';

/** The `location` cell of a whole-practice take (all products, a category, a cycle count): translated, not a location. */
export const WHOLE_PRACTICE = 'whole_practice';

const columns: ReportColumn[] = [
  { field: 'location', type: 'text', translate: 'stockTakeScopes' },
  { field: 'category', type: 'text' },
  { field: 'takes', type: 'number' },
  { field: 'lines', type: 'number', total: true },
  { field: 'accurate_lines', type: 'number', total: true },
  { field: 'accuracy', type: 'percent' },
  { field: 'variance_value', type: 'money', total: true },
  { field: 'absolute_variance_value', type: 'money', total: true },
];
const accuracyRow = columnsRow(columns);

/**
 * The history of the practice's approved stock takes (approved in the period), per location and category
 * (docs/stock-takes.md#report-and-history): how many takes, the lines counted, the share within tolerance (the take
 * report's rule: |variance| ≤ 2 % of what the ledger expected, 0 when it expected 0) and the net and absolute value of
 * the variances. A location's take is its location's; the other kinds counted the whole practice, which is one group.
 */
export const stockTakeAccuracy: ReportDefinition = {
  id: 'stock-take-accuracy',
  columns,
  chart: { label: 'category', value: 'absolute_variance_value' },
  read: allAtOnce((ctx) => {
    const { start, end } = periodBounds(ctx);
    const accurate = sql`abs(l.variance) <= ${STOCK_TAKE_ACCURACY_TOLERANCE}::numeric * abs(l.expected_quantity + coalesce(l.movements_since, 0))`;
    return rowsOf(
      ctx.db,
      accuracyRow,
      sql`select coalesce(sl.name, ${WHOLE_PRACTICE}) as location, c.name as category, count(distinct t.id)::int as takes, count(*)::int as lines,
                 count(*) filter (where ${accurate})::int as accurate_lines, ${dec(sql`count(*) filter (where ${accurate})::numeric / count(*)`)} as accuracy,
                 ${dec(sql`sum(l.variance * l.unit_cost)`)} as variance_value, ${dec(sql`sum(abs(l.variance * l.unit_cost))`)} as absolute_variance_value
          from stock_takes t join stock_take_lines l on l.stock_take_id = t.id join products p on p.id = l.product_id
          left join categories c on c.id = p.category_id left join storage_locations sl on sl.id = t.location_id
          where t.dental_practice_id = ${ctx.practiceId} and t.status = 'approved' and l.variance is not null
            and t.approved_at >= ${start} and t.approved_at < ${end} ${productFilter(ctx)}
          group by sl.id, sl.name, c.id, c.name
          order by sl.name nulls first, sum(abs(l.variance * l.unit_cost)) desc, c.name nulls last`,
    );
  }),
};
