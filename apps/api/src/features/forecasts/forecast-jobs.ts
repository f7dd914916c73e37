import { z } from 'zod';
import type { Deps } from '../../core/context.ts';
import { defineJob } from '../../core/jobs/index.ts';
import { runStockAlerts } from '../alerts/index.ts';
import { executeForecastRun } from './forecast-run.ts';

/** A forecast run asked for on a screen: any instance runs it (its row is committed `queued` first). */
export const forecastRunJob = defineJob({
  queue: 'forecast-run',
  payload: z.object({
    runId: z.number().int(),
    practiceId: z.number().int(),
    /** A run as of the practice's today also refreshes its stock alerts (a predicted stock-out is one). */
    alerts: z.boolean(),
  }),
  async handler(job, { deps }) {
    await executeForecastRun(deps.db, job.runId);
    if (job.alerts) await runStockAlerts(deps.db, [job.practiceId]);
  },
});

/** Queues a committed run (its row is `queued`) and wakes this instance's worker. */
export async function queueForecastRun(deps: Pick<Deps, 'jobs'>, job: z.infer<typeof forecastRunJob.payload>): Promise<void> {
  await forecastRunJob.send(deps, job);
}
