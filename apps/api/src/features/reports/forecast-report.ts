import { and, desc, eq, lte } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';
import { forecastRuns, forecastSeries } from '@enamel/db';
import { weeklyActualsByRef } from '../forecasts/index.ts';
import { labels } from '../practice-context/index.ts';
import { allAtOnce, type ReportDefinition, type ReportRow } from './report-definition.ts';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const fixed = (x: number | null, digits = 4) => (x === null || !Number.isFinite(x) ? null : x.toFixed(digits));

/**
 * 8. How far to trust the forecasts: the latest completed run made at least a week before the date (default:
 * today), each of its series against what happened in the weeks that have passed — totals, mean absolute error,
 * bias (forecast − actual, per week), MASE (scaled by the series' own in-sample one-step naive error) and the
 * share of weeks inside the forecast's bounds.
 */
export const forecastAgainstActual: ReportDefinition = {
  id: 'forecast-vs-actual',
  columns: [
    { field: 'series', type: 'text', translate: 'seriesKinds' },
    { field: 'series_name', type: 'text' },
    { field: 'weeks', type: 'number' },
    { field: 'forecast', type: 'number' },
    { field: 'actual', type: 'number' },
    { field: 'mae', type: 'number' },
    { field: 'bias', type: 'number' },
    { field: 'mase', type: 'number' },
    { field: 'hit_rate', type: 'percent' },
  ],
  chart: { label: 'series_name', value: 'mase' },
  read: allAtOnce(async (ctx) => {
    const [run] = await ctx.db
      .select({ id: forecastRuns.id, forecastDate: forecastRuns.forecastDate, horizonWeeks: forecastRuns.horizonWeeks })
      .from(forecastRuns)
      .where(and(eq(forecastRuns.dentalPracticeId, ctx.practiceId), eq(forecastRuns.status, 'succeeded'), lte(forecastRuns.forecastDate, addDays(ctx.date, -7))))
      .orderBy(desc(forecastRuns.forecastDate), desc(forecastRuns.finishedAt), desc(forecastRuns.id))
      .limit(1);
    if (!run) return [];
    const weeks = Math.min(run.horizonWeeks, Math.floor(daysBetween(run.forecastDate, ctx.today) / 7));
    if (weeks <= 0) return [];
    // A chosen product or procedure code keeps its own series only.
    const chosen = (kind: string, refId: number) => (!ctx.productId && !ctx.procedureCodeId) || (kind === 'product' ? refId === ctx.productId : refId === ctx.procedureCodeId);
    const series = (await ctx.db.select().from(forecastSeries).where(eq(forecastSeries.runId, run.id))).filter((s) => chosen(s.kind, s.refId));
    const out: ReportRow[] = [];
    for (const kind of ['product', 'procedure_code'] as const) {
      const mine = series.filter((s) => s.kind === kind);
      const actual = await weeklyActualsByRef(ctx.db, { practiceId: ctx.practiceId, forecastDate: run.forecastDate, weeks, timeZone: ctx.timeZone, kind });
      const names = await labels(ctx, kind, mine.map((s) => s.refId));
      for (const s of mine) {
        const a = actual.get(s.refId) ?? new Array<number>(weeks).fill(0);
        const f = s.mean.slice(0, weeks);
        const errors = f.map((m, w) => m - a[w]!);
        const mae = errors.reduce((sum, e) => sum + Math.abs(e), 0) / weeks;
        const naive = s.history.length > 1 ? s.history.slice(1).reduce((sum, h, i) => sum + Math.abs(h - s.history[i]!), 0) / (s.history.length - 1) : 0;
        const hits = a.filter((v, w) => v >= (s.lower[w] ?? 0) - 1e-6 && v <= (s.upper[w] ?? 0) + 1e-6).length;
        out.push({
          series: kind,
          series_name: names.get(s.refId)?.label ?? String(s.refId),
          weeks,
          forecast: fixed(f.reduce((x, y) => x + y, 0), 2),
          actual: fixed(a.reduce((x, y) => x + y, 0), 2),
          mae: fixed(mae, 2),
          bias: fixed(errors.reduce((x, y) => x + y, 0) / weeks, 2),
          mase: naive > 0 ? fixed(mae / naive, 2) : null,
          hit_rate: fixed(hits / weeks),
        });
      }
    }
    return out.sort((x, y) => String(x.series).localeCompare(String(y.series)) || Number(y.actual) - Number(x.actual));
  }),
};
