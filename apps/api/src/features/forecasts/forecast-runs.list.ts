import { eq, sql } from 'drizzle-orm';
import type { ForecastRun } from '@enamel/contracts';
import { dentalPractices, forecastRuns, users, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);

/** The forecast runs (the notes' `forecast_date` list): practice, date, status, who, how long, what. */
export const forecastRunList: ListDefinition<ForecastRun> = {
  path: '/api/admin/list/forecast_date',
  columns: {
    id: { type: 'number', expr: forecastRuns.id, sort: true, filter: true },
    dental_practice_id: { type: 'number', expr: forecastRuns.dentalPracticeId, filter: true },
    dental_practice_name: { type: 'string', expr: dentalPractices.name, sort: true, filter: true, search: true },
    forecast_date: { type: 'date', expr: forecastRuns.forecastDate, sort: true, filter: true },
    status: { type: 'string', expr: forecastRuns.status, sort: true, filter: true },
    requested_by_email: { type: 'string', expr: users.email, sort: true, filter: true, search: true },
    created_at: { type: 'date', expr: forecastRuns.createdAt, sort: true, filter: true },
    finished_at: { type: 'date', expr: forecastRuns.finishedAt, sort: true, filter: true },
    duration_ms: { type: 'number', expr: forecastRuns.durationMs, sort: true, filter: true },
    series_count: { type: 'number', expr: forecastRuns.seriesCount, sort: true, filter: true },
    wape: { type: 'number', expr: forecastRuns.wape, sort: true, filter: true },
    coverage: { type: 'number', expr: forecastRuns.coverage, sort: true, filter: true },
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
  tiebreaker: forecastRuns.id,
  query: (db: Database) =>
    db
      .select({
        id: forecastRuns.id,
        dental_practice_id: forecastRuns.dentalPracticeId,
        dental_practice_name: dentalPractices.name,
        forecast_date: forecastRuns.forecastDate,
        status: forecastRuns.status,
        horizon_weeks: forecastRuns.horizonWeeks,
        level: sql<string>`${forecastRuns.level}::text`,
        requested_by: forecastRuns.requestedBy,
        requested_by_email: users.email,
        created_at: forecastRuns.createdAt,
        started_at: forecastRuns.startedAt,
        finished_at: forecastRuns.finishedAt,
        duration_ms: forecastRuns.durationMs,
        series_count: forecastRuns.seriesCount,
        methods: forecastRuns.methods,
        error: forecastRuns.error,
        accuracy_weeks: forecastRuns.accuracyWeeks,
        wape: forecastRuns.wape,
        coverage: forecastRuns.coverage,
      })
      .from(forecastRuns)
      .innerJoin(dentalPractices, eq(dentalPractices.id, forecastRuns.dentalPracticeId))
      .leftJoin(users, eq(users.id, forecastRuns.requestedBy))
      .$dynamic(),
  present: ({ accuracy_weeks, wape, coverage, ...row }) =>
    ({
      ...row,
      created_at: iso(row.created_at)!,
      started_at: iso(row.started_at),
      finished_at: iso(row.finished_at),
      accuracy: accuracy_weeks === null || coverage === null ? null : { weeks: accuracy_weeks, wape: wape === null ? null : Number(wape), coverage: Number(coverage) },
    }) as ForecastRun,
};
