import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@enamel/db';
import type { Config } from './env.ts';
import { JobQueue } from './core/jobs/index.ts';
import { analyzeStaleTables } from './core/table-statistics.ts';
import { seedRoles } from './features/roles/index.ts';
import { seedSchedulerJobs } from './features/scheduler/index.ts';
import { ensureFirstAdmin } from './features/users/index.ts';

/** The advisory lock key that serialises starts on one PostgreSQL database ("enamel start" as a 32-bit number). */
export const START_LOCK_KEY = 0x656e_5354;

/**
 * Migrations (the app's and the job queue's), seeded roles and the first admin: everything a start needs before it listens
 * (and, on the embedded database, planner statistics for the tables that need them).
 * On PostgreSQL any number of instances may start at the same moment (a rollout, a group's servers):
 * each runs these steps while holding one transaction-level advisory lock, so the second waits for
 * the first and then finds everything done, instead of racing it into `CREATE TABLE` (duplicate
 * pg_type rows) or a second first admin. The embedded database is one process by its folder lock.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Config, log: FastifyBaseLogger, print?: (line: string) => void) {
  const steps = async () => {
    await handle.migrate();
    await JobQueue.install(handle, log);
    await seedRoles(handle.db);
    await seedSchedulerJobs(handle.db);
    await ensureFirstAdmin(handle.db, { email: config.adminEmail, password: config.adminPassword, log, ...(print ? { print } : {}) });
  };
  if (handle.kind === 'embedded') {
    await steps();
    // No autovacuum in the embedded database: statistics for the tables that grew since the last start (or the
    // migrations' new ones), else the planner plans for empty tables.
    await analyzeStaleTables(handle.db);
    return;
  }
  // The lock lives on one pooled connection for the length of this transaction; the steps run on the others.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK_KEY})`);
    await steps();
  });
}
