import type { FastifyInstance } from 'fastify';
import { procedureTemplateBodySchema, procedureTemplateSchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
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
  const { db } = app.deps;
  registerListRoute(app, { list: procedureTemplateList, guard: authorize('read', 'ProcedureTemplate'), tags: ['procedure-templates'], summary: 'Procedure templates with their consumable cost' });
  registerRecordRoutes(app, {
    base: '/api/procedure-template',
    tag: 'procedure-templates',
    subject: 'ProcedureTemplate',
    body: procedureTemplateBodySchema,
    record: procedureTemplateSchema,
    find: async (_request, id) => presentProcedureTemplate(db, await findProcedureTemplate(db, id)),
    create: async (request, body) => presentProcedureTemplate(db, await createProcedureTemplate(db, actorOf(request), body)),
    update: async (request, id, body) => presentProcedureTemplate(db, await updateProcedureTemplate(db, actorOf(request), id, body)),
    setStatus: async (request, id, status) => presentProcedureTemplate(db, await setProcedureTemplateStatus(db, actorOf(request), id, status)),
    remove: (request, id) => deleteProcedureTemplate(db, actorOf(request), id),
  });
}
