import { sql } from 'drizzle-orm';
import Big from 'big.js';
import { addDays } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { consumedBetween, consumedInDays, deadStock, dec, lowStockRows, shelfLotsExpiringWithin, stockAt, wholeDays } from '../stock/index.ts';
import { movementLines } from './movement-lines.ts';
import { allAtOnce, columnsRow, periodBounds, productFilter, type ReportColumn, type ReportContext, type ReportDefinition } from './report-definition.ts';

const idRow = sqlRow({ id: sqlCol.int });

/** The products the category and brand filters keep (null: no such filter). */
async function keptProducts(ctx: ReportContext): Promise<Set<number> | null> {
  if (!ctx.categoryId && !ctx.brandId) return null;
  const found = await rowsOf(ctx.db, idRow, sql`select p.id from products p where true ${productFilter(ctx)}`);
  return new Set(found.map((r) => r.id));
}

const names = sql`p.name as product, p.sku, c.name as category, b.name as brand, p.usage_unit as unit`;
const joins = sql`join products p on p.id = x.product_id left join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id`;

const valuationColumns: ReportColumn[] = [
  { field: 'product', type: 'text' },
  { field: 'sku', type: 'text' },
  { field: 'category', type: 'text' },
  { field: 'brand', type: 'text' },
  { field: 'on_hand', type: 'number' },
  { field: 'unit', type: 'text', translate: 'units' },
  { field: 'value', type: 'money', total: true },
];
const valuationRow = columnsRow(valuationColumns);

/** 1. On hand × lot cost at a date, per product, with its category and brand (stock's on hand at a moment). */
export const inventoryValuation: ReportDefinition = {
  id: 'inventory-valuation',
  columns: valuationColumns,
  chart: { label: 'product', value: 'value' },
  read: allAtOnce((ctx) =>
    rowsOf(
      ctx.db,
      valuationRow,
      sql`select ${names}, ${dec(sql`x.on_hand`)} as on_hand, ${dec(sql`x.value`)} as value
          from (${stockAt(ctx)}) x ${joins}
          where x.on_hand <> 0 ${productFilter(ctx)}
          order by x.value desc, p.name`,
    )),
};

const movementColumns: ReportColumn[] = [
  { field: 'kind', type: 'text', translate: 'movementTypes' },
  { field: 'movements', type: 'number', total: true },
  { field: 'products', type: 'number' },
  { field: 'value', type: 'money', total: true },
];
const movementRow = columnsRow(movementColumns);

/** 2. Movements in a period by kind: how many, of how many products, and their value (signed: in is positive); or each movement (`view=lines`). */
export const stockMovements: ReportDefinition = {
  id: 'stock-movements',
  columns: movementColumns,
  chart: { label: 'kind', value: 'value' },
  views: { lines: movementLines },
  read: allAtOnce(async (ctx) => {
    const { start, end } = periodBounds(ctx);
    return rowsOf(
      ctx.db,
      movementRow,
      sql`select m.type as kind, count(*)::int as movements, count(distinct m.product_id)::int as products, ${dec(sql`sum(m.quantity * m.unit_cost)`)} as value
          from stock_movements m join products p on p.id = m.product_id
          where m.dental_practice_id = ${ctx.practiceId} and m.occurred_at >= ${start} and m.occurred_at < ${end} ${productFilter(ctx)}
          group by m.type order by m.type`,
    );
  }),
};

const consumptionColumns: ReportColumn[] = [
  { field: 'product', type: 'text' },
  { field: 'sku', type: 'text' },
  { field: 'category', type: 'text' },
  { field: 'brand', type: 'text' },
  { field: 'quantity', type: 'number' },
  { field: 'unit', type: 'text', translate: 'units' },
  { field: 'cost', type: 'money', total: true },
  { field: 'share', type: 'percent' },
];
const consumptionRow = columnsRow(consumptionColumns, ['share']);

/** 3. What procedures (of a procedure code, when chosen) consumed in a period, per product: quantity, cost and share of the total cost. */
export const consumptionByProduct: ReportDefinition = {
  id: 'consumption-by-product',
  columns: consumptionColumns,
  chart: { label: 'product', value: 'cost' },
  read: allAtOnce(async (ctx) => {
    const { start, end } = periodBounds(ctx);
    // The period's whole days from the rollups; of one procedure code, from its movements (the rollups know no codes).
    const consumed = ctx.procedureCodeId
      ? consumedBetween({ practiceId: ctx.practiceId, from: start, to: end, where: sql`and procedure_id in (select id from procedures where dental_practice_id = ${ctx.practiceId} and procedure_code_id = ${ctx.procedureCodeId})` })
      : consumedInDays(wholeDays({ practiceId: ctx.practiceId, timeZone: ctx.timeZone, from: ctx.from, to: addDays(ctx.to, 1) }));
    const found = await rowsOf(
      ctx.db,
      consumptionRow,
      sql`select ${names}, ${dec(sql`x.quantity`)} as quantity, ${dec(sql`x.cost`)} as cost
          from (${consumed}) x
          ${joins} where true ${productFilter(ctx)}
          order by x.cost desc, p.name`,
    );
    const total = found.reduce((sum, r) => sum.plus(r.cost ?? 0), new Big(0));
    return found.map((r) => ({ ...r, share: total.gt(0) ? new Big(r.cost ?? 0).div(total).toFixed(4) : '0.0000' }));
  }),
};

/** 5. Lots on the shelf that are expired or expire within the days (default: the practice's warning days, then exactly the lots whose expiry state is not ok), soonest first. */
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
  read: allAtOnce((ctx) => shelfLotsExpiringWithin(ctx.db, { practiceId: ctx.practiceId, today: ctx.today, days: ctx.days ?? ctx.settings.expiryWarningDays, where: productFilter(ctx) })),
};

/** 6. The low-stock widget's own rows (stock's low stock), grouped by brand: what to order from whom. */
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
    return (await lowStockRows(ctx.db, ctx))
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

/** 7. The dead-stock widget's rows (stock's dead stock) for the chosen number of days (default: the practice's setting). */
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
    const dead = await deadStock(ctx.db, ctx, ctx.days ?? ctx.settings.deadStockDays);
    return dead.items.filter((r) => !kept || kept.has(r.product_id)).map((r) => ({ product: r.name, on_hand: r.on_hand, unit: r.usage_unit, value: r.value, last_used: r.last_used }));
  }),
};
