import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { dec } from '../stock/index.ts';
import { allAtOnce, columnsRow, productFilter, type ReportColumn, type ReportDefinition } from './report-definition.ts';

const columns: ReportColumn[] = [
  { field: 'month', type: 'text' },
  { field: 'product', type: 'text' },
  { field: 'sku', type: 'text' },
  { field: 'category', type: 'text' },
  { field: 'brand', type: 'text' },
  { field: 'days_out', type: 'number', total: true },
  { field: 'shortfall_days', type: 'number', total: true },
  { field: 'short_quantity', type: 'number' },
  { field: 'unit', type: 'text', translate: 'units' },
];
const stockOutRow = columnsRow(columns);

/**
 * Stock-outs per product and month of the period (the practice's calendar days): the days it was out (a procedure
 * short of stock, or nothing on hand while the forecast expected demand), how many of them were shortfalls, and the
 * quantity procedures could not take from stock.
 */
export const stockOutsReport: ReportDefinition = {
  id: 'stock-outs',
  columns,
  chart: { label: 'product', value: 'days_out' },
  read: allAtOnce((ctx) =>
    rowsOf(
      ctx.db,
      stockOutRow,
      sql`select to_char(s.day, 'YYYY-MM') as month, p.name as product, p.sku, c.name as category, b.name as brand,
                 count(*)::int as days_out, count(*) filter (where s.kind = 'shortfall')::int as shortfall_days,
                 ${dec(sql`sum(s.short_quantity)`)} as short_quantity, p.usage_unit as unit
          from stock_out_days s join products p on p.id = s.product_id
          left join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id
          where s.dental_practice_id = ${ctx.practiceId} and s.day >= ${ctx.from}::date and s.day <= ${ctx.to}::date ${productFilter(ctx)}
          group by 1, p.id, p.name, p.sku, c.name, b.name, p.usage_unit
          order by 1 desc, count(*) desc, p.name`,
    )),
};
