import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, openDatabase, quoteIdent } from '@enamel/db';
import pino from 'pino';
import { JobQueue } from '../src/core/jobs/index.ts';
import { seedRoles } from '../src/features/roles/roles.seed.ts';
import { seedSchedulerJobs } from '../src/features/scheduler/scheduler.service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once: an embedded database dumped to a file that every test file loads, and,
 * with TEST_DATABASE_URL, a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-test-'));
  const embedded = await openDatabase();
  await embedded.migrate();
  await JobQueue.install(embedded, pino({ level: 'silent' }));
  await seedRoles(embedded.db);
  await seedSchedulerJobs(embedded.db);
  const dumpFile = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await (await dumpEmbedded(embedded)).arrayBuffer()));
  await embedded.close();
  project.provide('embeddedTemplate', dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `enamel_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
    await admin.end();
    const handle = await openDatabase({ url: withDatabase(url, template), poolSize: 1 });
    await handle.migrate();
    await JobQueue.install(handle, pino({ level: 'silent' }));
    await seedRoles(handle.db);
    await seedSchedulerJobs(handle.db);
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)}`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `work` on a client of the PostgreSQL server at `url` (creating and dropping test databases), then closes it. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
