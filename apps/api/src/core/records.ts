import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Subject } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from './activity-log.ts';
import { AppError } from './errors.ts';
import type { MessageKey } from './i18n.ts';
import { usesOf } from './record-uses.ts';
import type { Tx } from './transaction.ts';

/** A table with an id and a status: the shape every catalog entity shares. */
export type StatusTable = PgTable & { id: PgColumn; status: PgColumn };
type Values = Record<string, unknown>;

/** Why a record cannot be deactivated or deleted: a message for the 409, or null when nothing stands in the way. */
export type InUseCheck = (db: Tx, id: number) => Promise<{ key: MessageKey; params?: Record<string, string | number> } | null>;

export interface RecordKind {
  table: StatusTable;
  subject: Subject;
}

async function lockRow<Row>(tx: Tx, kind: RecordKind, id: number): Promise<Row> {
  const [row] = await tx.select().from(kind.table).where(eq(kind.table.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row as Row;
}

export async function findRecord<Row>(db: Database, kind: RecordKind, id: number): Promise<Row> {
  const [row] = await db.select().from(kind.table).where(eq(kind.table.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row as Row;
}

/** Inserts and logs in one transaction; `after` runs inside it (e.g. child rows), `first` before anything (a lock the checks in `after` need). */
export async function createRecord<Row extends { id: number }>(db: Database, actor: Actor, kind: RecordKind, values: Values, after?: (tx: Tx, row: Row) => Promise<void>, first?: (tx: Tx) => Promise<void>): Promise<Row> {
  return db.transaction(async (tx) => {
    if (first) await first(tx);
    const [row] = (await tx.insert(kind.table).values(values).returning()) as Row[];
    if (after) await after(tx, row!);
    await recordActivity(tx, actor, { action: 'create', subject: kind.subject, subjectId: row!.id, after: row });
    return row!;
  });
}

/**
 * Locks, updates and logs what changed (extra before/after values, e.g. child rows, via `after`, which may still
 * refuse the write). `first` runs before the row is locked: a lock taken in a fixed order before any row's (the
 * succession lock), so two writes never wait on each other's.
 */
export async function updateRecord<Row extends { id: number }>(
  db: Database,
  actor: Actor,
  kind: RecordKind,
  id: number,
  values: Values,
  after?: (tx: Tx, row: Row) => Promise<{ before: Values; after: Values } | void>,
  first?: (tx: Tx) => Promise<void>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    if (first) await first(tx);
    const before = await lockRow<Row>(tx, kind, id);
    const [row] = (await tx.update(kind.table).set(values).where(eq(kind.table.id, id)).returning()) as Row[];
    const extra = after ? await after(tx, row!) : undefined;
    const diff = changes(before, row as Values);
    await recordActivity(tx, actor, {
      action: 'update',
      subject: kind.subject,
      subjectId: id,
      before: { ...diff.before, ...extra?.before },
      after: { ...diff.after, ...extra?.after },
    });
    return row!;
  });
}

/** "Delete" of a status entity (inactive, restorable: docs/product-rules.md#deactivate) and its restore; deactivation may be refused while in use. */
export async function setRecordStatus<Row>(db: Database, actor: Actor, kind: RecordKind, id: number, status: 'active' | 'inactive', inUse?: InUseCheck): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockRow<Row>(tx, kind, id);
    if (status === 'inactive' && inUse) {
      const reason = await inUse(tx, id);
      if (reason) throw new AppError('conflict', reason.key, undefined, reason.params);
    }
    const [row] = await tx.update(kind.table).set({ status }).where(eq(kind.table.id, id)).returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: kind.subject, subjectId: id, ...changes(before as Values, row as Values) });
    return row as Row;
  });
}

/**
 * Deletes for good when nothing uses the record, logged with what it was. What uses it is read from
 * the schema's foreign keys (see record-uses.ts): a 409 names each kind of row that still refers to it.
 */
export async function deleteRecord(db: Database, actor: Actor, kind: RecordKind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockRow<Values>(tx, kind, id);
    const uses = await usesOf(tx, kind.table, id);
    if (uses.length) throw new AppError('conflict', 'errors.in_use', undefined, { uses });
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await recordActivity(tx, actor, { action: 'delete', subject: kind.subject, subjectId: id, before });
  });
}

/** 422 on `field` when a row other than `exceptId` matches `where` (case-insensitive uniqueness, checked before the index would). */
export async function assertUnique(db: Database | Tx, table: StatusTable, where: SQL, field: string, key: MessageKey, exceptId?: number): Promise<void> {
  const rows = await db.select({ id: table.id }).from(table).where(where).limit(2);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('validation_failed', undefined, { [field]: [{ key }] });
}


/** In use while active rows of `table` refer to the record through `column`: a 409 with `key`, counting them. */
export function activeReferences(table: StatusTable, column: PgColumn, key: MessageKey): InUseCheck {
  return async (tx, id) => {
    const [row] = await tx.select({ n: count() }).from(table).where(and(eq(column, id), eq(table.status, 'active')));
    return row && row.n > 0 ? { key, params: { count: row.n } } : null;
  };
}

/** How a catalog entity's body is written: its columns, the checks before a create or an update (`id`: the one updated), what keeps it active. */
export interface RecordRules<Input> {
  columns: (body: Input) => Values;
  check: (db: Database, body: Input, id?: number) => Promise<void>;
  inUse?: InUseCheck;
}

/** find, create, update and status change of a catalog entity, checked by its rules and logged. */
export function recordService<Row extends { id: number }, Input>(kind: RecordKind, rules: RecordRules<Input>) {
  const find = (db: Database, id: number) => findRecord<Row>(db, kind, id);
  return {
    find,
    create: async (db: Database, actor: Actor, body: Input): Promise<Row> => {
      await rules.check(db, body);
      return createRecord<Row>(db, actor, kind, rules.columns(body));
    },
    update: async (db: Database, actor: Actor, id: number, body: Input): Promise<Row> => {
      await find(db, id);
      await rules.check(db, body, id);
      return updateRecord<Row>(db, actor, kind, id, rules.columns(body));
    },
    setStatus: (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => setRecordStatus<Row>(db, actor, kind, id, status, rules.inUse),
  };
}
