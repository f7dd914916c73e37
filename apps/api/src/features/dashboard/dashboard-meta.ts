import type { DashboardMeta } from '@enamel/contracts';
import type { PracticeContext } from '../practice-context/index.ts';

/** What every widget answers besides its data: the date it speaks of and the stored run it read. */
export function metaOf(ctx: PracticeContext): DashboardMeta {
  return {
    dental_practice_id: ctx.practiceId,
    forecast_date: ctx.date,
    today: ctx.today,
    currency: ctx.currency,
    run: ctx.run ? { id: ctx.run.id, status: ctx.run.status, finished_at: ctx.run.finishedAt?.toISOString() ?? null, horizon_weeks: ctx.run.horizonWeeks, level: ctx.run.level } : null,
  };
}
