import type { Actor } from '../../core/activity-log.ts';
import { withConfiguredDatabase, type CommandIo } from '../../cli.ts';
import { forecastDemoPractices } from './demo-forecasts.ts';
import { seedDemoData, type DemoSummary } from './seeder.service.ts';

export type SeedCommandIo = CommandIo;

const CLI_ACTOR: Actor = { userId: null, email: null, ip: 'cli', userAgent: 'npm run seed' };

const LABELS: Record<keyof DemoSummary, string> = {
  brands: 'Brands',
  categories: 'Categories',
  products: 'Products',
  procedureCodes: 'Procedure codes',
  templates: 'Procedure templates',
  suppliers: 'Suppliers',
  supplierOffers: 'Supplier offers',
  practices: 'Practices',
  inventories: 'Inventories',
  lots: 'Lots',
  procedures: 'Procedures',
  movements: 'Stock movements',
  purchaseOrders: 'Purchase orders',
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
  return withConfiguredDatabase(
    'seed',
    io,
    async (database, config) => {
      io.out(`Seeding the ${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}…`);
      const started = Date.now();
      const summary = await seedDemoData(database.db, CLI_ACTOR);
      for (const line of formatSummary(summary)) io.out(line);
      io.out(`Forecasts for today: ${await forecastDemoPractices(database.db, null)} practices.`);
      io.out(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return 0;
    },
    env,
    'Or seed from the running server as a Super Admin: the Seeder page (POST /api/seeder/data).',
  );
}
