import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { REPORT_EXPORT_MAX_BYTES } from '@enamel/contracts';
import { reportExportFiles, reportExports, type Database } from '@enamel/db';

/** A stored file is written and read back in parts of this size (never more than one held in memory). */
const PART_BYTES = 1024 * 1024;

/** A background export's file grew past REPORT_EXPORT_MAX_BYTES. */
export class ExportTooLarge extends Error {
  constructor() {
    super('report export too large');
  }
}

/**
 * Stores a file as it is written, a part at a time, under its export (any instance can then serve it); past
 * `maxBytes` it stops with ExportTooLarge (the caller removes the parts written). Answers the file's size.
 */
export async function storeExportFile(db: Database, exportId: number, body: NodeJS.ReadableStream, maxBytes = REPORT_EXPORT_MAX_BYTES): Promise<number> {
  let size = 0;
  let part = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0 && part > 0) return;
    await db.insert(reportExportFiles).values({ exportId, part: part++, content: Buffer.concat(pending) });
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxBytes) {
      (body as Readable).destroy?.();
      throw new ExportTooLarge();
    }
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= PART_BYTES) await flush();
  }
  await flush();
  return size;
}

/** A stored file read back in order, a part at a time. */
export function exportFileStream(db: Database, exportId: number): Readable {
  async function* parts() {
    for (let part = 0; ; part++) {
      const [row] = await db.select({ content: reportExportFiles.content }).from(reportExportFiles).where(and(eq(reportExportFiles.exportId, exportId), eq(reportExportFiles.part, part)));
      if (!row) return;
      yield row.content;
    }
  }
  return Readable.from(parts());
}

export async function dropExportFile(db: Database, exportId: number): Promise<void> {
  await db.delete(reportExportFiles).where(eq(reportExportFiles.exportId, exportId));
}

/**
 * Removes the files of background exports past their keeping time (the scheduler's clean-up job); the exports
 * stay in their readers' recent exports, shown as expired. Answers how many files went.
 */
export async function sweepExpiredExportFiles(db: Database): Promise<number> {
  const expired = db.select({ id: reportExports.id }).from(reportExports).where(and(isNotNull(reportExports.expiresAt), lt(reportExports.expiresAt, sql`now()`)));
  const gone = await db.delete(reportExportFiles).where(inArray(reportExportFiles.exportId, expired)).returning({ exportId: reportExportFiles.exportId });
  return new Set(gone.map((g) => g.exportId)).size;
}
