import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forecastRuns, type DatabaseHandle } from '@enamel/db';
import { RunFailure, runTable } from '../src/core/jobs/index.ts';
import { createPractice } from './factories.ts';
import { openTestDatabase } from './test-database.ts';

// The grammar's cycle on a real run table (forecast runs: started_at, no heartbeat column).
const runs = runTable(forecastRuns, { staleAfterSeconds: 60, interrupted: 'interrupted' });

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

let day = 0;
async function queuedRun(values: Partial<typeof forecastRuns.$inferInsert> = {}) {
  const practice = await createPractice(database.db);
  const [run] = await database.db
    .insert(forecastRuns)
    .values({ dentalPracticeId: practice.id, forecastDate: `2025-01-${String(++day).padStart(2, '0')}`, horizonWeeks: 12, level: '0.95', ...values })
    .returning();
  return run!;
}
const read = async (id: number) => (await database.db.select().from(forecastRuns).where(eq(forecastRuns.id, id)))[0]!;

describe('run rows', () => {
  it('a run is claimed once however many workers ask at the same moment, and finishes once', async () => {
    const run = await queuedRun();
    const claims = await Promise.all(Array.from({ length: 5 }, () => runs.claim(database.db, run.id)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await read(run.id)).toMatchObject({ status: 'running', startedAt: expect.any(Date) });
    expect(await runs.succeed(database.db, run.id, { seriesCount: 3 })).toBe(true);
    expect(await runs.succeed(database.db, run.id)).toBe(false);
    expect(await read(run.id)).toMatchObject({ status: 'succeeded', seriesCount: 3, finishedAt: expect.any(Date) });
  });

  it('a run silent past its limit is failed as interrupted, and its late finish does not undo that', async () => {
    const stale = await queuedRun({ status: 'running', startedAt: new Date(Date.now() - 5 * 60_000) });
    const alive = await queuedRun({ status: 'running', startedAt: new Date() });
    expect(runs.view({ status: 'running', failure: null }, stale.startedAt!)).toEqual({ status: 'failed', failure: 'interrupted' });
    expect(runs.view({ status: 'running', failure: null }, alive.startedAt!)).toEqual({ status: 'running', failure: null });
    await runs.failStale(database.db);
    expect(await read(stale.id)).toMatchObject({ status: 'failed', failure: 'interrupted', error: expect.stringContaining('interrupted') });
    expect(await read(alive.id)).toMatchObject({ status: 'running', failure: null });
    expect(await runs.succeed(database.db, stale.id)).toBe(false);
    expect((await read(stale.id)).status).toBe('failed');
  });

  it('execute: a failure the work names keeps its key; any other keeps the fallback key and the error’s text', async () => {
    const named = await queuedRun();
    await runs.execute(database.db, named.id, async () => { throw new RunFailure('too_large', { max: 64 }); }, { fallback: { key: 'failed' } });
    expect(await read(named.id)).toMatchObject({ status: 'failed', failure: 'too_large', failureParams: { max: 64 }, error: null });
    const crashed = await queuedRun();
    const logged: unknown[] = [];
    await runs.execute(database.db, crashed.id, async () => { throw new Error('disk on fire'); }, { fallback: { key: 'failed' }, log: (err) => logged.push(err) });
    expect(await read(crashed.id)).toMatchObject({ status: 'failed', failure: 'failed', error: 'disk on fire' });
    expect(logged).toHaveLength(1);
    // A run already taken is not run again.
    let ran = false;
    expect(await runs.execute(database.db, crashed.id, async () => void (ran = true), { fallback: { key: 'failed' } })).toBeUndefined();
    expect(ran).toBe(false);
  });
});
