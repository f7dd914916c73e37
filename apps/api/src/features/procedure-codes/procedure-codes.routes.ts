import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PROCEDURE_CATEGORIES, procedureCodeBodySchema, procedureCodeSchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerAllRoute, registerRecordRoutes } from '../../core/record-routes.ts';
import { procedureCodeList } from './procedure-code.list.ts';
import { allProcedureCodes, createProcedureCode, findProcedureCode, presentProcedureCode, setProcedureCodeStatus, updateProcedureCode } from './procedure-code.service.ts';

const optionSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), category: z.string(), status: z.string() });

export default async function procedureCodeRoutes(app: FastifyInstance) {
  registerListRoute(app, { list: procedureCodeList, guard: authorize('read', 'ProcedureCode'), tags: ['procedure-codes'], summary: 'Procedure codes' });
  registerAllRoute(app, {
    base: '/api/procedure-code',
    tag: 'procedure-codes',
    subject: 'ProcedureCode',
    summary: `Every procedure code, for pickers (categories: ${PROCEDURE_CATEGORIES.join(', ')})`,
    item: optionSchema,
    all: () => allProcedureCodes(app.deps.db),
  });
  registerRecordRoutes(app, {
    base: '/api/procedure-code',
    tag: 'procedure-codes',
    subject: 'ProcedureCode',
    body: procedureCodeBodySchema,
    record: procedureCodeSchema,
    present: presentProcedureCode,
    find: findProcedureCode,
    create: createProcedureCode,
    update: updateProcedureCode,
    setStatus: setProcedureCodeStatus,
  });
}
