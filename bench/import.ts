/**
 * The import pipeline on a 100,000-product CSV, through the real HTTP stack in-process: upload (multipart),
 * background validation followed by polling, then the one-transaction write. Prints rows per second for each
 * phase and the peak RSS and heap while it runs (sampled every 20 ms).
 *
 * BENCH_IMPORT_ROWS (100000), BENCH_DATABASE_URL (PostgreSQL instead of the embedded database in a temp dir).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brands, categories, openDatabase } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { Agent } from '../apps/api/test/agent.ts';
import { createUser } from '../apps/api/test/factories.ts';
import { multipart } from '../apps/api/test/imports-helpers.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;

function generateCsv(file: string, rows: number, brandNames: string[], categoryNames: string[]) {
  const units = ['each', 'box', 'pack', 'syringe', 'carpule', 'bottle'];
  const lines = ['sku,name,gtin,brand,category,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,tracks_lots,description,status'];
  for (let i = 0; i < rows; i++) {
    const per = [1, 10, 50, 100][i % 4]!;
    lines.push(
      [
        `BENCH-${String(i).padStart(6, '0')}`,
        `"Bench product ${i}, size ${['S', 'M', 'L'][i % 3]}"`,
        '',
        brandNames[i % brandNames.length],
        categoryNames[i % categoryNames.length],
        units[i % units.length],
        'box',
        per,
        ((i % 5000) / 10 + 1).toFixed(2),
        i % 7 === 0 ? 'yes' : 'no',
        i % 3 === 0 ? `Description of product ${i}` : '',
        'active',
      ].join(','),
    );
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-import-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dir, 'db') });
  try {
    await database.migrate();
    await seedRoles(database.db);
    const db = database.db;
    const brandNames = Array.from({ length: 40 }, (_, i) => `Bench Brand ${i}`);
    await db.insert(brands).values(brandNames.map((name) => ({ name }))).onConflictDoNothing();
    const categoryNames = Array.from({ length: 30 }, (_, i) => `Bench Category ${i}`);
    await db.insert(categories).values(categoryNames.map((name) => ({ name }))).onConflictDoNothing();

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const user = await createUser(db, { role: 'Super Admin' });
    const agent = new Agent(app);
    await agent.login(user.email, user.password);

    const csv = path.join(dir, 'products.csv');
    generateCsv(csv, ROWS, brandNames, categoryNames);
    const size = fs.statSync(csv).size;
    console.log(`${ROWS.toLocaleString('en')} products, ${(size / MB).toFixed(1)} MB CSV, ${url ? 'PostgreSQL' : 'PGlite'}`);

    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);

    // The slowest poll answer per phase: on the embedded database the write's transaction holds the one connection.
    const slowest = { validating: 0, importing: 0 };
    const poll = async (id: string) => {
      for (;;) {
        const asked = performance.now();
        const res = await agent.get(`/api/import/${id}`);
        const took = performance.now() - asked;
        const job = res.json().data as { status: string; valid_rows: number; invalid_rows: number; created: number; updated: number; failure: string | null };
        if (job.status === 'importing' || job.status === 'done') slowest.importing = Math.max(slowest.importing, took);
        else slowest.validating = Math.max(slowest.validating, took);
        if (!['queued', 'validating', 'importing'].includes(job.status)) return job;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    const { payload, headers } = multipart('products.csv', fs.readFileSync(csv), { contentType: 'text/csv' });
    const t0 = performance.now();
    const res = await agent.request('POST', '/api/product/import', { payload, headers });
    if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    const id = (res.json().data as { id: string }).id;
    const validated = await poll(id);
    const t1 = performance.now();
    if (validated.status !== 'validated' || validated.valid_rows !== ROWS) throw new Error(`validation: ${JSON.stringify(validated)}`);
    await agent.post(`/api/import/${id}/commit`, { mode: 'valid' });
    const done = await poll(id);
    const t2 = performance.now();
    clearInterval(sampler);
    if (done.status !== 'done') throw new Error(`write: ${JSON.stringify(done)}`);

    const rate = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en');
    console.log(`upload + validation: ${((t1 - t0) / 1000).toFixed(2)} s (${rate(t1 - t0)} rows/s)`);
    console.log(`write (one transaction): ${((t2 - t1) / 1000).toFixed(2)} s (${rate(t2 - t1)} rows/s), created ${done.created}, updated ${done.updated}`);
    console.log(`end to end: ${((t2 - t0) / 1000).toFixed(2)} s (${rate(t2 - t0)} rows/s)`);
    console.log(`slowest poll answer: ${slowest.validating.toFixed(0)} ms while validating, ${slowest.importing.toFixed(0)} ms while writing`);
    console.log(`peak RSS ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - base.rss) / MB).toFixed(0)} MB), peak heap ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - base.heapUsed) / MB).toFixed(0)} MB); the file is ${(size / MB).toFixed(1)} MB`);
    await app.close();
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
