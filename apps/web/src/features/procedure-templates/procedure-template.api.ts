import { type ProcedureTemplate, type ProcedureTemplateBody, procedureTemplateListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi } from '../../core/api.ts';

/** Spelt "procedures-templates" on purpose (docs/client-contract.md#paths). */
export const PROCEDURE_TEMPLATES_LIST_URL = LIST_PATHS.procedureTemplate;

export type ProcedureTemplateRow = ListRow<typeof procedureTemplateListContract>;

/** Deactivate and restore; delete is for good, when nothing uses the template (else 409 with the server's message). */
const templates = recordApi<ProcedureTemplate, ProcedureTemplateBody>('procedure-template', { deactivate: 'deactivate', remove: 'delete', refresh: ['procedure-templates'] });

export const fetchProcedureTemplate = templates.fetch;
/** Items replace the template's old ones on update. */
export const saveProcedureTemplate = templates.save;
/** Delete for good is offered on active templates too (the server refuses one in use). */
export const procedureTemplateLifecycle = { ...templates.lifecycle, deletable: () => true };
