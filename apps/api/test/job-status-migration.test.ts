import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { forecastRuns, importJobs, type DatabaseHandle } from '@enamel/db';
import { createPractice, createUser } from './factories.ts';
import { openTestDatabase } from './test-database.ts';

// The data half of migration 0017 (the one run vocabulary), run again over rows written in the old words.
const MIGRATION = fileURLToPath(new URL('../../../packages/db/migrations/0017_job_grammar.sql', import.meta.url));
const conversions = fs
  .readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => s.startsWith('UPDATE'));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('migration 0017: stored run statuses in the one vocabulary', () => {
  it('maps every old import status onto a status and a stage, and a completed forecast run onto succeeded', async () => {
    const { db } = database;
    const user = await createUser(db);
    const old: Array<[string, number, string | null]> = [
      ['queued', 0, null],
      ['validating', 40, null],
      ['validated', 100, null],
      ['importing', 0, null],
      ['importing', 37, null],
      ['done', 100, null],
      ['failed', 100, 'import.unreadable'],
      ['failed', 100, 'import.write_failed'],
      ['cancelled', 0, null],
    ];
    const ids = old.map(() => crypto.randomUUID());
    await db.insert(importJobs).values(old.map(([status, progress, failure], i) => ({ id: ids[i]!, kind: 'brand', userId: user.id, format: 'csv', fileName: 'b.csv', status, progress, failure })));
    const practice = await createPractice(db);
    const [run] = await db.insert(forecastRuns).values({ dentalPracticeId: practice.id, forecastDate: '2026-01-05', status: 'completed', horizonWeeks: 12, level: '0.95' }).returning();

    for (const statement of conversions) await db.execute(sql.raw(statement));

    const stored = async () => {
      const rows = await db.select({ id: importJobs.id, status: importJobs.status, stage: importJobs.stage }).from(importJobs).where(inArray(importJobs.id, ids));
      const byId = new Map(rows.map((r) => [r.id, [r.status, r.stage]]));
      return ids.map((id) => byId.get(id));
    };
    const converted = await stored();
    expect(converted).toEqual([
      ['queued', 'validate'],
      ['running', 'validate'],
      ['succeeded', 'validate'],
      ['queued', 'write'],
      ['running', 'write'],
      ['succeeded', 'write'],
      ['failed', 'validate'],
      ['failed', 'write'],
      ['succeeded', 'cancelled'],
    ]);
    const [after] = await db.select({ status: forecastRuns.status }).from(forecastRuns).where(eq(forecastRuns.id, run!.id));
    expect(after!.status).toBe('succeeded');
    // Run again, they change nothing more: rows already in the new words are left as they are.
    for (const statement of conversions) await db.execute(sql.raw(statement));
    expect(await stored()).toEqual(converted);
  });
});
