import { sql } from 'drizzle-orm';
import Big from 'big.js';
import { rowsOf } from '@enamel/db';
import { unitCostOf } from '../../core/catalog-sql.ts';
import { organisationCurrency } from '../organisation/index.ts';
import { dec } from '../stock/index.ts';
import { allAtOnce, columnsRow, periodBounds, type ReportColumn, type ReportDefinition } from './report-definition.ts';

const columns: ReportColumn[] = [
  { field: 'month', type: 'text' },
  { field: 'code', type: 'text' },
  { field: 'name', type: 'text' },
  { field: 'procedures', type: 'number', total: true },
  { field: 'actual_total', type: 'money', total: true },
  { field: 'actual_average', type: 'money' },
  { field: 'template_cost', type: 'money' },
  { field: 'variance', type: 'money' },
];
const costRow = columnsRow(columns, ['variance']);

/**
 * 4. Per month and procedure code: completed procedures, what their consumables really cost (the cost recorded
 * on their items when consumed), the average, and what their templates cost at today's catalog prices, with the
 * difference. Catalog prices are in the organisation's currency and costs in the practice's: when the two differ
 * nothing is converted, so the template cost and the variance are left empty.
 */
export const consumableCostPerCode: ReportDefinition = {
  id: 'consumable-cost-per-code',
  columns,
  chart: { label: 'code', value: 'actual_total' },
  read: allAtOnce(async (ctx) => {
    const { start, end } = periodBounds(ctx);
    const comparable = (await organisationCurrency(ctx.db)) === ctx.currency;
    const code = ctx.procedureCodeId ? sql`and pr.procedure_code_id = ${ctx.procedureCodeId}` : sql``;
    const found = await rowsOf(
      ctx.db,
      costRow,
      sql`with done as (
            select pr.id, pr.procedure_code_id, pr.procedure_template_id, to_char(pr.performed_at at time zone ${ctx.timeZone}, 'YYYY-MM') as month
            from procedures pr
            where pr.dental_practice_id = ${ctx.practiceId} and pr.status = 'completed' and pr.performed_at >= ${start} and pr.performed_at < ${end} ${code}
          ),
          -- Each procedure's items by an index probe of its own: as long as the period, never a scan of every item.
          actual as (select d.id as procedure_id, x.cost from done d cross join lateral (select sum(i.cost) as cost from procedure_items i where i.procedure_id = d.id) x),
          template as (
            select ti.procedure_template_id as id, sum(ti.quantity * ${unitCostOf('p')}) as cost
            from procedure_template_items ti join products p on p.id = ti.product_id
            where ti.procedure_template_id in (select procedure_template_id from done) group by ti.procedure_template_id
          )
          select d.month, c.code, c.name, count(*)::int as procedures, ${dec(sql`sum(coalesce(a.cost, 0))`)} as actual_total,
                 ${dec(sql`avg(coalesce(a.cost, 0))`)} as actual_average,
                 case when count(t.cost) > 0 then ${dec(sql`avg(t.cost)`)} end as template_cost
          from done d join procedure_codes c on c.id = d.procedure_code_id
          left join actual a on a.procedure_id = d.id left join template t on t.id = d.procedure_template_id
          group by d.month, c.code, c.name
          order by d.month desc, sum(coalesce(a.cost, 0)) desc, c.code`,
    );
    return found.map((r) => {
      const template = comparable ? (r.template_cost ?? null) : null;
      return { ...r, template_cost: template, variance: template === null ? null : new Big(r.actual_average ?? 0).minus(template).toFixed(4) };
    });
  }),
};
