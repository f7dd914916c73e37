import type { FastifyInstance } from 'fastify';
import { procedureTemplateBodySchema, procedureTemplateSchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerRecordRoutes } from '../../core/record-routes.ts';
import { procedureTemplateList } from './procedure-template.list.ts';
import {
  createProcedureTemplate,
  deleteProcedureTemplate,
  findProcedureTemplate,
  presentProcedureTemplate,
  setProcedureTemplateStatus,
  updateProcedureTemplate,
} from './procedure-template.service.ts';

export default async function procedureTemplateRoutes(app: FastifyInstance) {
  registerListRoute(app, { list: procedureTemplateList, guard: authorize('read', 'ProcedureTemplate'), tags: ['procedure-templates'], summary: 'Procedure templates with their consumable cost' });
  registerRecordRoutes(app, {
    base: '/api/procedure-template',
    tag: 'procedure-templates',
    subject: 'ProcedureTemplate',
    body: procedureTemplateBodySchema,
    record: procedureTemplateSchema,
    present: presentProcedureTemplate,
    find: findProcedureTemplate,
    create: createProcedureTemplate,
    update: updateProcedureTemplate,
    setStatus: setProcedureTemplateStatus,
    remove: deleteProcedureTemplate,
  });
}
