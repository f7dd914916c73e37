import { daysBetween, type DashboardData } from '@enamel/contracts';
import { weeklyActualsByRef } from '../../forecasts/index.ts';
import { labels, runSeries, type PracticeContext } from '../../practice-context/index.ts';
import { successionOf } from '../../products/index.ts';

type Successions = NonNullable<DashboardData<'demand-forecast-data'>['selected']>['successions'];

/**
 * A product's succession as its chart marks it: every product it replaces (nearest first) and its direct successor,
 * each with its name and the day the succession starts.
 */
async function chartSuccessions(ctx: PracticeContext, productId: number): Promise<Successions> {
  const chain = (await successionOf(ctx.db, [productId])).get(productId);
  if (!chain) return [];
  const steps = [...chain.predecessors.map((s) => ({ relation: 'replaces' as const, ...s })), ...chain.successors.slice(0, 1).map((s) => ({ relation: 'replaced_by' as const, ...s }))];
  if (steps.length === 0) return [];
  const names = await labels(ctx, 'product', steps.map((s) => s.productId));
  return steps.map((s) => ({ relation: s.relation, product_id: s.productId, name: names.get(s.productId)?.label ?? String(s.productId), date: s.date }));
}

/** At most this many series are offered in the widget's selector (the busiest first). */
export const CHART_OPTIONS = 200;

/**
 * History and forecast of one procedure code or product from the stored run, with its interval band and, for
 * a past date, what really happened in the forecast weeks that have passed. The selector offers the busiest
 * series; `ref_id` picks one (the busiest by default).
 */
export async function forecastChart(ctx: PracticeContext, kind: 'product' | 'procedure_code'): Promise<DashboardData<'procedure-forecast-data'>> {
  const all = await runSeries(ctx, kind);
  // Each series' use over its last 26 weeks, added up once (not in every comparison of the sort).
  const recent = new Map(all.map((s) => [s, s.history.slice(-26).reduce((a, b) => a + b, 0)]));
  const busiest = [...all].sort((a, b) => recent.get(b)! - recent.get(a)! || a.refId - b.refId).slice(0, CHART_OPTIONS);
  const chosen = (ctx.refId !== undefined ? all.find((s) => s.refId === ctx.refId) : undefined) ?? busiest[0];
  const names = await labels(ctx, kind, [...new Set([...busiest.map((s) => s.refId), ...(chosen ? [chosen.refId] : [])])]);
  const options = busiest.map((s) => ({ id: s.refId, label: names.get(s.refId)?.label ?? String(s.refId) })).sort((a, b) => a.label.localeCompare(b.label));
  if (!chosen) return { options, selected: null };
  // The forecast weeks that have fully passed by today: a back-test's actuals.
  const passed = Math.min(chosen.mean.length, Math.floor(daysBetween(ctx.date, ctx.today) / 7));
  const actual =
    passed > 0
      ? ((await weeklyActualsByRef(ctx.db, { practiceId: ctx.practiceId, forecastDate: ctx.date, weeks: passed, timeZone: ctx.timeZone, kind, refId: chosen.refId })).get(chosen.refId) ?? new Array<number>(passed).fill(0))
      : [];
  return {
    options,
    selected: {
      id: chosen.refId,
      label: names.get(chosen.refId)?.label ?? String(chosen.refId),
      unit: names.get(chosen.refId)?.unit ?? null,
      method: chosen.method,
      source: chosen.source,
      thin: chosen.thin,
      history_start: chosen.historyStart,
      history: chosen.history,
      forecast_start: ctx.date,
      mean: chosen.mean,
      lower: chosen.lower,
      upper: chosen.upper,
      booked: chosen.booked,
      actual,
      successions: kind === 'product' ? await chartSuccessions(ctx, chosen.refId) : [],
    },
  };
}
