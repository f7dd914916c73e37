import { sql, type SQL } from 'drizzle-orm';
import { rows } from '@enamel/db';
import { dec } from '../dashboard/widgets/stock-sql.ts';
import { periodBounds, productFilter, type ReportContext, type ReportDefinition, type ReportRow, type ReportSource } from './report-definition.ts';

/**
 * Stock movements one row per movement (the `lines` view): the ledger of the period in order, what it grows to
 * (a busy practice writes tens of thousands a year), so it is counted first and read in pages by keyset on
 * (occurred_at, id). The ledger is append-only: bounding every page by the largest id counted reads exactly the
 * rows that were counted and summed, even while new movements arrive.
 */
export const movementLines: Omit<ReportDefinition, 'id' | 'views'> = {
  columns: [
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
  ],
  chart: { label: 'kind', value: 'value' },
  read: (ctx) => movementLineSource(ctx),
};

function movementLineSource(ctx: ReportContext): ReportSource {
  const { start, end } = periodBounds(ctx);
  const where = sql`m.dental_practice_id = ${ctx.practiceId} and m.occurred_at >= ${start} and m.occurred_at < ${end} ${productFilter(ctx)}`;
  let counted: Promise<{ count: number; totals: Record<string, string>; upTo: number }> | undefined;
  const summary = () =>
    (counted ??= rows<{ n: number; value: string; up_to: string | null }>(
      ctx.db,
      sql`select count(*)::int as n, ${dec(sql`sum(m.quantity * m.unit_cost)`)} as value, max(m.id) as up_to
          from stock_movements m join products p on p.id = m.product_id where ${where}`,
    ).then(([r]) => ({ count: r?.n ?? 0, totals: { value: r?.value ?? '0.0000' }, upTo: Number(r?.up_to ?? 0) })));
  return {
    summary: async () => {
      const { count, totals } = await summary();
      return { count, totals };
    },
    async *pages(size) {
      const { upTo } = await summary();
      let after: number | null = null;
      for (;;) {
        // After the last row of the previous page: its instant bounds the index scan, (instant, id) orders ties.
        const keyset: SQL =
          after === null
            ? sql``
            : sql`and m.occurred_at >= (select occurred_at from stock_movements where id = ${after})
                  and (m.occurred_at, m.id) > (select occurred_at, id from stock_movements where id = ${after})`;
        const page: Array<ReportRow & { movement_id: string }> = await rows<ReportRow & { movement_id: string }>(
          ctx.db,
          sql`select m.id as movement_id, to_char(m.occurred_at at time zone ${ctx.timeZone}, 'YYYY-MM-DD') as date, m.type as kind,
                     p.name as product, p.sku, l.lot_number as lot, ${dec(sql`m.quantity`)} as quantity, p.usage_unit as unit,
                     ${dec(sql`m.unit_cost`)} as unit_cost, ${dec(sql`m.quantity * m.unit_cost`)} as value,
                     coalesce(pc.code || ' · ' || pc.name, cp.name, m.reason) as reference
              from stock_movements m join products p on p.id = m.product_id
              left join lots l on l.id = m.lot_id
              left join procedures pr on pr.id = m.procedure_id left join procedure_codes pc on pc.id = pr.procedure_code_id
              left join dental_practices cp on cp.id = m.counterpart_practice_id
              where ${where} and m.id <= ${upTo} ${keyset}
              order by m.occurred_at, m.id
              limit ${size}`,
        );
        if (page.length === 0) return;
        after = Number(page.at(-1)!.movement_id);
        yield page.map(({ movement_id: _, ...row }) => row);
        if (page.length < size) return;
      }
    },
  };
}
