import mysql from 'mysql2/promise';
import type { SyncCursor } from '@enamel/contracts';
import { openDental, type SourceMapping } from '../features/integrations/index.ts';
import type { EnamelApi } from './enamel-http.ts';

/** Every source `npm run sync -- <source>` knows: a second system is one more mapping file and one more line here. */
export const SYNC_SOURCES: Record<string, SourceMapping> = { [openDental.name]: openDental };

export interface SyncOptions {
  source: SourceMapping;
  /** mysql://user:password@host:port/database of the source's database. */
  sourceUrl: string;
  practiceId: number;
  api: EnamelApi;
  batchSize?: number;
  /** Changes younger than this many seconds wait for the next run (a second still being written). */
  lagSeconds?: number;
  log?: (line: string) => void;
}

export interface SyncTotals {
  batches: number;
  read: number;
  applied: number;
  unchanged: number;
  unknown: number;
  skipped: number;
  unknownCodes: Map<string, { description: string | null; count: number }>;
  skippedRows: Array<{ external_id: string; reason: string }>;
  cursor: SyncCursor | null;
}

/**
 * The generic sync loop: ask Enamel for the practice's cursor, read the source's rows changed after it (oldest
 * first, `batchSize` at a time), normalise them with the source's mapping and send each batch with the cursor of
 * its last row. Enamel applies a batch and moves the cursor in one transaction, so a run stopped half-way resumes
 * where it stopped, and a second run with no changes reads nothing and sends nothing.
 */
export async function runSync({ source, sourceUrl, practiceId, api, batchSize = 500, lagSeconds = 5, log = () => undefined }: SyncOptions): Promise<SyncTotals> {
  const totals: SyncTotals = { batches: 0, read: 0, applied: 0, unchanged: 0, unknown: 0, skipped: 0, unknownCodes: new Map(), skippedRows: [], cursor: null };
  const connection = await mysql.createConnection({ uri: sourceUrl, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  try {
    let cursor = (await api.cursor(source.name, practiceId)) ?? source.startCursor;
    for (;;) {
      const [result] = await connection.query(source.changesSince, [cursor.changed_at, cursor.changed_at, cursor.change_id, lagSeconds, batchSize]);
      const raws = (result as Array<Record<string, unknown>>).map((r) => source.fromDatabase(r));
      if (raws.length === 0) break;
      const next = source.cursorOf(raws[raws.length - 1]);
      const report = await api.sync(source.name, { dental_practice_id: practiceId, rows: raws.map((raw) => source.toSyncRow(raw, practiceId)), cursor: next });
      totals.batches++;
      totals.read += raws.length;
      totals.applied += report.applied;
      totals.unchanged += report.unchanged;
      totals.unknown += report.unknown;
      totals.skipped += report.skipped;
      for (const u of report.unknown_codes) {
        const entry = totals.unknownCodes.get(u.code.toUpperCase()) ?? { description: u.description, count: 0 };
        entry.count += u.count;
        totals.unknownCodes.set(u.code.toUpperCase(), entry);
      }
      totals.skippedRows.push(...report.skipped_rows);
      log(`batch ${totals.batches}: ${raws.length} rows read, ${report.applied} applied, ${report.unchanged} unchanged, ${report.unknown} unknown code, ${report.skipped} skipped`);
      cursor = next;
      totals.cursor = next;
      if (raws.length < batchSize) break;
    }
  } finally {
    await connection.end();
  }
  return totals;
}
