import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { activityLogArchives, rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';

/** Entries older than this many days are archived by default (the archive job's age setting). */
export const ARCHIVE_AFTER_DAYS = 90;
/** Entries per archive: each batch is one transaction and one gzip in memory. */
export const ARCHIVE_BATCH = 10_000;

const archivedRow = sqlRow({ id: sqlCol.int, line: sqlCol.text, created_at: sqlCol.text });

/** Lets the kill test stop the process between writing a batch's archive and deleting its live rows. */
export const archiveTestHooks: { afterArchiveWritten?: (batch: number) => void } = {};

export interface ArchiveResult {
  archives: number;
  rows: number;
}

/**
 * Moves activity-log entries older than `days` into archives, oldest first, one batch per transaction: the
 * batch's rows are locked (SKIP LOCKED, so two instances archive different rows), written as gzipped NDJSON
 * into an archive row, and deleted — all or nothing, so a crash midway loses and duplicates nothing.
 */
export async function archiveActivityLogs(db: Database, options: { days?: number; batch?: number; maxBatches?: number } = {}): Promise<ArchiveResult> {
  const days = options.days ?? ARCHIVE_AFTER_DAYS;
  const batch = options.batch ?? ARCHIVE_BATCH;
  const result: ArchiveResult = { archives: 0, rows: 0 };
  for (let n = 0; options.maxBatches === undefined || n < options.maxBatches; n++) {
    const moved = await db.transaction(async (tx) => {
      const found = await rowsOf(
        tx,
        archivedRow,
        sql`select id, row_to_json(a)::text as line, created_at::text as created_at from activity_logs a
            where created_at < now() - make_interval(days => ${days})
            order by id limit ${batch} for update skip locked`,
      );
      if (found.length === 0) return 0;
      const content = gzipSync(found.map((r) => r.line).join('\n') + '\n');
      const ids = found.map((r) => r.id);
      // The period from the rows themselves; one array parameter for the delete (not thousands of bound values).
      const times = found.map((r) => new Date(r.created_at).getTime());
      const span = { start: new Date(Math.min(...times)), end: new Date(Math.max(...times)) };
      await tx.insert(activityLogArchives).values({
        periodStart: span.start,
        periodEnd: span.end,
        firstId: ids[0]!,
        lastId: ids.at(-1)!,
        rowCount: ids.length,
        sizeBytes: content.length,
        checksum: createHash('sha256').update(content).digest('hex'),
        content,
      });
      archiveTestHooks.afterArchiveWritten?.(n);
      await tx.execute(sql`delete from activity_logs where id = any(${`{${ids.join(',')}}`}::bigint[])`);
      return ids.length;
    });
    if (moved === 0) break;
    result.archives += 1;
    result.rows += moved;
    if (moved < batch) break;
  }
  return result;
}

/** One archive's gzip and the name to download it under. */
export async function archiveContent(db: Database, id: number): Promise<{ name: string; content: Buffer; checksum: string }> {
  const [row] = await db.select({ content: activityLogArchives.content, checksum: activityLogArchives.checksum, start: activityLogArchives.periodStart, end: activityLogArchives.periodEnd }).from(activityLogArchives).where(eq(activityLogArchives.id, id));
  if (!row) throw new AppError('not_found');
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { name: `activity-log-${day(row.start)}-to-${day(row.end)}-${id}.ndjson.gz`, content: row.content, checksum: row.checksum };
}

/** Deletes an archive for good (its entries with it); the deletion is itself logged. */
export async function deleteArchive(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(activityLogArchives)
      .where(eq(activityLogArchives.id, id))
      .returning({ id: activityLogArchives.id, periodStart: activityLogArchives.periodStart, periodEnd: activityLogArchives.periodEnd, rowCount: activityLogArchives.rowCount, checksum: activityLogArchives.checksum });
    if (!gone) throw new AppError('not_found');
    await recordActivity(tx, actor, { action: 'delete', subject: 'ArchiveLog', subjectId: id, before: gone });
  });
}
