import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProcedureCode, procedureCodeBodySchema } from '@enamel/contracts';
import { procedureCodes, procedureTemplates, type Database } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import { isoDate } from '../../core/presenters.ts';
import { assertUnique, createRecord, findRecord, setRecordStatus, updateRecord, type InUseCheck, type RecordKind } from '../../core/records.ts';

type Row = typeof procedureCodes.$inferSelect;
export type ProcedureCodeInput = z.output<typeof procedureCodeBodySchema>;
const kind: RecordKind = { table: procedureCodes, subject: 'ProcedureCode' };

const toColumns = (body: ProcedureCodeInput) => ({ code: body.code, name: body.name, category: body.category, ...(body.status ? { status: body.status } : {}) });
const codeTaken = (db: Database, code: string, exceptId?: number) => assertUnique(db, procedureCodes, sql`upper(${procedureCodes.code}) = upper(${code})`, 'code', 'catalog.code_taken', exceptId);

/** A code stays active while active templates perform it. */
const activeTemplates: InUseCheck = async (tx, id) => {
  const [row] = await tx.select({ n: count() }).from(procedureTemplates).where(and(eq(procedureTemplates.procedureCodeId, id), eq(procedureTemplates.status, 'active')));
  return row && row.n > 0 ? { key: 'catalog.code_in_use', params: { count: row.n } } : null;
};

export async function presentProcedureCode(db: Database, row: Row): Promise<ProcedureCode> {
  const [used] = await db.select({ n: count() }).from(procedureTemplates).where(eq(procedureTemplates.procedureCodeId, row.id));
  return {
    id: row.id, code: row.code, name: row.name, category: row.category as ProcedureCode['category'], status: row.status as ProcedureCode['status'],
    templates_count: used?.n ?? 0, created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const findProcedureCode = (db: Database, id: number) => findRecord<Row>(db, kind, id);

export async function createProcedureCode(db: Database, actor: Actor, body: ProcedureCodeInput): Promise<Row> {
  await codeTaken(db, body.code);
  return createRecord<Row>(db, actor, kind, toColumns(body));
}

export async function updateProcedureCode(db: Database, actor: Actor, id: number, body: ProcedureCodeInput): Promise<Row> {
  await findProcedureCode(db, id);
  await codeTaken(db, body.code, id);
  return updateRecord<Row>(db, actor, kind, id, toColumns(body));
}

export const setProcedureCodeStatus = (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => setRecordStatus<Row>(db, actor, kind, id, status, activeTemplates);

export async function allProcedureCodes(db: Database) {
  return db
    .select({ id: procedureCodes.id, code: procedureCodes.code, name: procedureCodes.name, category: procedureCodes.category, status: procedureCodes.status })
    .from(procedureCodes)
    .orderBy(asc(procedureCodes.code));
}
