/**
 * Growth (issue 25): the dashboard and the reports at the demo size (18 months of history) and with the history
 * grown ×5 (90 months, about ten years of a busy practice's ledger), warm, over HTTP as a user gets them, side by
 * side with the ratio. Each size is seeded into a fresh database; the first demo practice is measured. Printed per
 * size: the movements (all practices, and the practice's), the seeding time, the dashboard (every widget fired
 * together as the page does, ×BENCH_ITERATIONS, p50/p95), each report over twelve months (p50/p95 of
 * BENCH_ITERATIONS), a forecast run of the practice, and the server's memory (this process: RSS and heap idle after
 * seeding after a full GC, peak under the dashboard load, peak during the forecast run; on the embedded database
 * RSS includes the database itself). Targets: dashboard p95 ×5 ≤ 1.5× the demo size's; each report ≤ 200 ms at ×5
 * on PostgreSQL. Each seeded history is checked as `npm run check:ledger` does. The ×5 history takes long to seed on the embedded database, so it runs on PostgreSQL only unless
 * BENCH_GROWTH_EMBEDDED=1; BENCH_GROWTH_MONTHS (90) sets the grown history.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD_WIDGETS, REPORT_IDS, type ReportId } from '@enamel/contracts';
import { dentalPractices, rowsOf, users, type DatabaseHandle } from '@enamel/db';
import { sqlCol, sqlRow } from '../apps/api/src/core/sql-rows.ts';
import { executeForecastRun } from '../apps/api/src/features/forecasts/forecast-run.ts';
import { requestForecastRun } from '../apps/api/src/features/forecasts/forecast-runs.service.ts';
import { findLedgerDifferences } from '../apps/api/src/features/stock/ledger-check.ts';
import { collectGarbage, dashboardCalls, fetchReport, formatMemory, memoryNow, onEachDatabase, peakMemory, percentile, seededApp, sortedMs, twelveMonths, type Memory } from './bench-databases.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const DEMO_MONTHS = 18;
const GROWN_MONTHS = Number(process.env.BENCH_GROWTH_MONTHS ?? DEMO_MONTHS * 5);
const ADMIN = { email: 'bench-growth@example.test', password: 'Tooth-Fairy-2026!' };

interface Spread {
  p50: number;
  p95: number;
}
interface SizeFigures {
  months: number;
  movements: number;
  practiceMovements: number;
  seedSeconds: number;
  idle: Memory;
  dashboard: Spread;
  dashboardPeak: Memory;
  reports: Map<ReportId, Spread & { rows: number }>;
  forecastMs: number;
  forecastPeak: Memory;
}

const spread = (sorted: number[]): Spread => ({ p50: percentile(sorted, 50), p95: percentile(sorted, 95) });
const ms = (s: Spread) => `p50 ${s.p50.toFixed(0).padStart(5)} ms, p95 ${s.p95.toFixed(0).padStart(5)} ms`;

/** Seeds `months` of history into the database, then measures it as a user gets it. */
async function measure(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>, months: number): Promise<SizeFigures> {
  const { database, base, cookie, seedSeconds, close } = await seededApp(env, open, ADMIN, { months });
  try {
    const { db } = database;
    const [practice] = await db.select().from(dentalPractices).orderBy(dentalPractices.id).limit(1);
    const id = practice!.id;
    const counted = async (where: ReturnType<typeof sql>) => Number((await rowsOf(db, sqlRow({ n: sqlCol.int }), sql`select count(*)::int as n from stock_movements ${where}`))[0]!.n);
    const movements = await counted(sql``);
    const practiceMovements = await counted(sql`where dental_practice_id = ${id}`);
    // The simulated history must be a ledger that holds however long it is (lots, on hand).
    const differences = (await findLedgerDifferences(db)).length;
    if (differences) throw new Error(`${label}, ${months} months: the seeded ledger has ${differences} differences (npm run check:ledger)`);
    collectGarbage();
    const idle = memoryNow();
    console.log(`${label}, ${months} months: ${movements.toLocaleString('en')} movements (${practice!.name}: ${practiceMovements.toLocaleString('en')}), seeded in ${seedSeconds.toFixed(0)} s, the ledger holds; idle ${formatMemory(idle)}`);

    const { page } = dashboardCalls(base, cookie, id);
    for (let i = 0; i < 3; i++) await page();
    const { result: walls, peak: dashboardPeak } = await peakMemory(() => sortedMs(page, ITERATIONS));
    const dashboard = spread(walls);
    console.log(`  dashboard, ${DASHBOARD_WIDGETS.length} calls together ×${ITERATIONS}: ${ms(dashboard)}; peak ${formatMemory(dashboardPeak)}`);

    const period = twelveMonths();
    const reports = new Map<ReportId, Spread & { rows: number }>();
    for (const report of REPORT_IDS) {
      let rows = 0;
      const figures = spread(await sortedMs(async () => (rows = await fetchReport(base, cookie, report, id, period)), ITERATIONS));
      reports.set(report, { ...figures, rows });
      console.log(`  ${report.padEnd(26)} ${String(rows).padStart(5)} rows  ${ms(figures)}`);
    }

    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)).limit(1);
    const { run } = await requestForecastRun(db, { practiceId: id, userId: admin!.id });
    const started = performance.now();
    const { peak: forecastPeak } = await peakMemory(() => executeForecastRun(db, run.id));
    const forecastMs = performance.now() - started;
    console.log(`  forecast run of ${practice!.name}: ${(forecastMs / 1000).toFixed(1)} s; peak ${formatMemory(forecastPeak)}`);
    return { months, movements, practiceMovements, seedSeconds, idle, dashboard, dashboardPeak, reports, forecastMs, forecastPeak };
  } finally {
    await close();
  }
}

const MB = 1024 * 1024;
const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
const row = (what: string, demo: string, grown: string, r: string, note = '') => console.log(`  ${what.padEnd(34)} ${demo.padStart(14)} ${grown.padStart(14)} ${r.padStart(7)}  ${note}`);

function printSideBySide(label: string, demo: SizeFigures, grown: SizeFigures): void {
  console.log(`\n${label}: demo size (${demo.months} months) | ×${(grown.months / demo.months).toFixed(0)} history (${grown.months} months) | ratio`);
  row('movements (all practices)', demo.movements.toLocaleString('en'), grown.movements.toLocaleString('en'), ratio(demo.movements, grown.movements));
  row('movements (measured practice)', demo.practiceMovements.toLocaleString('en'), grown.practiceMovements.toLocaleString('en'), ratio(demo.practiceMovements, grown.practiceMovements));
  row('seeding', `${demo.seedSeconds.toFixed(0)} s`, `${grown.seedSeconds.toFixed(0)} s`, ratio(demo.seedSeconds, grown.seedSeconds));
  row('dashboard p50', `${demo.dashboard.p50.toFixed(0)} ms`, `${grown.dashboard.p50.toFixed(0)} ms`, ratio(demo.dashboard.p50, grown.dashboard.p50));
  const target = label === 'PostgreSQL' ? 100 : 200;
  row('dashboard p95', `${demo.dashboard.p95.toFixed(0)} ms`, `${grown.dashboard.p95.toFixed(0)} ms`, ratio(demo.dashboard.p95, grown.dashboard.p95), `(target ≤ 1.50×; ≤ ${target} ms at the demo size)`);
  for (const [report, d] of demo.reports) {
    const g = grown.reports.get(report)!;
    row(`${report} p50`, `${d.p50.toFixed(0)} ms`, `${g.p50.toFixed(0)} ms`, ratio(d.p50, g.p50));
    row(`${report} p95`, `${d.p95.toFixed(0)} ms`, `${g.p95.toFixed(0)} ms`, ratio(d.p95, g.p95), label === 'PostgreSQL' ? `(target ≤ 200 ms at ×5)${g.p95 > 200 ? ' MISSED' : ''}` : '');
  }
  row('forecast run', `${(demo.forecastMs / 1000).toFixed(1)} s`, `${(grown.forecastMs / 1000).toFixed(1)} s`, ratio(demo.forecastMs, grown.forecastMs));
  const memory = (what: string, d: Memory, g: Memory) => {
    row(`${what} RSS`, `${(d.rss / MB).toFixed(0)} MB`, `${(g.rss / MB).toFixed(0)} MB`, ratio(d.rss, g.rss));
    row(`${what} heap`, `${(d.heapUsed / MB).toFixed(0)} MB`, `${(g.heapUsed / MB).toFixed(0)} MB`, ratio(d.heapUsed, g.heapUsed));
  };
  memory('memory idle', demo.idle, grown.idle);
  memory('memory under dashboard load', demo.dashboardPeak, grown.dashboardPeak);
  memory('memory during forecast run', demo.forecastPeak, grown.forecastPeak);
}

export async function run(): Promise<void> {
  const results = new Map<string, Partial<Record<'demo' | 'grown', SizeFigures>>>();
  const collect = (size: 'demo' | 'grown', months: number) => async (label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) => {
    results.set(label, { ...results.get(label), [size]: await measure(label, env, open, months) });
  };
  await onEachDatabase('growth_demo', collect('demo', DEMO_MONTHS));
  await onEachDatabase('growth_grown', collect('grown', GROWN_MONTHS), {
    embedded: process.env.BENCH_GROWTH_EMBEDDED === '1',
    skipped: `×5 history on the embedded database takes long to seed: set BENCH_GROWTH_EMBEDDED=1 to measure it`,
  });
  for (const [label, { demo, grown }] of results) if (demo && grown) printSideBySide(label, demo, grown);
}
