// `npm run sync -- open-dental`: procedures from a practice-management system into Enamel (docs/open-dental.md).
// Reads the source's database (OPEN_DENTAL_DATABASE_URL, a mysql:// URL) since the practice's cursor and sends the
// rows in batches to ENAMEL_URL with ENAMEL_TOKEN, for the practice ENAMEL_PRACTICE (its id).
import { enamelApiAt } from '../apps/api/src/sync/enamel-http.ts';
import { SYNC_SOURCES, runSync } from '../apps/api/src/sync/run-sync.ts';

const name = process.argv[2];
const source = name ? SYNC_SOURCES[name] : undefined;
const envName = (s: string) => `${s.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`;
if (!source) {
  console.error(`Usage: npm run sync -- <source>   (sources: ${Object.keys(SYNC_SOURCES).join(', ')})`);
  process.exit(2);
}
const missing = [envName(source.name), 'ENAMEL_URL', 'ENAMEL_TOKEN', 'ENAMEL_PRACTICE'].filter((v) => !process.env[v]);
const practiceId = Number(process.env.ENAMEL_PRACTICE);
if (missing.length || !Number.isInteger(practiceId) || practiceId <= 0) {
  console.error(missing.length ? `Missing environment: ${missing.join(', ')}` : 'ENAMEL_PRACTICE must be the practice id (a whole number).');
  process.exit(2);
}
const started = performance.now();
try {
  const totals = await runSync({
    source, sourceUrl: process.env[envName(source.name)]!, practiceId, api: enamelApiAt({ baseUrl: process.env.ENAMEL_URL!, token: process.env.ENAMEL_TOKEN! }),
    batchSize: Number(process.env.SYNC_BATCH_SIZE ?? 500), lagSeconds: Number(process.env.SYNC_LAG_SECONDS ?? 5), log: console.log,
  });
  console.log(`${source.label}: ${totals.read} rows read in ${totals.batches} batch(es), ${totals.applied} applied, ${totals.unchanged} unchanged, ${totals.unknown} waiting for an unknown code, ${totals.skipped} skipped (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  for (const [code, u] of totals.unknownCodes) console.log(`  unknown code ${code}${u.description ? ` (${u.description})` : ''}: ${u.count} row(s) — map it on the Integrations screen`);
  for (const s of totals.skippedRows.slice(0, 50)) console.log(`  skipped ${s.external_id}: ${s.reason}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
