import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { costAwareServiceLevels, forecastLevels, type DemandForecast } from '@enamel/forecast';
import { CONFIGURATION_DEFAULTS, LEVELS_MIN_DEMAND_WEEKS, LEVELS_MIN_HISTORY_WEEKS, type LevelFallback, type ReorderSuggestionFigures } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';

type Db = Database | Tx;

const runRow = sqlRow({ id: sqlCol.int, forecast_date: sqlCol.text });
const settingsRow = sqlRow({ lead_time_days: sqlCol.int.nullable(), review_period_days: sqlCol.int.nullable(), service_level: sqlCol.number.nullable() });
const inventoryRow = sqlRow({
  inventory_id: sqlCol.int,
  offer_lead_time: sqlCol.int.nullable(),
  supplier_lead_time: sqlCol.int.nullable(),
  mean: z.array(z.number()).nullable(),
  sd: z.array(z.number()).nullable(),
  history: z.array(z.number()).nullable(),
  distribution: z.enum(['normal', 'count']).nullable(),
  unit_cost: sqlCol.number.nullable(),
});

/** Too little history to trust levels from (docs/product-rules.md#reorder-levels): few weeks since the first movement, or few weeks with any use. */
export function tooLittleHistory(history: readonly number[] | null): boolean {
  if (!history) return true;
  return history.length < LEVELS_MIN_HISTORY_WEEKS || history.filter((x) => x > 0).length < LEVELS_MIN_DEMAND_WEEKS;
}

const four = (x: number) => Math.round(x * 10_000) / 10_000;

export interface LevelSettings {
  leadTimeDays: number;
  leadTimeSource: 'offer' | 'supplier' | 'practice';
  reviewPeriodDays: number;
  /** The product's own service level (the practice's spread by cost: costAwareServiceLevels). */
  serviceLevel: number;
  /** The practice's setting it came from. */
  practiceServiceLevel: number;
}

/**
 * The suggestion for one inventory from its product's stored series: the forecast package's `forecastLevels` over
 * the lead time and the review period at the service level, or a fallback with the typed levels standing.
 */
export function suggestLevels(
  run: { id: number; date: string } | null,
  series: { mean: number[]; sd: number[]; history: number[]; distribution: 'normal' | 'count' } | null,
  s: LevelSettings,
): { reorderPoint: string | null; orderUpTo: string | null; figures: ReorderSuggestionFigures } {
  const base = {
    run_id: run?.id ?? null, run_date: run?.date ?? null, distribution: series?.distribution ?? null,
    lead_time_days: s.leadTimeDays, lead_time_source: s.leadTimeSource, review_period_days: s.reviewPeriodDays, service_level: s.serviceLevel,
    practice_service_level: s.practiceServiceLevel,
    mean_lead_time_demand: null, mean_cycle_demand: null, safety_stock: null,
  };
  const fallback = (why: LevelFallback) => ({ reorderPoint: null, orderUpTo: null, figures: { ...base, fallback: why } });
  if (!run) return fallback('no_run');
  if (!series || tooLittleHistory(series.history)) return fallback('too_little_history');
  const demand: DemandForecast = { mean: series.mean, sd: series.sd, distribution: series.distribution };
  const levels = forecastLevels(demand, { leadTimeDays: s.leadTimeDays, reviewPeriodDays: s.reviewPeriodDays, serviceLevel: s.serviceLevel });
  if (!levels) return fallback('no_demand');
  return {
    reorderPoint: four(levels.reorderPoint).toFixed(4),
    orderUpTo: four(levels.orderUpTo).toFixed(4),
    figures: {
      ...base,
      mean_lead_time_demand: four(levels.meanLeadTimeDemand),
      mean_cycle_demand: four(levels.meanCycleDemand),
      safety_stock: four(levels.safetyStock),
      fallback: null,
    },
  };
}

/**
 * After a forecast run: every active inventory of the practice gets its suggested reorder point and order-up-to level
 * from the practice's latest succeeded run (by forecast date), the lead time of its product's preferred active offer
 * (the offer's own, else its supplier's) or the practice's, the practice's review period, and its own service level:
 * the practice's spread over the products with levels by what a unit costs to hold (costAwareServiceLevels, on the
 * run's first weekly mean and the unit cost of the inventory's latest receipt; docs/product-rules.md#reorder-levels).
 * One read and one set-based UPDATE, whatever the number of products; only the suggested columns are written, so a
 * typed level or a policy mode saved meanwhile is never overwritten.
 */
export async function refreshSuggestedLevels(db: Db, practiceId: number): Promise<{ runId: number | null; updated: number }> {
  const [run] = await rowsOf(db, runRow, sql`select id, to_char(forecast_date, 'YYYY-MM-DD') as forecast_date from forecast_runs
    where dental_practice_id = ${practiceId} and status = 'succeeded' order by forecast_date desc, id desc limit 1`);
  const [settings] = await rowsOf(db, settingsRow, sql`select lead_time_days, review_period_days, service_level from practice_settings where dental_practice_id = ${practiceId}`);
  const practiceLead = settings?.lead_time_days ?? CONFIGURATION_DEFAULTS.lead_time_days;
  const reviewPeriodDays = settings?.review_period_days ?? CONFIGURATION_DEFAULTS.review_period_days;
  const serviceLevel = settings?.service_level ?? CONFIGURATION_DEFAULTS.service_level;
  const rows = await rowsOf(db, inventoryRow, sql`select i.id as inventory_id, o.offer_lead_time, o.supplier_lead_time,
      s.mean, s.sd, s.history, s.distribution,
      (select m.unit_cost from stock_movements m where m.inventory_id = i.id and m.type = 'receive' order by m.occurred_at desc, m.id desc limit 1) as unit_cost
    from inventories i
    left join forecast_series s on s.run_id = ${run?.id ?? null} and s.kind = 'product' and s.ref_id = i.product_id
    left join lateral (
      select so.lead_time_days as offer_lead_time, su.lead_time_days as supplier_lead_time
      from supplier_offers so join suppliers su on su.id = so.supplier_id
      where so.product_id = i.product_id and so.preferred and so.status = 'active' and su.status = 'active'
      limit 1) o on true
    where i.dental_practice_id = ${practiceId} and i.status = 'active'`);
  if (rows.length === 0) return { runId: run?.id ?? null, updated: 0 };
  const seriesOf = (r: (typeof rows)[number]) => (r.mean && r.sd && r.history && r.distribution ? { mean: r.mean, sd: r.sd, history: r.history, distribution: r.distribution } : null);
  // The products that get levels share out the practice's service level by cost; the others keep it (no levels anyway).
  const withLevels = rows.filter((r) => { const x = seriesOf(r); return run !== undefined && x !== null && !tooLittleHistory(x.history); });
  const { levels } = costAwareServiceLevels(withLevels.map((r) => ({ meanDemand: Math.max(0, r.mean![0] ?? 0), unitCost: r.unit_cost ?? 0 })), { serviceLevel, reviewPeriodDays });
  const serviceLevelOf = new Map(withLevels.map((r, i) => [r.inventory_id, levels[i]!]));
  const values = rows.map((r) => {
    const lead: Pick<LevelSettings, 'leadTimeDays' | 'leadTimeSource'> =
      r.offer_lead_time !== null ? { leadTimeDays: r.offer_lead_time, leadTimeSource: 'offer' }
      : r.supplier_lead_time !== null ? { leadTimeDays: r.supplier_lead_time, leadTimeSource: 'supplier' }
      : { leadTimeDays: practiceLead, leadTimeSource: 'practice' };
    const own = serviceLevelOf.get(r.inventory_id) ?? serviceLevel;
    const s = suggestLevels(run ? { id: run.id, date: run.forecast_date } : null, seriesOf(r), { ...lead, reviewPeriodDays, serviceLevel: Math.round(own * 10_000) / 10_000, practiceServiceLevel: serviceLevel });
    return { id: r.inventory_id, rp: s.reorderPoint, out: s.orderUpTo, figures: s.figures };
  });
  const result = await db.execute(sql`update inventories i
    set suggested_reorder_point = v.rp, suggested_order_up_to = v.out, suggestion = v.figures, suggested_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, rp numeric, out numeric, figures jsonb)
    where i.id = v.id and i.dental_practice_id = ${practiceId}`);
  return { runId: run?.id ?? null, updated: (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? values.length };
}
