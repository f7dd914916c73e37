import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, importJobFiles, openDatabase, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../src/app.ts';
import { Agent } from './agent.ts';
import { settle, upload, type JobBody } from './imports-helpers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * Two server instances on one PostgreSQL database (behind a load balancer, the same browser's requests land on
 * either): an upload taken by one is validated by whichever takes the job, followed and committed on the other,
 * and its error report is served by either — files and progress live in the database, not in one process.
 * PostgreSQL only: the embedded database is one process by design.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('imports across instances', () => {
  let t: TestApp;
  let first: Agent;
  let second: FastifyInstance;
  let secondDb: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    ({ t, admin: first } = await appWithAdmin());
    // The second instance: its own pool, its own data folder, the same database and session secret.
    secondDb = await openDatabase({ url: t.database.url!, poolSize: 5 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-second-'));
    second = await buildApp({ config: { ...t.config, dataDir }, database: secondDb, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await t.close();
  });

  /** The same browser (cookies) talking to the second instance. */
  const onSecond = () => {
    const agent = new Agent(second);
    for (const [name, value] of first.cookies) agent.cookies.set(name, value);
    return agent;
  };

  it('an upload on one instance is followed, reported and committed on the other', async () => {
    const name = `Across ${Date.now()}`;
    const res = await upload(first, 'brand', 'brands.csv', `name,manufacturer\n${name},Maker\n,Nameless\n`);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ data: JobBody }>().data.id;
    const agent = onSecond();
    const job = await settle(agent, id);
    expect(job).toMatchObject({ status: 'succeeded', stage: 'validate', valid_rows: 1, invalid_rows: 1 });
    // The upload is stored in the database, not on the first instance's disk.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'imports')).filter((f) => f.startsWith(id))).toEqual([]);

    const report = await agent.get(`/api/import/${id}/errors.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toMatch(/^\uFEFF?Row,Column,Message/);
    expect(report.body.split('\n').filter(Boolean).length).toBeGreaterThan(1);

    expect((await agent.post(`/api/import/${id}/commit`, { mode: 'valid' })).statusCode).toBe(202);
    const done = await settle(first, id);
    expect(done).toMatchObject({ status: 'succeeded', stage: 'write', created: 1 });
    expect(await t.database.db.select({ name: brands.name }).from(brands).where(eq(brands.name, name))).toEqual([{ name }]);
    // Written, the upload is gone; the error report stays for download.
    expect((await t.database.db.select({ name: importJobFiles.name }).from(importJobFiles).where(eq(importJobFiles.jobId, id))).map((f) => f.name)).toEqual(['errors']);
    // A second commit, on either instance, is refused: the job is no longer waiting.
    expect((await first.post(`/api/import/${id}/commit`, { mode: 'valid' })).statusCode).toBe(409);
  });
});
