import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { cumulativeMoments, effectiveLevels, orderQuantity, stockOutInDays, type DemandForecast, type OrderPlan, type PolicyMode } from '@enamel/forecast';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { PracticeContext } from '../practice-context/index.ts';
import { replacedOnSql } from '../products/index.ts';
import { inventoryOnHandAt, onOrderByProductSql } from '../stock/index.ts';
import { chosenOfferSql } from './chosen-offer.ts';
import { replacedStockRows, type ReplacedStockRow } from './replaced-stock.ts';

const candidateRow = sqlRow({
  inventory_id: sqlCol.int,
  product_id: sqlCol.int,
  product_name: sqlCol.text,
  sku: sqlCol.text,
  brand_id: sqlCol.int.nullable(),
  brand_name: sqlCol.text.nullable(),
  category_id: sqlCol.int.nullable(),
  category_name: sqlCol.text.nullable(),
  usage_unit: sqlCol.text,
  on_hand: sqlCol.number,
  reorder_point: sqlCol.number,
  par_level: sqlCol.number,
  policy_mode: sqlCol.text,
  suggested_reorder_point: sqlCol.number.nullable(),
  suggested_order_up_to: sqlCol.number.nullable(),
  suggestion: sqlCol.text.nullable(),
  in_draft: sqlCol.number,
  sent: sqlCol.number,
  offer_id: sqlCol.int.nullable(),
  supplier_id: sqlCol.int.nullable(),
  supplier_name: sqlCol.text.nullable(),
  supplier_sku: sqlCol.text.nullable(),
  supplier_currency: sqlCol.text.nullable(),
  offer_purchase_unit: sqlCol.text.nullable(),
  offer_units_per_pack: sqlCol.number.nullable(),
  offer_price: sqlCol.decimal.nullable(),
  offer_minimum_packs: sqlCol.int.nullable(),
  offer_lead_time_days: sqlCol.int.nullable(),
  supplier_lead_time_days: sqlCol.int.nullable(),
  purchase_unit: sqlCol.text,
  units_per_purchase_unit: sqlCol.number,
  purchase_price: sqlCol.decimal,
  // jsonb arrays of the stored series, as text (one parse per row, the same on both drivers)
  mean: sqlCol.text.nullable(),
  sd: sqlCol.text.nullable(),
  lower: sqlCol.text.nullable(),
  upper: sqlCol.text.nullable(),
  distribution: sqlCol.text.nullable(),
  replaced_on: sqlCol.text.nullable(),
});

/** An inventory of the practice with everything its order suggestion reads. */
export interface Candidate {
  inventoryId: number;
  productId: number;
  productName: string;
  sku: string;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  usageUnit: string;
  onHand: number;
  policyMode: PolicyMode;
  typedReorderPoint: number;
  typedParLevel: number;
  suggestedReorderPoint: number | null;
  suggestedOrderUpTo: number | null;
  suggestionFigures: Record<string, unknown> | null;
  onOrderInDraft: number;
  onOrderSent: number;
  offer: { id: number; supplierId: number; supplierName: string; supplierSku: string | null } | null;
  currency: string;
  purchaseUnit: string;
  unitsPerPack: number;
  /** Price of one pack, exact decimal text, in `currency`. */
  price: string;
  minimumOrderPacks: number;
  leadTimeDays: number;
  leadTimeSource: 'offer' | 'supplier' | 'practice';
  forecast: DemandForecast | null;
  /** The succession date when the product is replaced by a successor on or before the context's date (docs/product-rules.md#succession): it is not ordered any more. */
  replacedOn: string | null;
  /**
   * The usable stock of the products it replaces at the context's date (docs/product-rules.md#succession): used up
   * before more of it is bought, so its suggestion is net of it (usable × factor, in its usage units).
   */
  replacedStock: ReplacedStockRow[];
}

/** What the replaced products' usable stock counts as in a candidate's usage units. */
export function replacedStockCounts(c: Candidate): number {
  return c.replacedStock.reduce((sum, r) => sum + r.usable * r.factor, 0);
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * Which inventories `loadCandidates` reads: `all` of them, or only those that `may need` an order. An inventory
 * may need one only when its position (on hand + on order) is below the highest order-up-to level it can have, and
 * at or below the highest reorder point it can have once a review period of demand at the highest weekly mean of
 * its stored forecast is taken off. Both bounds are upper bounds of what `suggest` computes (effectiveLevels takes
 * the typed or the larger of typed and suggested levels; the mean daily demand over any horizon is at most the
 * largest weekly mean ÷ 7), so every inventory `suggest` finds `needed` is read, and most of the others (no demand,
 * stock far above its levels) are not: their rows, stored series and arithmetic are skipped.
 */
export type CandidateSet = 'all' | 'may need';

/** Slack on the bounds of `may need` (numeric in SQL, floats in TS): a row at the edge is read, and `suggest` decides. */
const BOUND_SLACK = 1e-6;

/** The SQL condition of `may need` over the candidate query's aliases (`i`, `oo`, `fs`), for the context's review period. */
function mayNeedSql(ctx: PracticeContext): SQL {
  const position = sql`(${inventoryOnHandAt(ctx)} + coalesce(oo.in_draft, 0) + coalesce(oo.sent, 0))`;
  const highestReorderPoint = sql`greatest(i.reorder_point, coalesce(i.suggested_reorder_point, 0))`;
  const highestTarget = sql`greatest(i.par_level, i.reorder_point, coalesce(i.suggested_order_up_to, 0), coalesce(i.suggested_reorder_point, 0))`;
  const highestWeeklyMean = sql`coalesce((select max(greatest(x.value::float8, 0)) from jsonb_array_elements_text(fs.mean) x), 0)`;
  const review = ctx.settings.reviewPeriodDays;
  return sql`(${highestTarget} > 0 and ${position} < ${highestTarget} + ${BOUND_SLACK}::float8
              and (${position} <= ${highestReorderPoint} + ${BOUND_SLACK}::float8
                   or ${position} - ${highestWeeklyMean} / 7 * ${review}::float8 <= ${highestReorderPoint} + ${BOUND_SLACK}::float8))`;
}

/** The statement of `loadCandidates` (benches EXPLAIN it). */
export function candidatesSql(ctx: PracticeContext, where?: SQL, set: CandidateSet = 'all'): SQL {
  const runId = ctx.run?.id ?? null;
  const conditions = [where, set === 'may need' ? mayNeedSql(ctx) : undefined].filter((c): c is SQL => c !== undefined);
  return sql`select i.id as inventory_id, i.product_id, p.name as product_name, p.sku, p.brand_id, b.name as brand_name, p.category_id, c.name as category_name,
               p.usage_unit, ${inventoryOnHandAt(ctx)} as on_hand, i.reorder_point, i.par_level, i.policy_mode,
               i.suggested_reorder_point, i.suggested_order_up_to, i.suggestion::text as suggestion,
               coalesce(oo.in_draft, 0) as in_draft, coalesce(oo.sent, 0) as sent,
               co.offer_id, co.supplier_id, co.supplier_name, co.supplier_sku, co.supplier_currency, co.offer_purchase_unit, co.offer_units_per_pack,
               co.offer_price, co.offer_minimum_packs, co.offer_lead_time_days, co.supplier_lead_time_days,
               p.purchase_unit, p.units_per_purchase_unit, p.purchase_price,
               fs.mean::text as mean, fs.sd::text as sd, fs.lower::text as lower, fs.upper::text as upper, fs.distribution,
               case when ${replacedOnSql(ctx.date)} then to_char(p.succession_date, 'YYYY-MM-DD') end as replaced_on
        from inventories i
        join products p on p.id = i.product_id
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        left join (${onOrderByProductSql(ctx.practiceId)}) oo on oo.product_id = i.product_id
        left join lateral (${chosenOfferSql(sql`i.product_id`)}) co on true
        left join forecast_series fs on fs.run_id = ${runId} and fs.kind = 'product' and fs.ref_id = i.product_id
        where i.dental_practice_id = ${ctx.practiceId} and i.status = 'active' and p.status = 'active'${sql.join(conditions.map((c) => sql` and ${c}`))}
        order by i.id`;
}

/**
 * One query for the practice's active inventories (or a few of them): on hand at the context's moment, typed and
 * suggested levels, what is on order (draft and sent), the chosen offer, and the stored forecast of the context's
 * run. Set-based: one statement, whatever the number of products. `set`: every inventory, or only those that may
 * need an order (`CandidateSet`).
 */
export async function loadCandidates(ctx: PracticeContext, where?: SQL, set: CandidateSet = 'all'): Promise<Candidate[]> {
  const found = await rowsOf(ctx.db, candidateRow, candidatesSql(ctx, where, set));
  const replaced = new Map<number, ReplacedStockRow[]>();
  for (const r of await replacedStockRows(ctx, found.map((f) => f.product_id))) replaced.set(r.successorId, [...(replaced.get(r.successorId) ?? []), r]);
  return found.map((r): Candidate => {
    const mean = parseJson<number[]>(r.mean);
    const sd = parseJson<number[]>(r.sd);
    const forecast: DemandForecast | null =
      mean && sd && (r.distribution === 'normal' || r.distribution === 'count')
        ? { mean, sd, lower: parseJson<number[]>(r.lower) ?? mean, upper: parseJson<number[]>(r.upper) ?? mean, distribution: r.distribution }
        : null;
    const hasOffer = r.offer_id !== null && r.supplier_id !== null;
    const leadTimeSource = hasOffer ? (r.offer_lead_time_days !== null ? 'offer' : 'supplier') : 'practice';
    return {
      inventoryId: r.inventory_id,
      productId: r.product_id,
      productName: r.product_name,
      sku: r.sku,
      brandId: r.brand_id,
      brandName: r.brand_name,
      categoryId: r.category_id,
      categoryName: r.category_name,
      usageUnit: r.usage_unit,
      onHand: r.on_hand,
      policyMode: r.policy_mode === 'forecast' ? 'forecast' : 'manual',
      typedReorderPoint: r.reorder_point,
      typedParLevel: r.par_level,
      suggestedReorderPoint: r.suggested_reorder_point,
      suggestedOrderUpTo: r.suggested_order_up_to,
      suggestionFigures: parseJson<Record<string, unknown>>(r.suggestion),
      onOrderInDraft: r.in_draft,
      onOrderSent: r.sent,
      offer: hasOffer ? { id: r.offer_id!, supplierId: r.supplier_id!, supplierName: r.supplier_name ?? '', supplierSku: r.supplier_sku } : null,
      currency: hasOffer ? (r.supplier_currency ?? ctx.currency) : ctx.currency,
      purchaseUnit: hasOffer ? (r.offer_purchase_unit ?? r.purchase_unit) : r.purchase_unit,
      unitsPerPack: hasOffer ? (r.offer_units_per_pack ?? 1) : r.units_per_purchase_unit,
      price: hasOffer ? (r.offer_price ?? '0') : r.purchase_price,
      minimumOrderPacks: hasOffer ? (r.offer_minimum_packs ?? 1) : 1,
      leadTimeDays: leadTimeSource === 'offer' ? r.offer_lead_time_days! : leadTimeSource === 'supplier' ? (r.supplier_lead_time_days ?? ctx.settings.leadTimeDays) : ctx.settings.leadTimeDays,
      leadTimeSource,
      forecast,
      replacedOn: r.replaced_on,
      replacedStock: replaced.get(r.product_id) ?? [],
    };
  });
}

/** The arithmetic of one candidate: its working levels, the order plan, and the dates it implies. */
export interface Suggestion {
  candidate: Candidate;
  levels: ReturnType<typeof effectiveLevels>;
  plan: OrderPlan;
  meanDailyDemand: number | null;
  /** Days until on hand + on order runs out at mean forecast demand (null: no forecast, or not within sight). */
  stockOutDays: number | null;
  orderByDate: string | null;
  stockOutDate: string | null;
}

/** Mean demand per day over lead time + review period (forecastLevels' definition), null without a forecast. */
export function meanDailyDemand(f: DemandForecast | null, leadTimeDays: number, reviewPeriodDays: number): number | null {
  if (!f) return null;
  const days = leadTimeDays + reviewPeriodDays;
  return days > 0 ? cumulativeMoments(f, days / 7).mean / days : 0;
}

/** The levels a candidate works with (typed, or the forecast's with the typed as a floor). */
export function levelsOf(c: Candidate): Suggestion['levels'] {
  return effectiveLevels({
    mode: c.policyMode,
    typedReorderPoint: c.typedReorderPoint,
    typedOrderUpTo: c.typedParLevel,
    suggestedReorderPoint: c.suggestedReorderPoint,
    suggestedOrderUpTo: c.suggestedOrderUpTo,
  });
}

/** The order arithmetic of a candidate without its stock-out date (what deciding `needed` takes). */
function planOf(ctx: PracticeContext, c: Candidate): Omit<Suggestion, 'stockOutDays' | 'stockOutDate'> {
  const levels = levelsOf(c);
  const review = ctx.settings.reviewPeriodDays;
  const daily = meanDailyDemand(c.forecast, c.leadTimeDays, review);
  const plan = orderQuantity({
    // The replaced products' usable stock is used up first: it stands in the position as this product's own.
    onHand: c.onHand + replacedStockCounts(c),
    onOrder: c.onOrderInDraft + c.onOrderSent,
    reorderPoint: levels.reorderPoint,
    orderUpTo: levels.orderUpTo,
    meanDailyDemand: daily ?? 0,
    reviewPeriodDays: review,
    unitsPerPack: c.unitsPerPack,
    minimumOrderPacks: c.minimumOrderPacks,
  });
  // A product replaced by its successor is used up, never ordered again: its demand is the successor's now.
  if (c.replacedOn !== null) return { candidate: c, levels, plan: { ...plan, needed: false, shortOfOrderUpTo: 0, packs: 0, units: 0, orderByDays: Infinity }, meanDailyDemand: daily, orderByDate: null };
  return { candidate: c, levels, plan, meanDailyDemand: daily, orderByDate: Number.isFinite(plan.orderByDays) ? addDays(ctx.date, plan.orderByDays) : null };
}

/** A plan completed with the expected stock-out (on hand + on order run out at mean forecast demand). */
function withStockOut(ctx: PracticeContext, p: ReturnType<typeof planOf>): Suggestion {
  const c = p.candidate;
  const out = c.forecast ? stockOutInDays(Math.max(0, p.plan.position), c.forecast) : Infinity;
  const stockOutDays = Number.isFinite(out) ? out : null;
  return { ...p, stockOutDays, stockOutDate: stockOutDays === null ? null : addDays(ctx.date, Math.floor(stockOutDays)) };
}

/** Applies the replenishment arithmetic (@enamel/forecast replenish.ts) to a candidate, as of the context's date. */
export function suggest(ctx: PracticeContext, c: Candidate): Suggestion {
  return withStockOut(ctx, planOf(ctx, c));
}

/**
 * The practice's suggestions that say order now (orderQuantity's `needed`): only the inventories that may need an
 * order are read (`CandidateSet`), and the stock-out date is worked out for the needed ones only.
 */
export async function neededSuggestions(ctx: PracticeContext, where?: SQL): Promise<Suggestion[]> {
  const out: Suggestion[] = [];
  for (const c of await loadCandidates(ctx, where, 'may need')) {
    const p = planOf(ctx, c);
    if (p.plan.needed) out.push(withStockOut(ctx, p));
  }
  return out;
}
