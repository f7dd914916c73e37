/**
 * Each report with its default filters over twelve months for one demo practice, warm (issue 15: ≤ 500 ms on
 * PostgreSQL), its time over HTTP next to the time of its query run directly; then the largest report as XLSX,
 * streamed, in rows per second. Embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPORT_IDS } from '@enamel/contracts';
import { dentalPractices, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { runReport } from '../apps/api/src/features/reports/reports.ts';
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';
import { onEachDatabase } from './bench-databases.ts';
import { signIn } from './sign-in.ts';

const ADMIN = { email: 'bench-reports@example.test', password: 'Tooth-Fairy-2026!' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>, times = 7): Promise<number> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return median(out);
}

async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const seeded = await runSeedCommand({ ...env, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { out: () => undefined, err: console.error });
  if (seeded !== 0) throw new Error('seeding the demo data failed');
  const database = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-reports-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), database, logger: false });
  try {
    const [practice] = await database.db.select().from(dentalPractices).orderBy(dentalPractices.id).limit(1);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const cookie = await signIn(base, ADMIN.email, ADMIN.password);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    console.log(`${label}: ${practice!.name}, twelve months (${from} – ${to}), median of 7 warm runs (target ≤ 500 ms on PostgreSQL)`);
    let largest: { report: (typeof REPORT_IDS)[number]; rows: number } = { report: REPORT_IDS[0], rows: 0 };
    for (const report of REPORT_IDS) {
      const query = `report=${report}&dental_practice_id=${practice!.id}&from=${from}&to=${to}`;
      let rows = 0;
      const http = await timed(async () => {
        const res = await fetch(`${base}/api/reports/report-data?${query}`, { headers: { cookie, 'accept-encoding': 'identity' } });
        if (res.status !== 200) throw new Error(`${report}: ${res.status} ${await res.text()}`);
        rows = ((await res.json()) as { data: { rows: unknown[] } }).data.rows.length;
      });
      const direct = await timed(() => runReport(database.db, { report, dental_practice_id: practice!.id, from, to, format: 'json' }));
      if (rows > largest.rows) largest = { report, rows };
      console.log(`  ${report.padEnd(26)} ${String(rows).padStart(6)} rows   HTTP ${http.toFixed(1).padStart(7)} ms   its query directly ${direct.toFixed(1).padStart(7)} ms`);
    }
    const start = performance.now();
    const res = await fetch(`${base}/api/reports/report-data?report=${largest.report}&dental_practice_id=${practice!.id}&from=${from}&to=${to}&format=xlsx`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - start) / 1000;
    console.log(`  XLSX of ${largest.report}: ${largest.rows} rows, ${(bytes / 1024).toFixed(0)} KB in ${(seconds * 1000).toFixed(0)} ms (${Math.round(largest.rows / seconds)} rows/s)`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('reports', benchOne);
}
