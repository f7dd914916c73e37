/**
 * Growth (issue 25): the dashboard and the reports at the demo size (18 months of history) and with the history
 * grown ×5 (90 months, about ten years of a busy practice's ledger), warm, over HTTP as a user gets them, side by
 * side with the ratio. Each size is seeded into a fresh database of its own; the first demo practice is measured.
 * Each size alone in the process (the other's app closed): the movements (all practices, and the practice's), the
 * seeding time, the ledger checked as `npm run check:ledger` does, and the server's memory (this process: RSS and
 * heap idle after a full GC, peak under the dashboard load, peak during a forecast run of the practice; on the
 * embedded database RSS includes the database itself). Then both apps together, timed alternately round by round
 * (so a change in the machine's load falls on both sizes, not on one): the dashboard (every widget fired together as
 * the page does, ×BENCH_ITERATIONS, p50/p95) and each report over twelve months (p50/p95 of BENCH_ITERATIONS).
 * Targets: dashboard p95 ×5 ≤ 1.5× the demo size's; each report ≤ 200 ms at ×5 on PostgreSQL. The ×5 history takes
 * long to seed on the embedded database, so the bench runs on PostgreSQL only unless
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
import { collectGarbage, dashboardCalls, fetchReport, formatMemory, memoryNow, onEachDatabaseSet, peakMemory, percentile, seedHistory, sortedMs, startedApp, twelveMonths, type BenchDatabase, type Memory } from './bench-databases.ts';

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

type Started = Awaited<ReturnType<typeof startedApp>>;

/** A seeded size alone in the process (the other's app is closed): its ledger checked, its memory idle, under the dashboard and during a forecast run. */
async function sizeAlone(label: string, open: () => Promise<DatabaseHandle>, months: number, seedSeconds: number) {
  const started = await startedApp(open, ADMIN);
  try {
    const { db } = started.database;
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

    const { page } = dashboardCalls(started.base, started.cookie, id);
    for (let i = 0; i < 3; i++) await page();
    const { peak: dashboardPeak } = await peakMemory(() => sortedMs(page, ITERATIONS));

    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)).limit(1);
    const { run } = await requestForecastRun(db, { practiceId: id, userId: admin!.id });
    const begun = performance.now();
    const { peak: forecastPeak } = await peakMemory(() => executeForecastRun(db, run.id));
    const forecastMs = performance.now() - begun;
    console.log(`  peak under the dashboard ${formatMemory(dashboardPeak)}; forecast run of ${practice!.name}: ${(forecastMs / 1000).toFixed(1)} s, peak ${formatMemory(forecastPeak)}`);
    return { practiceId: id, months, movements, practiceMovements, seedSeconds, idle, dashboardPeak, forecastMs, forecastPeak };
  } finally {
    await started.close();
  }
}

/**
 * `fn` timed on both sizes in turn, `times` rounds after a warm-up, the first size going first in every other
 * round: each size's milliseconds, sorted. Both apps run meanwhile, so a change in the machine's load falls on both.
 */
async function alternately(times: number, fns: [() => Promise<unknown>, () => Promise<unknown>]): Promise<[number[], number[]]> {
  const out: [number[], number[]] = [[], []];
  for (const fn of fns) await fn();
  for (let i = 0; i < times; i++) {
    for (const which of i % 2 ? [1, 0] : [0, 1]) {
      const start = performance.now();
      await fns[which]!();
      out[which]!.push(performance.now() - start);
    }
  }
  return [out[0].sort((a, b) => a - b), out[1].sort((a, b) => a - b)];
}

/** Both sizes seeded into their own databases, then measured: each alone for its memory, both together for their speed. */
async function measureBoth(label: string, [demoDb, grownDb]: BenchDatabase[]): Promise<[SizeFigures, SizeFigures]> {
  const demoSeed = await seedHistory(demoDb!.env, ADMIN, { months: DEMO_MONTHS });
  const grownSeed = await seedHistory(grownDb!.env, ADMIN, { months: GROWN_MONTHS });
  const demoAlone = await sizeAlone(label, demoDb!.open, DEMO_MONTHS, demoSeed);
  const grownAlone = await sizeAlone(label, grownDb!.open, GROWN_MONTHS, grownSeed);
  const apps: Started[] = [];
  try {
    apps.push(await startedApp(demoDb!.open, ADMIN), await startedApp(grownDb!.open, ADMIN));
    const [demoApp, grownApp] = apps as [Started, Started];
    const pages = [dashboardCalls(demoApp.base, demoApp.cookie, demoAlone.practiceId).page, dashboardCalls(grownApp.base, grownApp.cookie, grownAlone.practiceId).page] as const;
    for (let i = 0; i < 3; i++) for (const page of pages) await page();
    const [demoWalls, grownWalls] = await alternately(ITERATIONS, [pages[0], pages[1]]);
    const dashboards = [spread(demoWalls), spread(grownWalls)] as const;
    console.log(`${label}: dashboard, ${DASHBOARD_WIDGETS.length} calls together ×${ITERATIONS} on each size, alternately: ${DEMO_MONTHS} months ${ms(dashboards[0])}; ${GROWN_MONTHS} months ${ms(dashboards[1])}`);

    const period = twelveMonths();
    const reports = [new Map<ReportId, Spread & { rows: number }>(), new Map<ReportId, Spread & { rows: number }>()] as const;
    for (const report of REPORT_IDS) {
      const rows = [0, 0];
      const [demoMs, grownMs] = await alternately(ITERATIONS, [
        async () => (rows[0] = await fetchReport(demoApp.base, demoApp.cookie, report, demoAlone.practiceId, period)),
        async () => (rows[1] = await fetchReport(grownApp.base, grownApp.cookie, report, grownAlone.practiceId, period)),
      ]);
      reports[0].set(report, { ...spread(demoMs), rows: rows[0]! });
      reports[1].set(report, { ...spread(grownMs), rows: rows[1]! });
      console.log(`  ${report.padEnd(26)} ${String(rows[0]).padStart(5)} | ${String(rows[1]).padStart(5)} rows  ${ms(spread(demoMs))} | ${ms(spread(grownMs))}`);
    }
    return [
      { ...demoAlone, dashboard: dashboards[0], reports: reports[0] },
      { ...grownAlone, dashboard: dashboards[1], reports: reports[1] },
    ];
  } finally {
    for (const app of apps) await app.close();
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
  await onEachDatabaseSet(
    'growth',
    ['demo', 'grown'],
    async (label, databases) => {
      const [demo, grown] = await measureBoth(label, databases);
      printSideBySide(label, demo, grown);
    },
    { embedded: process.env.BENCH_GROWTH_EMBEDDED === '1', skipped: `×5 history on the embedded database takes long to seed: set BENCH_GROWTH_EMBEDDED=1 to measure it` },
  );
}
