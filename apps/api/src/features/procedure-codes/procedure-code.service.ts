import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProcedureCode, procedureCodeBodySchema } from '@enamel/contracts';
import { procedureCodes, procedureTemplates, type Database } from '@enamel/db';
import { isoDate } from '../../core/presenters.ts';
import { activeReferences, assertUnique, recordService, type RecordKind } from '../../core/records.ts';

type Row = typeof procedureCodes.$inferSelect;
export type ProcedureCodeInput = z.output<typeof procedureCodeBodySchema>;
const kind: RecordKind = { table: procedureCodes, subject: 'ProcedureCode' };

const codeTaken = (db: Database, code: string, exceptId?: number) => assertUnique(db, procedureCodes, sql`upper(${procedureCodes.code}) = upper(${code})`, 'code', 'catalog.code_taken', exceptId);

export async function presentProcedureCode(db: Database, row: Row): Promise<ProcedureCode> {
  const [used] = await db.select({ n: count() }).from(procedureTemplates).where(eq(procedureTemplates.procedureCodeId, row.id));
  return {
    id: row.id, code: row.code, name: row.name, category: row.category as ProcedureCode['category'], status: row.status as ProcedureCode['status'],
    templates_count: used?.n ?? 0, created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const { find: findProcedureCode, create: createProcedureCode, update: updateProcedureCode, setStatus: setProcedureCodeStatus } = recordService<Row, ProcedureCodeInput>(kind, {
  columns: (body) => ({ code: body.code, name: body.name, category: body.category, ...(body.status ? { status: body.status } : {}) }),
  check: (db, body, id) => codeTaken(db, body.code, id),
  // A code stays active while active templates perform it.
  inUse: activeReferences(procedureTemplates, procedureTemplates.procedureCodeId, 'catalog.code_in_use'),
});

export async function allProcedureCodes(db: Database) {
  return db
    .select({ id: procedureCodes.id, code: procedureCodes.code, name: procedureCodes.name, category: procedureCodes.category, status: procedureCodes.status })
    .from(procedureCodes)
    .orderBy(asc(procedureCodes.code));
}
