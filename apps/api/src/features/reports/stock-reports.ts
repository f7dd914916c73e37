import { sql } from 'drizzle-orm';
import Big from 'big.js';
import { rows } from '@enamel/db';
import { deadStock } from '../dashboard/widgets/dead-stock.ts';
import { lowStockRows } from '../dashboard/widgets/low-stock.ts';
import { dec, stockAtCutoff } from '../dashboard/widgets/stock-sql.ts';
import { addDays } from '../forecasts/forecast-series.ts';
import { movementLines } from './movement-lines.ts';
import { allAtOnce, periodBounds, productFilter, type ReportContext, type ReportDefinition, type ReportRow } from './report-definition.ts';

/** The products the category and brand filters keep (null: no such filter). */
async function keptProducts(ctx: ReportContext): Promise<Set<number> | null> {
  if (!ctx.categoryId && !ctx.brandId) return null;
  const found = await rows<{ id: string }>(ctx.db, sql`select p.id from products p where true ${productFilter(ctx)}`);
  return new Set(found.map((r) => Number(r.id)));
}

const names = sql`p.name as product, p.sku, c.name as category, b.name as brand, p.usage_unit as unit`;
const joins = sql`join products p on p.id = x.product_id left join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id`;

/** 1. On hand × lot cost at a date, per product, with its category and brand. */
export const inventoryValuation: ReportDefinition = {
  id: 'inventory-valuation',
  columns: [
    { field: 'product', type: 'text' },
    { field: 'sku', type: 'text' },
    { field: 'category', type: 'text' },
    { field: 'brand', type: 'text' },
    { field: 'on_hand', type: 'number' },
    { field: 'unit', type: 'text', translate: 'units' },
    { field: 'value', type: 'money', total: true },
  ],
  chart: { label: 'product', value: 'value' },
  read: allAtOnce((ctx) =>
    rows<ReportRow>(
      ctx.db,
      sql`select ${names}, ${dec(sql`x.on_hand`)} as on_hand, ${dec(sql`x.value`)} as value
          from (${stockAtCutoff(ctx)}) x ${joins}
          where x.on_hand <> 0 ${productFilter(ctx)}
          order by x.value desc, p.name`,
    )),
};

/** 2. Movements in a period by kind: how many, of how many products, and their value (signed: in is positive); or each movement (`view=lines`). */
export const stockMovements: ReportDefinition = {
  id: 'stock-movements',
  columns: [
    { field: 'kind', type: 'text', translate: 'movementTypes' },
    { field: 'movements', type: 'number', total: true },
    { field: 'products', type: 'number' },
    { field: 'value', type: 'money', total: true },
  ],
  chart: { label: 'kind', value: 'value' },
  views: { lines: movementLines },
  read: allAtOnce(async (ctx) => {
    const { start, end } = periodBounds(ctx);
    return rows<ReportRow>(
      ctx.db,
      sql`select m.type as kind, count(*)::int as movements, count(distinct m.product_id)::int as products, ${dec(sql`sum(m.quantity * m.unit_cost)`)} as value
          from stock_movements m join products p on p.id = m.product_id
          where m.dental_practice_id = ${ctx.practiceId} and m.occurred_at >= ${start} and m.occurred_at < ${end} ${productFilter(ctx)}
          group by m.type order by m.type`,
    );
  }),
};

/** 3. What procedures (of a procedure code, when chosen) consumed in a period, per product: quantity, cost and share of the total cost. */
export const consumptionByProduct: ReportDefinition = {
  id: 'consumption-by-product',
  columns: [
    { field: 'product', type: 'text' },
    { field: 'sku', type: 'text' },
    { field: 'category', type: 'text' },
    { field: 'brand', type: 'text' },
    { field: 'quantity', type: 'number' },
    { field: 'unit', type: 'text', translate: 'units' },
    { field: 'cost', type: 'money', total: true },
    { field: 'share', type: 'percent' },
  ],
  chart: { label: 'product', value: 'cost' },
  read: allAtOnce(async (ctx) => {
    const { start, end } = periodBounds(ctx);
    const byCode = ctx.procedureCodeId ? sql`and procedure_id in (select id from procedures where dental_practice_id = ${ctx.practiceId} and procedure_code_id = ${ctx.procedureCodeId})` : sql``;
    const found = await rows<ReportRow & { cost: string }>(
      ctx.db,
      sql`select ${names}, ${dec(sql`x.quantity`)} as quantity, ${dec(sql`x.cost`)} as cost
          from (select product_id, -sum(quantity) as quantity, -sum(quantity * unit_cost) as cost from stock_movements
                where dental_practice_id = ${ctx.practiceId} and type = 'consume' and occurred_at >= ${start} and occurred_at < ${end} ${byCode} group by product_id) x
          ${joins} where true ${productFilter(ctx)}
          order by x.cost desc, p.name`,
    );
    const total = found.reduce((sum, r) => sum.plus(r.cost), new Big(0));
    return found.map((r) => ({ ...r, share: total.gt(0) ? new Big(r.cost).div(total).toFixed(4) : '0.0000' }));
  }),
};

/** 5. Lots on the shelf that expire within the days (or already have), soonest first. */
export const expiringLots: ReportDefinition = {
  id: 'expiring-lots',
  columns: [
    { field: 'product', type: 'text' },
    { field: 'lot', type: 'text' },
    { field: 'expiry_date', type: 'date' },
    { field: 'days_left', type: 'number' },
    { field: 'quantity', type: 'number' },
    { field: 'unit', type: 'text', translate: 'units' },
    { field: 'value', type: 'money', total: true },
  ],
  chart: { label: 'product', value: 'value' },
  defaultDays: (ctx) => ctx.settings.expiryWarningDays,
  read: allAtOnce((ctx) =>
    rows<ReportRow>(
      ctx.db,
      sql`select p.name as product, l.lot_number as lot, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry_date, (l.expiry_date - ${ctx.today}::date)::int as days_left,
                 ${dec(sql`l.quantity`)} as quantity, p.usage_unit as unit, ${dec(sql`l.quantity * l.unit_cost`)} as value
          from lots l join inventories i on i.id = l.inventory_id join products p on p.id = i.product_id
          where i.dental_practice_id = ${ctx.practiceId} and l.quantity > 0 and l.expiry_date is not null
            and l.expiry_date < ${addDays(ctx.today, ctx.days ?? ctx.settings.expiryWarningDays)}::date ${productFilter(ctx)}
          order by l.expiry_date, p.name`,
    )),
};

/** 6. The low-stock widget's own rows (one query), grouped by brand: what to order from whom. */
export const reorderList: ReportDefinition = {
  id: 'reorder-list',
  columns: [
    { field: 'brand', type: 'text' },
    { field: 'product', type: 'text' },
    { field: 'on_hand', type: 'number' },
    { field: 'reorder_point', type: 'number' },
    { field: 'par_level', type: 'number' },
    { field: 'unit', type: 'text', translate: 'units' },
    { field: 'order_quantity', type: 'number', total: true },
    { field: 'order_unit', type: 'text', translate: 'units' },
  ],
  chart: { label: 'product', value: 'order_quantity' },
  read: allAtOnce(async (ctx) => {
    const kept = await keptProducts(ctx);
    return (await lowStockRows(ctx))
      .filter((r) => !kept || kept.has(r.product_id))
      .sort((a, b) => (a.brand ?? '\uffff').localeCompare(b.brand ?? '\uffff') || a.name.localeCompare(b.name))
      .map((r) => ({
        brand: r.brand,
        product: r.name,
        on_hand: r.on_hand,
        reorder_point: r.reorder_point,
        par_level: r.par_level,
        unit: r.usage_unit,
        order_quantity: r.order_purchase_units,
        order_unit: r.purchase_unit,
      }));
  }),
};

/** 7. The dead-stock widget's rows for the chosen number of days (default: the practice's setting). */
export const deadStockReport: ReportDefinition = {
  id: 'dead-stock',
  columns: [
    { field: 'product', type: 'text' },
    { field: 'on_hand', type: 'number' },
    { field: 'unit', type: 'text', translate: 'units' },
    { field: 'value', type: 'money', total: true },
    { field: 'last_used', type: 'date' },
  ],
  chart: { label: 'product', value: 'value' },
  defaultDays: (ctx) => ctx.settings.deadStockDays,
  read: allAtOnce(async (ctx) => {
    const kept = await keptProducts(ctx);
    const dead = await deadStock({ ...ctx, settings: { ...ctx.settings, deadStockDays: ctx.days ?? ctx.settings.deadStockDays } });
    return dead.items.filter((r) => !kept || kept.has(r.product_id)).map((r) => ({ product: r.name, on_hand: r.on_hand, unit: r.usage_unit, value: r.value, last_used: r.last_used }));
  }),
};
