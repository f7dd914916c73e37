/**
 * A worker of the replay bench: forecasts weekly series the way the forecast run does for a product's own history
 * (`forecast` with the run's options: yearly season from two years of weeks on, the plain mean for a thin series).
 * Started by forecast-pool.ts; gets { jobs } and answers with one DemandForecast per job.
 */
import { parentPort } from 'node:worker_threads';
import { forecast, toDemand } from '@enamel/forecast';
import type { ForecastJob, ForecastAnswer } from './forecast-pool.ts';

/** The forecast run's THIN_WEEKS: below this, a series gets its plain average. */
const THIN_WEEKS = 8;

export function forecastJob(job: ForecastJob, horizon: number, level: number): ForecastAnswer {
  const n = job.values.length;
  const r = forecast(job.values, { horizon, level, seasonalPeriod: n >= 104 ? 52 : 1, ...(n < THIN_WEEKS ? { method: 'mean' as const } : {}) });
  const d = toDemand(r);
  return { key: job.key, method: r.method, mean: [...d.mean], sd: [...d.sd], distribution: d.distribution };
}

parentPort?.on('message', (msg: { jobs: ForecastJob[]; horizon: number; level: number }) => {
  parentPort!.postMessage(msg.jobs.map((j) => forecastJob(j, msg.horizon, msg.level)));
});
