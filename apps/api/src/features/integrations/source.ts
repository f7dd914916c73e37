import type { IntegrationSource, SyncCursor, SyncRowInput } from '@enamel/contracts';

/**
 * What the connector's core needs of a source system (docs/open-dental.md#a-second-system): how to read its
 * changes since a cursor from its SQL database, and how one of its rows becomes a normalised sync row. The
 * cursor, code mapping, upsert and report are the core's, the same for every source.
 */
export interface SourceMapping {
  /** The path segment and `external_source` of its procedures. */
  name: IntegrationSource;
  label: string;
  /** SQL reading the rows changed after a cursor, oldest first; parameters: changed_at, changed_at, change_id, lag seconds, limit. */
  changesSince: string;
  /** A database row to the source's row shape. */
  fromDatabase(row: Record<string, unknown>): unknown;
  toSyncRow(raw: unknown, practiceId: number): SyncRowInput;
  cursorOf(raw: unknown): SyncCursor;
  /** The cursor before the first sync. */
  startCursor: SyncCursor;
}
