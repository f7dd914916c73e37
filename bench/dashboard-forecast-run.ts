/**
 * A forecast run per demo practice on the embedded database (issue 14: ≤ 20 s for one practice, memory bounded):
 * the demo data is seeded into a fresh temporary DATA_DIR, then each practice is forecast as of today, the way the
 * run job does it (history from the ledger, every product with consumption and every procedure code, stored).
 * Prints the time to read the history, to forecast, the whole run, series per second and the process's peak RSS.
 * BENCH_DATA_DIR reuses an already seeded folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dentalPractices, openDatabase, users } from '@enamel/db';
import { forecastAll, executeForecastRun } from '../apps/api/src/features/forecasts/forecast-run.ts';
import { requestForecastRun } from '../apps/api/src/features/forecasts/forecast-runs.service.ts';
import { buildWeeklyInput } from '../apps/api/src/features/forecasts/forecast-series.ts';
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';

export async function run(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-forecast-'));
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01', ADMIN_EMAIL: 'bench@example.test', ADMIN_PASSWORD: 'Tooth-Fairy-2026!' };
  if (!process.env.BENCH_DATA_DIR) {
    const seeded = await runSeedCommand(env, { out: () => undefined, err: console.error });
    if (seeded !== 0) throw new Error('seeding the demo data failed');
  }
  const handle = await openDatabase({ dataDir });
  try {
    const [user] = await handle.db.select({ id: users.id }).from(users).limit(1);
    const today = new Date().toISOString().slice(0, 10);
    let peak = process.memoryUsage().rss;
    for (const practice of await handle.db.select().from(dentalPractices).orderBy(dentalPractices.id)) {
      const t0 = performance.now();
      const input = await buildWeeklyInput(handle.db, practice.id, today, 12);
      const t1 = performance.now();
      const series = forecastAll(input, 12, 0.95).length;
      const t2 = performance.now();
      const { run: asked } = await requestForecastRun(handle.db, { practiceId: practice.id, userId: user!.id });
      await executeForecastRun(handle.db, asked.id);
      const whole = performance.now() - t2;
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `${practice.name.padEnd(32)} ${String(input.weeks).padStart(3)} weeks  ${String(series).padStart(4)} series  history ${(t1 - t0).toFixed(0).padStart(5)} ms  forecast ${(t2 - t1).toFixed(0).padStart(5)} ms  whole run ${whole.toFixed(0).padStart(5)} ms (target ≤ 20,000)  ${((series / whole) * 1000).toFixed(0)} series/s`,
      );
    }
    console.log(`peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await handle.close();
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
