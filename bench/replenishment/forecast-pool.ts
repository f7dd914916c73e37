/** Forecasts many weekly series on every core (worker threads running forecast-worker.ts through tsx). */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface ForecastJob {
  key: string;
  /** Weekly demand before the replayed week. */
  values: number[];
}
export interface ForecastAnswer {
  key: string;
  method: string;
  mean: number[];
  sd: number[];
  distribution: 'normal' | 'count';
}

export async function forecastMany(jobs: ForecastJob[], horizon: number, level: number, threads = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)): Promise<Map<string, ForecastAnswer>> {
  const url = new URL('./forecast-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`;
  const workers = Array.from({ length: Math.min(threads, Math.max(1, jobs.length)) }, () => new Worker(boot, { eval: true }));
  const out = new Map<string, ForecastAnswer>();
  // Small batches handed out as workers finish, so both cores stay busy to the end.
  const BATCH = 100;
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < jobs.length) {
          const batch = jobs.slice(next, (next += BATCH));
          const answers = await new Promise<ForecastAnswer[]>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.postMessage({ jobs: batch, horizon, level });
          });
          worker.removeAllListeners('error');
          for (const a of answers) out.set(a.key, a);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
