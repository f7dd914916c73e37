import type { Deps } from '../../core/context.ts';
import { runStockAlerts } from '../alerts/stock-alerts.ts';
import { executeForecastRun } from './forecast-run.ts';

/** The queue forecast runs asked for on a screen go through (any instance may run them). */
export const FORECAST_RUN_QUEUE = 'forecast-run';

interface ForecastRunJob {
  runId: number;
  practiceId: number;
  /** A run as of the practice's today also refreshes its stock alerts (a predicted stock-out is one). */
  alerts: boolean;
}

/** Starts this instance's worker of forecast runs. */
export async function workForecastRuns(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs.work<ForecastRunJob>(FORECAST_RUN_QUEUE, async ({ data }) => {
    await executeForecastRun(deps.db, data.runId);
    if (data.alerts) await runStockAlerts(deps.db, [data.practiceId]);
  });
}

/** Queues a committed run (its row is `queued`) and wakes this instance's worker. */
export async function queueForecastRun(deps: Pick<Deps, 'jobs'>, job: ForecastRunJob): Promise<void> {
  await deps.jobs.send(FORECAST_RUN_QUEUE, job);
  deps.jobs.wake(FORECAST_RUN_QUEUE);
}
