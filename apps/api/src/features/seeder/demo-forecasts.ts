import { inArray } from 'drizzle-orm';
import { dentalPractices, type Database } from '@enamel/db';
import { analyzeStaleTables } from '../../core/table-statistics.ts';
import { runStockAlerts } from '../alerts/index.ts';
import { executeForecastRun, requestForecastRun } from '../forecasts/index.ts';
import { DEMO_PRACTICES } from './data/practices.ts';

/**
 * After the demo data: a forecast for today in each demo practice, so the dashboard's forecast widgets have a
 * stored run to read from the first visit (about a second per practice), and the bell its stock alerts. Runs one
 * after another, outside the seeding transaction, as a user's "Run now" would. Then fresh planner statistics.
 */
export async function forecastDemoPractices(db: Database, userId: number | null): Promise<number> {
  const practices = await db
    .select({ id: dentalPractices.id })
    .from(dentalPractices)
    .where(inArray(dentalPractices.code, DEMO_PRACTICES.map((p) => p.code)));
  for (const practice of practices) {
    const { run, created } = await requestForecastRun(db, { practiceId: practice.id, userId });
    if (created) await executeForecastRun(db, run.id);
  }
  // A forecast for today refreshes the practices' stock alerts, as a Run now does.
  await runStockAlerts(db, practices.map((p) => p.id));
  // The demo data was bulk-loaded: planner statistics for the tables it filled (the embedded database has no
  // autovacuum to take them; PostgreSQL's would, a minute later), so the first screens get their indexed plans.
  await analyzeStaleTables(db);
  return practices.length;
}
