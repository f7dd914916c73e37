import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  codeMapBodySchema, integrationOverviewSchema, integrationPracticeQuerySchema, integrationSourceParamsSchema, syncBodySchema, syncCursorSchema, syncReportSchema,
} from '@enamel/contracts';
import { integrationCodeMaps, procedureCodes, procedureTemplates } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { canInPractice, ensurePracticeAccess } from '../../core/practice-scope.ts';
import { oneOf, recordErrors } from '../../core/route-schemas.ts';
import { applyBatch, lastRuns, pendingRowsOf, readCursor, unknownCodes, type SyncCaller } from './sync-core.ts';

const tags = ['integrations'];

/**
 * The connector's routes (docs/open-dental.md). A sync writes procedures, so it needs the right to create, change
 * and delete procedures in the batch's practice; each row's own practice is checked again (skipped and reported
 * when the caller may not write there). A batch is one transaction: rows, cursor and report commit together.
 */
export default async function integrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const syncCaller = async (request: FastifyRequest, practiceId: number): Promise<SyncCaller> => {
    const ability = await abilityFor(request);
    for (const action of ['create', 'update', 'delete'] as const) ensurePracticeAccess(ability, action, 'Procedure', practiceId);
    return { actor: actorOf(request), may: (id) => (['create', 'update', 'delete'] as const).every((action) => canInPractice(ability, action, 'Procedure', id)) };
  };

  app.get(
    '/api/integrations/:source',
    {
      preValidation: authorize('read', 'Procedure'),
      schema: { tags, summary: 'One source of a practice: the last change synced, the codes rows wait for (unknown codes) and the last sync reports', params: integrationSourceParamsSchema, querystring: integrationPracticeQuerySchema, response: { 200: oneOf(integrationOverviewSchema), ...recordErrors } },
    },
    async (request) => {
      const practiceId = request.query.dental_practice_id;
      ensurePracticeAccess(await abilityFor(request), 'read', 'Procedure', practiceId);
      const { source } = request.params;
      return { success: true as const, data: { cursor: await readCursor(db, practiceId, source), unknown_codes: await unknownCodes(db, practiceId, source), runs: await lastRuns(db, practiceId, source) } };
    },
  );
  app.get(
    '/api/integrations/:source/cursor',
    {
      preValidation: authorize('read', 'Procedure'),
      schema: { tags, summary: 'The last change of the source synced into the practice (null before the first sync)', params: integrationSourceParamsSchema, querystring: integrationPracticeQuerySchema, response: { 200: oneOf(z.object({ cursor: syncCursorSchema.nullable() })), ...recordErrors } },
    },
    async (request) => {
      ensurePracticeAccess(await abilityFor(request), 'read', 'Procedure', request.query.dental_practice_id);
      return { success: true as const, data: { cursor: await readCursor(db, request.query.dental_practice_id, request.params.source) } };
    },
  );
  app.post(
    '/api/integrations/:source/sync',
    {
      preValidation: authorize('delete', 'Procedure'),
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Apply a batch of normalised source rows (one transaction): procedures created, amended or deleted by external id, unknown codes kept to map, the cursor moved; answers the report',
        params: integrationSourceParamsSchema, body: syncBodySchema, response: { 200: oneOf(syncReportSchema), ...recordErrors },
      },
    },
    async (request) => {
      const { dental_practice_id: practiceId, rows, cursor } = request.body;
      const caller = await syncCaller(request, practiceId);
      const { source } = request.params;
      const report = await applyBatch(db, caller, async () => rows, { source, via: 'sync', practiceId, cursor, onRowError: 'skip' });
      return { success: true as const, data: report };
    },
  );
  app.post(
    '/api/integrations/:source/code-map',
    {
      preValidation: authorize('delete', 'Procedure'),
      schema: {
        tags, summary: 'Map a source code to an Enamel procedure code (and optionally its template) for one practice; the rows waiting for it are applied at once; answers their report',
        params: integrationSourceParamsSchema, body: codeMapBodySchema, response: { 200: oneOf(syncReportSchema), ...recordErrors },
      },
    },
    async (request) => {
      const { dental_practice_id: practiceId, source_code: code, procedure_code_id: codeId, procedure_template_id: templateId } = request.body;
      const caller = await syncCaller(request, practiceId);
      const { source } = request.params;
      const report = await applyBatch(db, caller, async (tx) => {
        const [known] = await tx.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.id, codeId));
        if (!known) throw invalid('procedure_code_id', 'catalog.unknown_code');
        if (templateId !== null) {
          const [template] = await tx.select().from(procedureTemplates).where(eq(procedureTemplates.id, templateId));
          if (!template) throw invalid('procedure_template_id', 'stock.unknown_template');
          if (template.procedureCodeId !== codeId) throw invalid('procedure_template_id', 'stock.template_other_code');
        }
        const existing = await tx
          .select({ id: integrationCodeMaps.id })
          .from(integrationCodeMaps)
          .where(and(eq(integrationCodeMaps.dentalPracticeId, practiceId), eq(integrationCodeMaps.source, source), sql`upper(${integrationCodeMaps.sourceCode}) = ${code.toUpperCase()}`));
        if (existing[0]) await tx.update(integrationCodeMaps).set({ procedureCodeId: codeId, procedureTemplateId: templateId }).where(eq(integrationCodeMaps.id, existing[0].id));
        else await tx.insert(integrationCodeMaps).values({ dentalPracticeId: practiceId, source, sourceCode: code.toUpperCase(), procedureCodeId: codeId, procedureTemplateId: templateId });
        return pendingRowsOf(tx, practiceId, source, code);
      }, { source, via: 'sync', practiceId, onRowError: 'skip' });
      return { success: true as const, data: report };
    },
  );
}
