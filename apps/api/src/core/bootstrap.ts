import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@enamel/db';
import type { Config } from '../env.ts';
import { seedRoles } from '../features/roles/roles.seed.ts';
import { ensureFirstAdmin } from '../features/users/first-admin.ts';

/** Migrations, seeded roles and the first admin: everything a start needs before it listens. */
export async function prepareDatabase(handle: DatabaseHandle, config: Config, log: FastifyBaseLogger, print?: (line: string) => void) {
  await handle.migrate();
  await seedRoles(handle.db);
  await ensureFirstAdmin(handle.db, { email: config.adminEmail, password: config.adminPassword, log, ...(print ? { print } : {}) });
}
