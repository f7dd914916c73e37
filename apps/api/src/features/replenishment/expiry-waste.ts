import { sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween, toDecimal, type ExpiryWaste } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { lotsExpiryWaste, type DemandForecast } from '@enamel/forecast';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { PracticeContext } from '../practice-context/index.ts';
import { successionsInForceSql } from '../products/index.ts';
import { lotQuantityAt } from '../stock/index.ts';
import { dec4 } from './order-suggestions.list.ts';

const lotRow = sqlRow({
  lot_id: sqlCol.int,
  inventory_id: sqlCol.int,
  product_id: sqlCol.int,
  product_name: sqlCol.text,
  usage_unit: sqlCol.text,
  lot_number: sqlCol.text.nullable(),
  expiry_date: sqlCol.text,
  quantity: sqlCol.number,
  unit_cost: sqlCol.decimal,
  mean: sqlCol.text.nullable(),
  sd: sqlCol.text.nullable(),
  distribution: sqlCol.text.nullable(),
  successor_id: sqlCol.int.nullable(),
  factor: sqlCol.number.nullable(),
});

/** No stored forecast for a product: no usage expected, so what expires is wasted. */
const NO_DEMAND: DemandForecast = { mean: [0], sd: [0], distribution: 'count' };

export interface LotWasteRow {
  lotId: number;
  inventoryId: number;
  productId: number;
  productName: string;
  usageUnit: string;
  lotNumber: string | null;
  expiryDate: string;
  quantity: number;
  unitCost: string;
  expectedWaste: number;
  probabilityOfWaste: number;
}

/**
 * Every lot of the practice with stock and an expiry date not yet past at the context's date, with the quantity
 * expected to be left when it expires: per product, the lots used in FEFO order at the forecast's mean usage
 * (lotsExpiryWaste). A product without a stored forecast is expected to use nothing. Already expired lots are
 * no longer usable and stay out of the FEFO order (they are the expired-stock report's).
 * A product replaced at the date (docs/product-rules.md#succession) is used up at its successor's demand: the lots
 * of every product whose demand one successor takes are used first, together in FEFO order, in the successor's
 * units (quantity × factor) at the successor's forecast; their waste is given back in the lot's own units. (The
 * successor's own lots keep their own forecast: the wait the old stock causes them is not counted.)
 */
export async function lotsWithWaste(ctx: PracticeContext, where?: SQL): Promise<LotWasteRow[]> {
  const quantity = ctx.date === ctx.today ? sql`l.quantity` : lotQuantityAt(ctx);
  const found = await rowsOf(
    ctx.db,
    lotRow,
    sql`select * from (
          select l.id as lot_id, l.inventory_id, i.product_id, p.name as product_name, p.usage_unit, l.lot_number, l.expiry_date::text as expiry_date,
                 ${quantity} as quantity, l.unit_cost, fs.mean::text as mean, fs.sd::text as sd, fs.distribution, f.successor_id, f.factor
          from lots l
          join inventories i on i.id = l.inventory_id
          join products p on p.id = i.product_id
          left join (${successionsInForceSql(ctx.date)}) f on f.replaced_id = i.product_id
          left join forecast_series fs on fs.run_id = ${ctx.run?.id ?? null} and fs.kind = 'product' and fs.ref_id = coalesce(f.successor_id, i.product_id)
          where i.dental_practice_id = ${ctx.practiceId} and i.status = 'active' and l.expiry_date is not null and l.expiry_date >= ${ctx.date}::date${where ? sql` and ${where}` : sql``}
        ) x where x.quantity > 0
        order by x.inventory_id, x.expiry_date, x.lot_id`,
  );
  // One FEFO order per inventory, or per successor for the lots of the products it replaces.
  const groups = new Map<string, typeof found>();
  for (const r of found) {
    const key = r.successor_id === null ? `inventory ${r.inventory_id}` : `successor ${r.successor_id}`;
    const lots = groups.get(key);
    if (lots) lots.push(r);
    else groups.set(key, [r]);
  }
  const out: LotWasteRow[] = [];
  for (const lots of groups.values()) {
    const first = lots[0]!;
    const forecast: DemandForecast =
      first.mean && first.sd && (first.distribution === 'normal' || first.distribution === 'count')
        ? { mean: JSON.parse(first.mean) as number[], sd: JSON.parse(first.sd) as number[], distribution: first.distribution }
        : NO_DEMAND;
    const factorOf = (l: (typeof lots)[number]) => (l.successor_id === null ? 1 : (l.factor ?? 1));
    const converted = lotsExpiryWaste(lots.map((l) => ({ quantity: l.quantity * factorOf(l), daysToExpiry: daysBetween(ctx.date, l.expiry_date) })), forecast);
    const waste = converted.map((w, i) => ({ ...w, expectedWaste: w.expectedWaste / factorOf(lots[i]!) }));
    lots.forEach((l, i) =>
      out.push({
        lotId: l.lot_id,
        inventoryId: l.inventory_id,
        productId: l.product_id,
        productName: l.product_name,
        usageUnit: l.usage_unit,
        lotNumber: l.lot_number,
        expiryDate: l.expiry_date,
        quantity: l.quantity,
        unitCost: l.unit_cost,
        expectedWaste: waste[i]!.expectedWaste,
        probabilityOfWaste: waste[i]!.probabilityOfWaste,
      }),
    );
  }
  return out;
}

/** Expected waste per product (usage units), for transfer suggestions. */
/** The value of a lot's expected waste at the lot's cost (its waste to four places, as the answers show it). */
export function wasteValue(l: Pick<LotWasteRow, 'expectedWaste' | 'unitCost'>) {
  return toDecimal(dec4(l.expectedWaste)).times(l.unitCost);
}

export function wasteByProduct(lots: readonly LotWasteRow[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lots) out.set(l.productId, (out.get(l.productId) ?? 0) + l.expectedWaste);
  return out;
}

/** The lots expiring within `days` of the context's date with their expected waste and its value, and the total. */
export async function expiryWaste(ctx: PracticeContext, days: number): Promise<ExpiryWaste> {
  const until = addDays(ctx.date, days);
  // A lot's waste depends only on the lots used before it (FEFO: those expiring earlier, or the same day with a
  // smaller id), so the lots expiring after `until` need not be read.
  const lots = (await lotsWithWaste(ctx, sql`l.expiry_date <= ${until}::date`)).filter((l) => l.expectedWaste > 1e-6);
  let total = toDecimal(0);
  const rows = lots
    .map((l) => {
      const value = wasteValue(l);
      total = total.plus(value);
      return {
        lot_id: l.lotId,
        inventory_id: l.inventoryId,
        product_id: l.productId,
        product_name: l.productName,
        usage_unit: l.usageUnit,
        lot_number: l.lotNumber,
        expiry_date: l.expiryDate,
        quantity: dec4(l.quantity),
        expected_waste: dec4(l.expectedWaste),
        probability_of_waste: Math.round(l.probabilityOfWaste * 1000) / 1000,
        unit_cost: toDecimal(l.unitCost).toFixed(4),
        expected_waste_value: value.toFixed(4),
      };
    })
    .sort((a, b) => a.expiry_date.localeCompare(b.expiry_date) || a.lot_id - b.lot_id);
  return { forecast_date: ctx.date, days, currency: ctx.currency, total_value: total.toFixed(2), total_lots: rows.length, lots: rows };
}
