import { eq, sql } from 'drizzle-orm';
import { procedureListContract, type ListRow } from '@enamel/contracts';
import { procedureCodes, procedures, procedureTemplates, storageLocations } from '@enamel/db';
import { bindList, type ListJoin } from '../../core/list-engine.ts';

export type ProcedureRow = ListRow<typeof procedureListContract>;

const id = sql.raw('"procedures"."id"');
export const procedureCost = (procedureId: unknown) => sql<string>`(select coalesce(sum(i.cost), 0) from procedure_items i where i.procedure_id = ${procedureId})`;

/** The list's joins (the detail's one-statement read selects over the same ones). */
export const procedureListJoins: ListJoin[] = [
  { inner: procedureCodes, on: eq(procedureCodes.id, procedures.procedureCodeId) },
  { left: procedureTemplates, on: eq(procedureTemplates.id, procedures.procedureTemplateId) },
  { left: storageLocations, on: eq(storageLocations.id, procedures.locationId) },
];

/** Procedures of one practice (the caller's scope names it). */
export const procedureList = bindList(procedureListContract, {
  table: procedures,
  columns: {
    procedure_code: procedureCodes.code,
    procedure_code_name: procedureCodes.name,
    template_name: procedureTemplates.name,
    items_count: sql<number>`(select count(*)::int from procedure_items i where i.procedure_id = ${id})`,
    consumable_cost: procedureCost(id),
    location_name: storageLocations.name,
  },
  joins: procedureListJoins,
  tiebreaker: procedures.id,
});
