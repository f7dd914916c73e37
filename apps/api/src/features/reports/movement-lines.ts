import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { dec } from '../stock/index.ts';
import { columnsRow, periodBounds, productFilter, type ReportColumn, type ReportContext, type ReportDefinition, type ReportSource } from './report-definition.ts';

const columns: ReportColumn[] = [
  { field: 'date', type: 'date' },
  { field: 'kind', type: 'text', translate: 'movementTypes' },
  { field: 'product', type: 'text' },
  { field: 'sku', type: 'text' },
  { field: 'lot', type: 'text' },
  { field: 'quantity', type: 'number' },
  { field: 'unit', type: 'text', translate: 'units' },
  { field: 'unit_cost', type: 'money' },
  { field: 'value', type: 'money', total: true },
  { field: 'reference', type: 'text' },
];
const lineRow = columnsRow(columns);
const countRow = sqlRow({ n: sqlCol.int, value: sqlCol.decimal, up_to: sqlCol.int.nullable() });
const idRow = sqlRow({ id: sqlCol.int });

/**
 * Stock movements one row per movement (the `lines` view): the ledger of the period in order, what it grows to
 * (a busy practice writes tens of thousands a year), so it is counted first and read in pages: the ids in order,
 * then each page's rows. The ledger is append-only: bounding the ids by the largest one counted reads exactly the
 * rows that were counted and summed, even while new movements arrive.
 */
export const movementLines: Omit<ReportDefinition, 'id' | 'views'> = {
  columns,
  chart: { label: 'kind', value: 'value' },
  read: (ctx) => movementLineSource(ctx),
};

function movementLineSource(ctx: ReportContext): ReportSource {
  const { start, end } = periodBounds(ctx);
  const where = sql`m.dental_practice_id = ${ctx.practiceId} and m.occurred_at >= ${start} and m.occurred_at < ${end} ${productFilter(ctx)}`;
  let counted: Promise<{ count: number; totals: Record<string, string>; upTo: number }> | undefined;
  const summary = () =>
    (counted ??= rowsOf(
      ctx.db,
      countRow,
      sql`select count(*)::int as n, ${dec(sql`sum(m.quantity * m.unit_cost)`)} as value, max(m.id) as up_to
          from stock_movements m join products p on p.id = m.product_id where ${where}`,
    ).then(([r]) => ({ count: r?.n ?? 0, totals: { value: r?.value ?? '0.0000' }, upTo: r?.up_to ?? 0 })));
  return {
    summary: async () => {
      const { count, totals } = await summary();
      return { count, totals };
    },
    async *pages(size, limit) {
      const { upTo } = await summary();
      // The order first, as ids (one pass over the period, nothing looked up), then each page by its ids: a LIMIT over the joined
      // ledger would have PostgreSQL join and sort every remaining row of the period for each page.
      const ids = await rowsOf(
        ctx.db,
        idRow,
        sql`select m.id from stock_movements m join products p on p.id = m.product_id where ${where} and m.id <= ${upTo}
            order by m.occurred_at, m.id ${Number.isFinite(limit) ? sql`limit ${limit}` : sql``}`,
      );
      for (let i = 0; i < ids.length; i += size) {
        const chunk = `{${ids.slice(i, i + size).map((r) => r.id).join(',')}}`;
        yield await rowsOf(
          ctx.db,
          lineRow,
          sql`select to_char(m.occurred_at at time zone ${ctx.timeZone}, 'YYYY-MM-DD') as date, m.type as kind,
                     p.name as product, p.sku, l.lot_number as lot, ${dec(sql`m.quantity`)} as quantity, p.usage_unit as unit,
                     ${dec(sql`m.unit_cost`)} as unit_cost, ${dec(sql`m.quantity * m.unit_cost`)} as value,
                     coalesce(pc.code || ' · ' || pc.name, cp.name, m.reason) as reference
              from stock_movements m join products p on p.id = m.product_id
              left join lots l on l.id = m.lot_id
              left join procedures pr on pr.id = m.procedure_id left join procedure_codes pc on pc.id = pr.procedure_code_id
              left join dental_practices cp on cp.id = m.counterpart_practice_id
              where m.id = any(${chunk}::bigint[])
              order by m.occurred_at, m.id`,
        );
      }
    },
  };
}
