import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROCEDURE_CATEGORIES, errorBodySchema, procedureCodeBodySchema, procedureCodeSchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerRecordRoutes } from '../../core/record-routes.ts';
import { procedureCodeList } from './procedure-code.list.ts';
import { allProcedureCodes, createProcedureCode, findProcedureCode, presentProcedureCode, setProcedureCodeStatus, updateProcedureCode } from './procedure-code.service.ts';

const optionSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), category: z.string(), status: z.string() });

export default async function procedureCodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  registerListRoute(app, { list: procedureCodeList, guard: authorize('read', 'ProcedureCode'), tags: ['procedure-codes'], summary: 'Procedure codes' });
  app.get(
    '/api/procedure-code/all',
    {
      preValidation: authorize('read', 'ProcedureCode'),
      schema: { tags: ['procedure-codes'], summary: `Every procedure code, for pickers (categories: ${PROCEDURE_CATEGORIES.join(', ')})`, response: { 200: z.object({ data: z.array(optionSchema) }), 401: errorBodySchema, 403: errorBodySchema } },
    },
    async () => ({ data: await allProcedureCodes(db) }),
  );
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
