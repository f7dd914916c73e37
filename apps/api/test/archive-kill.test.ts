import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLogArchives, activityLogs, openDatabase } from '@enamel/db';
import { archiveActivityLogs } from '../src/features/archive-logs/archive-logs.service.ts';

/**
 * A real kill while archiving: a child process archives 25,000 entries in batches of 10,000 and is SIGKILLed in
 * the second batch, between writing its archive and deleting its live rows. Reopened, the first batch is archived
 * and gone from the live table, the second is still live and not archived — nothing lost, nothing twice — and the
 * next run archives the rest.
 */
describe('archiving killed midway', () => {
  it('loses and duplicates nothing, and the next run finishes the job', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-archive-kill-'));
    try {
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/archive/kill-child.ts'), dir], {
        cwd: path.resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        timeout: 100_000,
      });
      expect(child.stdout, child.stderr).toContain('killing in batch 2');
      expect(child.signal).toBe('SIGKILL');

      const handle = await openDatabase({ dataDir: dir });
      try {
        const { db } = handle;
        const ids = async () => {
          const live = (await db.select({ id: activityLogs.subjectId }).from(activityLogs).where(eq(activityLogs.subject, 'KillTest'))).map((r) => Number(r.id));
          const archived = (await db.select().from(activityLogArchives)).flatMap((a) =>
            gunzipSync(a.content)
              .toString('utf8')
              .trim()
              .split('\n')
              .map((line) => Number((JSON.parse(line) as { subject_id: string }).subject_id)),
          );
          return { live, archived };
        };
        const after = await ids();
        expect(after.archived).toHaveLength(10_000);
        expect(after.live).toHaveLength(15_000);
        expect(new Set([...after.live, ...after.archived]).size).toBe(25_000);

        await archiveActivityLogs(db, { batch: 10_000 });
        const done = await ids();
        expect(done.live).toEqual([]);
        expect(done.archived).toHaveLength(25_000);
        expect(new Set(done.archived).size).toBe(25_000);
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
