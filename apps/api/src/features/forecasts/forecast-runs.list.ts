import { eq } from 'drizzle-orm';
import { forecastRunListContract, type ListRow } from '@enamel/contracts';
import { dentalPractices, forecastRuns, users } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

type ForecastRunRow = ListRow<typeof forecastRunListContract>;

/** The forecast runs (the `forecast_date` list, docs/client-contract.md#paths): practice, date, status, who, how long, what. */
export const forecastRunList = bindList(forecastRunListContract, {
  table: forecastRuns,
  columns: {
    dental_practice_name: dentalPractices.name,
    requested_by_email: users.email,
  },
  extra: { failure: forecastRuns.failure, requested_by: forecastRuns.requestedBy, methods: forecastRuns.methods, accuracy_weeks: forecastRuns.accuracyWeeks },
  joins: [
    { inner: dentalPractices, on: eq(dentalPractices.id, forecastRuns.dentalPracticeId) },
    { left: users, on: eq(users.id, forecastRuns.requestedBy) },
  ],
  tiebreaker: forecastRuns.id,
  present: ({ accuracy_weeks, ...row }) => {
    const run = row as Omit<ForecastRunRow, 'accuracy'>;
    const weeks = accuracy_weeks as number | null;
    return { ...run, accuracy: weeks === null || run.coverage === null ? null : { weeks, wape: run.wape, coverage: run.coverage } };
  },
});
