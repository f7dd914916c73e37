import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MOST_USED_DEFAULT_PERIOD, MOST_USED_PERIODS, type DashboardData, type DashboardMeta, type DashboardWidget, type ForecastRun, type MostUsedPeriod } from '@enamel/contracts';
import { useTranslation } from 'react-i18next';
import { useRunFollower } from '../../ui/useRunFollower.ts';
import { api, postData } from '../../core/api.ts';

/** What the dashboard is showing: a practice as of a date (absent: the practice's default). */
export interface DashboardView {
  practiceId: number;
  date: string | null;
}

export interface WidgetAnswer<W extends DashboardWidget> {
  data: DashboardData<W>;
  meta: DashboardMeta;
}

export const dashboardKey = (practiceId: number) => ['dashboard', practiceId] as const;

/** One of the nine calls (GET /api/admin/dashboard/{widget}); `refId` picks the product or code of a forecast chart. */
export function useWidget<W extends DashboardWidget>(widget: W, view: DashboardView, refId?: number | null) {
  return useQuery({
    queryKey: [...dashboardKey(view.practiceId), widget, view.date, refId ?? null],
    queryFn: async ({ signal }) => {
      const params: Record<string, string | number> = { dental_practice_id: view.practiceId };
      if (view.date) params.forecast_date = view.date;
      if (refId) params.ref_id = refId;
      return (await api.get<WidgetAnswer<W>>(`/api/admin/dashboard/${widget}`, { params, signal })).data;
    },
    // Switching products on a chart keeps the previous chart until the next one arrives.
    placeholderData: refId === undefined ? undefined : keepPreviousData,
    retry: 1,
  });
}

/** The most-used widget's period as the URL keeps it (`most_used_days`): 30, 90 or 365, else the default. */
export function mostUsedPeriodOf(value: string | null): MostUsedPeriod {
  return MOST_USED_PERIODS.find((p) => String(p) === value) ?? MOST_USED_DEFAULT_PERIOD;
}

/** GET /api/admin/dashboard/most-frequently-used-items for the chosen period (days before the date). */
export function useMostUsedItems(view: DashboardView, period: MostUsedPeriod) {
  return useQuery({
    queryKey: [...dashboardKey(view.practiceId), 'most-frequently-used-items', view.date, period],
    queryFn: async ({ signal }) => {
      const params: Record<string, string | number> = { dental_practice_id: view.practiceId, period };
      if (view.date) params.forecast_date = view.date;
      return (await api.get<WidgetAnswer<'most-frequently-used-items'>>('/api/admin/dashboard/most-frequently-used-items', { params, signal })).data;
    },
    // Another period keeps the list shown until its own arrives.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** POST /api/forecast/run: 202 with a new run, or 200 with the one already under way for that date (default: the practice's today). */
export async function requestForecastRun(practiceId: number, date?: string): Promise<ForecastRun> {
  return postData<ForecastRun>('/api/forecast/run', { dental_practice_id: practiceId, ...(date ? { forecast_date: date } : {}) });
}

/** Follows a run (GET /api/forecast/run/{id}) every second while it is queued or running. */
export function useForecastRun(runId: number | null) {
  return useRunFollower({
    queryKey: ['forecast-run', runId],
    fetch: async (signal) => (await api.get<{ data: ForecastRun }>(`/api/forecast/run/${runId}`, { signal })).data.data,
    statuses: (run) => run.status,
    enabled: runId !== null,
  });
}

export { isActiveRun } from '@enamel/contracts';

/** A forecasting method as people read it: the library's names (ETS, ARIMA, THETA-TSB…); booked, procedures, succeeded (replaced by a successor), ended and a borrowed prior in this app's words. */
export function useMethodName() {
  const { t } = useTranslation();
  const named: Record<string, string> = {
    booked: 'dashboard.forecast.bookedOnly',
    procedures: 'dashboard.forecast.fromProcedures',
    succeeded: 'dashboard.forecast.methodSucceeded',
    ended: 'dashboard.forecast.methodEnded',
  };
  return (method: string) => {
    if (named[method]) return t(named[method]);
    // A thin product's borrowed demand (category or procedures), alone or pooled with its own short history's method.
    const prior = /^(?:procedures|category)-prior(?:\+(.+))?$/.exec(method);
    if (prior) return prior[1] ? t('dashboard.forecast.methodPriorWith', { method: prior[1].toUpperCase() }) : t('dashboard.forecast.methodPrior');
    return method.toUpperCase();
  };
}
