/**
 * Each report with its default filters over twelve months for one demo practice, warm (issue 15: ≤ 500 ms on
 * PostgreSQL), its time over HTTP next to the time of its query run directly; then a 1,000-row PDF (≤ 5 s), and
 * the XLSX export of 100,000 movement lines (the demo ledger topped up with receipts), streamed: rows per second and
 * the server process's peak memory growth while it runs (≤ 150 MB). Embedded database and, with BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL), PostgreSQL.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { REPORT_EXPORT_MAX_ROWS, REPORT_IDS } from '@enamel/contracts';
import { dentalPractices, inventories, rowsOf, type DatabaseHandle } from '@enamel/db';
import { sqlCol, sqlRow } from '../apps/api/src/core/sql-rows.ts';
import { runReport } from '../apps/api/src/features/reports/reports.ts';
import { fetchReport, medianMs, onEachDatabase, peakMemory, seededApp, twelveMonths } from './bench-databases.ts';

const ADMIN = { email: 'bench-reports@example.test', password: 'Tooth-Fairy-2026!' };
const MB = 1024 * 1024;

/** Downloads a report, reading the body as it comes (never held whole): its bytes and the seconds it took. */
async function download(url: string, cookie: string): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { bytes, seconds: (performance.now() - start) / 1000 };
}

/** Runs `fn` while sampling this process's memory (the server runs in it): the peak growth of RSS and heap. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  const { result, before, peak } = await peakMemory(fn);
  return { result, rss: peak.rss - before.rss, heap: peak.heapUsed - before.heapUsed };
}

async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const { database, base, cookie, close } = await seededApp(env, open, ADMIN);
  try {
    const [practice] = await database.db.select().from(dentalPractices).orderBy(dentalPractices.id).limit(1);
    const id = practice!.id;
    const { from, to } = twelveMonths();
    console.log(`${label}: ${practice!.name}, twelve months (${from} – ${to}), median of 7 warm runs (target ≤ 500 ms on PostgreSQL)`);
    for (const report of REPORT_IDS) {
      let count = 0;
      const http = await medianMs(async () => (count = await fetchReport(base, cookie, report, id, { from, to })));
      const direct = await medianMs(() => runReport(database.db, { report, dental_practice_id: id, from, to, format: 'json' }));
      console.log(`  ${report.padEnd(26)} ${String(count).padStart(6)} rows   HTTP ${http.toFixed(1).padStart(7)} ms   its query directly ${direct.toFixed(1).padStart(7)} ms`);
    }

    // A PDF of about 1,000 movement lines: the days back to the 1,000th latest movement.
    const [since] = await rowsOf(
      database.db,
      sqlRow({ day: sqlCol.text }),
      sql`select to_char(occurred_at at time zone ${practice!.timeZone}, 'YYYY-MM-DD') as day from stock_movements where dental_practice_id = ${id} order by occurred_at desc offset 999 limit 1`,
    );
    const pdfQuery = `${base}/api/reports/report-data?report=stock-movements&view=lines&dental_practice_id=${id}&from=${since!.day}&to=${to}`;
    const pdfRows = ((await (await fetch(pdfQuery, { headers: { cookie } })).json()) as { data: { row_count: number } }).data.row_count;
    const first = await download(`${pdfQuery}&format=pdf`, cookie);
    let pdf = first;
    // The PDF is laid out on a worker thread: the server's own event loop (this process) stays free meanwhile.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const warm = await medianMs(async () => (pdf = await download(`${pdfQuery}&format=pdf`, cookie)), 3);
    loop.disable();
    console.log(
      `  PDF of ${pdfRows} movement lines: ${(pdf.bytes / 1024).toFixed(0)} KB, first ${(first.seconds * 1000).toFixed(0)} ms (fonts loaded), then ${warm.toFixed(0)} ms (target ≤ 5 s); ` +
        `the server's event loop held at most ${(loop.max / 1e6).toFixed(0)} ms meanwhile`,
    );

    // 100,000 movement lines in the twelve months: the demo ledger topped up with receipts of one product.
    const wanted = REPORT_EXPORT_MAX_ROWS.xlsx;
    const lines = `${base}/api/reports/report-data?report=stock-movements&view=lines&dental_practice_id=${id}&from=${from}&to=${to}`;
    const have = ((await (await fetch(lines, { headers: { cookie } })).json()) as { data: { row_count: number } }).data.row_count;
    const [inventory] = await database.db.select().from(inventories).where(eq(inventories.dentalPracticeId, id)).limit(1);
    if (have < wanted)
      await database.db.execute(
        sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, type, quantity, unit_cost, occurred_at)
            select ${id}, ${inventory!.id}, ${inventory!.productId}, 'receive', 1 + g % 7, 0.25 + (g % 40) / 100.0, now() - (g % 360) * interval '1 day' - g * interval '1 second'
            from generate_series(1, ${wanted - have}) g`,
      );
    const { result, rss, heap } = await peakGrowth(() => download(`${lines}&format=xlsx`, cookie));
    console.log(
      `  XLSX of ${wanted.toLocaleString('en')} movement lines: ${(result.bytes / MB).toFixed(1)} MB in ${result.seconds.toFixed(1)} s (${Math.round(wanted / result.seconds).toLocaleString('en')} rows/s); ` +
        `peak growth RSS +${(rss / MB).toFixed(0)} MB, heap +${(heap / MB).toFixed(0)} MB (target ≤ 150 MB)`,
    );
    const csv = await peakGrowth(() => download(`${lines}&format=csv`, cookie));
    console.log(`  CSV of the same: ${(csv.result.bytes / MB).toFixed(1)} MB in ${csv.result.seconds.toFixed(1)} s (${Math.round(wanted / csv.result.seconds).toLocaleString('en')} rows/s); peak growth RSS +${(csv.rss / MB).toFixed(0)} MB, heap +${(csv.heap / MB).toFixed(0)} MB`);
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('reports', benchOne);
}
