/**
 * Each report with its default filters over twelve months for one demo practice, warm (issue 15: ≤ 500 ms on
 * PostgreSQL), its time over HTTP next to the time of its query run directly; then the largest report as XLSX,
 * streamed, in rows per second. Embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { REPORT_IDS } from '@enamel/contracts';
import { dentalPractices, type DatabaseHandle } from '@enamel/db';
import { runReport } from '../apps/api/src/features/reports/reports.ts';
import { medianMs, onEachDatabase, seededApp } from './bench-databases.ts';

const ADMIN = { email: 'bench-reports@example.test', password: 'Tooth-Fairy-2026!' };
async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const { database, base, cookie, close } = await seededApp(env, open, ADMIN);
  try {
    const [practice] = await database.db.select().from(dentalPractices).orderBy(dentalPractices.id).limit(1);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    console.log(`${label}: ${practice!.name}, twelve months (${from} – ${to}), median of 7 warm runs (target ≤ 500 ms on PostgreSQL)`);
    let largest: { report: (typeof REPORT_IDS)[number]; rows: number } = { report: REPORT_IDS[0], rows: 0 };
    for (const report of REPORT_IDS) {
      const query = `report=${report}&dental_practice_id=${practice!.id}&from=${from}&to=${to}`;
      let rows = 0;
      const http = await medianMs(async () => {
        const res = await fetch(`${base}/api/reports/report-data?${query}`, { headers: { cookie, 'accept-encoding': 'identity' } });
        if (res.status !== 200) throw new Error(`${report}: ${res.status} ${await res.text()}`);
        rows = ((await res.json()) as { data: { rows: unknown[] } }).data.rows.length;
      });
      const direct = await medianMs(() => runReport(database.db, { report, dental_practice_id: practice!.id, from, to, format: 'json' }));
      if (rows > largest.rows) largest = { report, rows };
      console.log(`  ${report.padEnd(26)} ${String(rows).padStart(6)} rows   HTTP ${http.toFixed(1).padStart(7)} ms   its query directly ${direct.toFixed(1).padStart(7)} ms`);
    }
    const start = performance.now();
    const res = await fetch(`${base}/api/reports/report-data?report=${largest.report}&dental_practice_id=${practice!.id}&from=${from}&to=${to}&format=xlsx`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - start) / 1000;
    console.log(`  XLSX of ${largest.report}: ${largest.rows} rows, ${(bytes / 1024).toFixed(0)} KB in ${(seconds * 1000).toFixed(0)} ms (${Math.round(largest.rows / seconds)} rows/s)`);
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('reports', benchOne);
}
