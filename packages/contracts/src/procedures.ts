import { z } from 'zod';
import { PROCEDURE_STATUSES, procedureItemBodySchema } from './stock.ts';
import { ID_MAX, dateTimeSchema, idSchema } from './values.ts';

/**
 * The procedure commands' bodies and the item lines the procedure form shows. Recording takes the
 * whole procedure (`procedureBodySchema`); completing and deleting take nothing but the id.
 */

const text = (max: number) => z.string().trim().max(max).nullable().transform((v) => (v ? v : null));

/**
 * Amend (PATCH /api/procedure/{id}): only the fields sent change. `items`, when sent, replace the
 * old lines, and a completed procedure's stock follows (differences consumed or given back); a
 * practice is fixed once recorded (`dental_practice_id`, when sent, must be the procedure's own).
 */
export const procedureAmendBodySchema = z.strictObject({
  dental_practice_id: idSchema.optional(),
  procedure_code_id: idSchema.optional(),
  procedure_template_id: idSchema.nullable().optional(),
  performed_at: dateTimeSchema.optional(),
  provider: text(120).optional(),
  status: z.enum(PROCEDURE_STATUSES).optional(),
  notes: text(2000).optional(),
  items: z.array(procedureItemBodySchema).max(200).optional(),
});
export type ProcedureAmendBody = z.input<typeof procedureAmendBodySchema>;

/** The lines a template gives a procedure of one practice: what to use, its catalog unit cost, and what the practice has on hand. */
export const procedureTemplateLinesQuerySchema = z.object({
  procedure_template_id: z.coerce.number().int().positive().max(ID_MAX),
  dental_practice_id: z.coerce.number().int().positive().max(ID_MAX),
});

/** One line of the procedure form: a product, how much of it (usage units), its catalog unit cost and the practice's on-hand. */
export const procedureLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  usage_unit: z.string(),
  quantity: z.string(),
  unit_cost: z.string(),
  on_hand: z.string().nullable(),
});
export type ProcedureLine = z.infer<typeof procedureLineSchema>;
export const procedureTemplateLinesSchema = z.object({ procedure_template_id: z.number().int(), items: z.array(procedureLineSchema) });
export type ProcedureTemplateLines = z.infer<typeof procedureTemplateLinesSchema>;
