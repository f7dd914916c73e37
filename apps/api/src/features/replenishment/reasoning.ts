import { forecastLevels } from '@enamel/forecast';
import type { TypedLevelReason, OrderSuggestionReasoning, ReasoningStep } from '@enamel/contracts';
import type { PracticeContext } from '../practice-context/index.ts';
import { replacedStockCounts, type Suggestion } from './candidates.ts';
import { dec4, suggestionRow } from './order-suggestions.list.ts';

const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;
const finiteOrNull = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? null : round(x, 4));

/**
 * The product's own service level, as the levels job stored it with its suggested levels (the practice's spread by
 * cost, features/forecasts/forecast-levels.ts); the practice's when the levels are typed or were stored without it.
 */
function productServiceLevel(ctx: PracticeContext, s: Suggestion): number {
  const stored = s.candidate.suggestionFigures?.service_level;
  return s.levels.source === 'forecast' && typeof stored === 'number' && stored > 0 && stored < 1 ? stored : ctx.settings.serviceLevel;
}

/**
 * A suggestion's reasoning: every figure of its row, the forecast figures behind the levels (mean demand over the
 * lead time, safety stock, service level, review period, the run) and the arithmetic as steps the screen renders in
 * the reader's language (`replenishment.steps.<key>` with the values).
 */
export function reasoningOf(ctx: PracticeContext, s: Suggestion): OrderSuggestionReasoning {
  const c = s.candidate;
  const review = ctx.settings.reviewPeriodDays;
  const serviceLevel = productServiceLevel(ctx, s);
  const figures = c.forecast ? forecastLevels(c.forecast, { leadTimeDays: c.leadTimeDays, reviewPeriodDays: review, serviceLevel }) : null;
  const fallback: TypedLevelReason | null =
    s.levels.source === 'forecast' ? null : c.policyMode === 'manual' ? 'manual_mode' : ctx.run ? 'no_forecast_levels' : 'no_forecast_run';
  const unit = c.usageUnit;
  const steps: ReasoningStep[] = [];
  steps.push(
    s.levels.source === 'forecast'
      ? { key: 'levelsForecast', values: { reorderPoint: dec4(s.levels.reorderPoint), orderUpTo: dec4(s.levels.orderUpTo), typedReorderPoint: dec4(c.typedReorderPoint), typedParLevel: dec4(c.typedParLevel), unit } }
      : { key: 'levelsTyped', values: { reorderPoint: dec4(s.levels.reorderPoint), orderUpTo: dec4(s.levels.orderUpTo), reason: fallback, unit } },
  );
  if (figures) {
    steps.push({
      key: 'forecastFigures',
      values: {
        leadTimeDays: c.leadTimeDays,
        meanLeadTimeDemand: round(figures.meanLeadTimeDemand),
        safetyStock: round(figures.safetyStock),
        serviceLevel: round(serviceLevel * 100, 1),
        reviewPeriodDays: review,
        meanCycleDemand: round(figures.meanCycleDemand),
        unit,
      },
    });
    if (Math.abs(serviceLevel - ctx.settings.serviceLevel) >= 0.0005) {
      steps.push({ key: 'serviceLevelByCost', values: { serviceLevel: round(serviceLevel * 100, 1), practiceServiceLevel: round(ctx.settings.serviceLevel * 100, 1) } });
    }
  }
  if (c.replacedOn !== null) steps.push({ key: 'replaced', values: { date: c.replacedOn } });
  // The replaced products' usable stock, used up before more of this one is bought (docs/product-rules.md#succession).
  for (const r of c.replacedStock) {
    steps.push({ key: 'replacedStock', values: { product: r.productName, usable: dec4(r.usable), oldUnit: r.usageUnit, factor: round(r.factor, 6), counts: dec4(r.usable * r.factor), unit } });
  }
  steps.push(
    c.replacedStock.length
      ? { key: 'positionWithReplaced', values: { onHand: dec4(c.onHand), replaced: dec4(replacedStockCounts(c)), inDraft: dec4(c.onOrderInDraft), sent: dec4(c.onOrderSent), position: dec4(s.plan.position), unit } }
      : { key: 'position', values: { onHand: dec4(c.onHand), inDraft: dec4(c.onOrderInDraft), sent: dec4(c.onOrderSent), position: dec4(s.plan.position), unit } },
  );
  steps.push({
    key: s.plan.needed ? 'atNextReviewNeeded' : 'atNextReviewFine',
    values: { meanDailyDemand: round(s.meanDailyDemand ?? 0, 3), reviewPeriodDays: review, positionAtNextReview: dec4(s.plan.positionAtNextReview), reorderPoint: dec4(s.levels.reorderPoint), unit },
  });
  if (s.plan.needed) {
    steps.push({ key: 'shortfall', values: { orderUpTo: dec4(s.levels.orderUpTo), position: dec4(s.plan.position), short: dec4(s.plan.shortOfOrderUpTo), unit } });
    steps.push({
      key: 'packs',
      values: { unitsPerPack: dec4(c.unitsPerPack), purchaseUnit: c.purchaseUnit, minimumOrderPacks: c.minimumOrderPacks, packs: s.plan.packs, units: dec4(s.plan.units), unit },
    });
    steps.push({ key: 'orderBy', values: { orderByDays: Number.isFinite(s.plan.orderByDays) ? s.plan.orderByDays : null, orderByDate: s.orderByDate ?? ctx.date } });
  }
  steps.push(
    s.stockOutDate
      ? { key: 'stockOut', values: { days: round(s.stockOutDays ?? 0, 1), date: s.stockOutDate } }
      : { key: c.forecast ? 'stockOutNotInSight' : 'stockOutNoForecast', values: {} },
  );
  if (!c.offer) steps.push({ key: 'noSupplier', values: {} });

  return {
    suggestion: s.plan.needed ? suggestionRow(s, ctx.date) : null,
    inventory_id: c.inventoryId,
    product_id: c.productId,
    product_name: c.productName,
    usage_unit: unit,
    forecast_date: ctx.date,
    needed: s.plan.needed,
    policy_mode: c.policyMode,
    level_source: s.levels.source,
    fallback,
    typed_reorder_point: dec4(c.typedReorderPoint),
    typed_par_level: dec4(c.typedParLevel),
    suggested_reorder_point: c.suggestedReorderPoint === null ? null : dec4(c.suggestedReorderPoint),
    suggested_order_up_to: c.suggestedOrderUpTo === null ? null : dec4(c.suggestedOrderUpTo),
    reorder_point: dec4(s.levels.reorderPoint),
    order_up_to: dec4(s.levels.orderUpTo),
    on_hand: dec4(c.onHand),
    on_order_in_draft: dec4(c.onOrderInDraft),
    on_order_sent: dec4(c.onOrderSent),
    position: dec4(s.plan.position),
    position_at_next_review: dec4(s.plan.positionAtNextReview),
    short_of_order_up_to: dec4(s.plan.shortOfOrderUpTo),
    order_packs: s.plan.packs,
    order_units: dec4(s.plan.units),
    units_per_pack: dec4(c.unitsPerPack),
    minimum_order_packs: c.minimumOrderPacks,
    order_by_days: Number.isFinite(s.plan.orderByDays) ? s.plan.orderByDays : null,
    stock_out_days: finiteOrNull(s.stockOutDays),
    lead_time_days: c.leadTimeDays,
    lead_time_source: c.leadTimeSource,
    review_period_days: review,
    service_level: serviceLevel,
    practice_service_level: ctx.settings.serviceLevel,
    mean_daily_demand: finiteOrNull(s.meanDailyDemand),
    mean_lead_time_demand: finiteOrNull(figures?.meanLeadTimeDemand),
    mean_cycle_demand: finiteOrNull(figures?.meanCycleDemand),
    safety_stock: finiteOrNull(figures?.safetyStock),
    distribution: c.forecast?.distribution ?? null,
    run_id: ctx.run?.id ?? null,
    run_date: ctx.run ? ctx.date : null,
    suggestion_figures: c.suggestionFigures,
    steps,
  };
}
