/**
 * The dashboard's calls (every widget) for one demo practice, warm, fired together as the page does (issue 14: ≤ 250 ms p95
 * wall time on PostgreSQL), on the embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on
 * PostgreSQL in a fresh database created next to it and dropped afterwards. The demo data is seeded and the
 * practice forecast first; then each call's own time over HTTP is printed next to the time of its queries run
 * directly (the widget function on the same database), and the server's memory (this process) idle after seeding
 * (after a full GC) and at its peak under the dashboard load. BENCH_ITERATIONS (30).
 */
import { performance } from 'node:perf_hooks';
import { DASHBOARD_WIDGETS } from '@enamel/contracts';
import { dentalPractices, users, type DatabaseHandle } from '@enamel/db';
import { practiceContext } from '../apps/api/src/features/practice-context/index.ts';
import { WIDGETS } from '../apps/api/src/features/dashboard/dashboard.routes.ts';
import { executeForecastRun } from '../apps/api/src/features/forecasts/forecast-run.ts';
import { requestForecastRun } from '../apps/api/src/features/forecasts/forecast-runs.service.ts';
import { collectGarbage, dashboardCalls, formatMemory, medianMs, memoryNow, onEachDatabase, peakMemory, percentile, seededApp } from './bench-databases.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const ADMIN = { email: 'bench-dashboard@example.test', password: 'Tooth-Fairy-2026!' };

async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const { database, base, cookie, close } = await seededApp(env, open, ADMIN);
  try {
    const { db } = database;
    const [practice] = await db.select().from(dentalPractices).orderBy(dentalPractices.id).limit(1);
    const [admin] = await db.select({ id: users.id }).from(users).limit(1);
    const { run } = await requestForecastRun(db, { practiceId: practice!.id, userId: admin!.id });
    await executeForecastRun(db, run.id);
    const { call, page } = dashboardCalls(base, cookie, practice!.id);
    collectGarbage();
    const idle = memoryNow();
    for (let i = 0; i < 3; i++) await page();
    const walls: number[] = [];
    const { peak } = await peakMemory(async () => {
      for (let i = 0; i < ITERATIONS; i++) {
        const start = performance.now();
        await page();
        walls.push(performance.now() - start);
      }
    });
    walls.sort((a, b) => a - b);
    console.log(`${label}: ${practice!.name}, ${DASHBOARD_WIDGETS.length} calls fired together ×${ITERATIONS}: p50 ${percentile(walls, 50).toFixed(0)} ms, p95 ${percentile(walls, 95).toFixed(0)} ms (target p95: ≤ 100 ms on PostgreSQL, ≤ 200 ms embedded)`);
    console.log(`  server memory: idle after seeding ${formatMemory(idle)}; peak under the dashboard load ${formatMemory(peak)}`);
    for (const w of DASHBOARD_WIDGETS) {
      const http = await medianMs(() => call(w), 10);
      const direct = await medianMs(async () => WIDGETS[w](await practiceContext(db, { dental_practice_id: practice!.id }), { dental_practice_id: practice!.id }), 10);
      console.log(`  ${w.padEnd(36)} HTTP ${http.toFixed(1).padStart(6)} ms   its queries directly ${direct.toFixed(1).padStart(6)} ms`);
    }
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('dashboard', benchOne);
}
