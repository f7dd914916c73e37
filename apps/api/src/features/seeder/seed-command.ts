import pino from 'pino';
import { DataDirLockedError, openDatabase, type DatabaseHandle } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import { prepareDatabase } from '../../core/bootstrap.ts';
import { ConfigError, loadConfig } from '../../env.ts';
import { seedDemoData, type DemoSummary } from './seeder.service.ts';

export interface SeedCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CLI_ACTOR: Actor = { userId: null, email: null, ip: 'cli', userAgent: 'npm run seed' };

const LABELS: Record<keyof DemoSummary, string> = {
  brands: 'Brands',
  categories: 'Categories',
  products: 'Products',
  procedureCodes: 'Procedure codes',
  templates: 'Procedure templates',
  practices: 'Practices',
  inventories: 'Inventories',
  lots: 'Lots',
  procedures: 'Procedures',
  movements: 'Stock movements',
};

export function formatSummary(summary: DemoSummary): string[] {
  const rows = (Object.keys(LABELS) as Array<keyof DemoSummary>).map((key) => {
    const t = summary[key];
    return `  ${LABELS[key].padEnd(20)} ${String(t.created).padStart(6)} created ${String(t.updated).padStart(6)} updated ${String(t.unchanged).padStart(6)} unchanged`;
  });
  return ['Demo data seeded:', ...rows];
}

/**
 * `npm run seed`: opens the configured database (DATA_DIR or DATABASE_URL, as the server does), migrates it,
 * seeds the demo data and prints what it did. Returns the exit code. The embedded database allows one process at
 * a time, so with the server running this stops with a clear message (use the Seeder page, or stop the server).
 */
export async function runSeedCommand(env: NodeJS.ProcessEnv = process.env, io: SeedCommandIo = { out: console.log, err: console.error }): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(`Cannot seed: the embedded database in ${config.dataDir} is in use by ${err.holder} (is the Enamel server running?).`);
      io.err('Stop the server and run `npm run seed` again, or seed from the running server as a Super Admin (POST /api/seeder/data).');
      return 1;
    }
    throw err;
  }
  try {
    const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
    await prepareDatabase(database, config, log, io.out);
    io.out(`Seeding the ${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}…`);
    const started = Date.now();
    const summary = await seedDemoData(database.db, CLI_ACTOR);
    for (const line of formatSummary(summary)) io.out(line);
    io.out(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}
