import { z } from 'zod';
import { EXPIRY_STATES, movementListContract, procedureListContract } from './lists/stock-lists.ts';
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
  /** The operatory where it was done (null: none); consumption takes from there first. */
  location_id: idSchema.nullable().optional(),
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

/** A lot a procedure's item consumed, net of what edits gave back. */
/** `expiry_state`: the server's state of the lot on the practice's today (stock's one definition, docs/product-rules.md). */
export const procedureItemLotSchema = z.object({ lot_id: z.number().int(), lot_number: z.string().nullable(), expiry_date: z.string().nullable(), expiry_state: z.enum(EXPIRY_STATES).nullable(), quantity: z.string(), unit_cost: z.string() });
export type ProcedureItemLot = z.infer<typeof procedureItemLotSchema>;

/** An item of a procedure: `unit_cost` is the catalog's price of one usage unit (the estimate while planned); `on_hand` the practice's stock now (null for who may not read it). */
export const procedureItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  usage_unit: z.string(),
  quantity: z.string(),
  cost: z.string(),
  unit_cost: z.string(),
  on_hand: z.string().nullable(),
  lots: z.array(procedureItemLotSchema),
});
export type ProcedureItem = z.infer<typeof procedureItemSchema>;

/** A movement a procedure caused: the ledger's row without what a procedure's own movements never carry (counterpart, procedure, who). */
export const procedureMovementSchema = movementListContract.row
  .pick({ id: true, type: true, product_id: true, product_name: true, lot_number: true, quantity: true, unit_cost: true, reason: true, occurred_at: true })
  .extend({ created_at: z.string() });
export type ProcedureMovement = z.infer<typeof procedureMovementSchema>;

/** GET /api/procedure/{id}, and the answer of every procedure command: the list's row, its notes, items (with the lots they consumed) and movements. */
export const procedureDetailSchema = procedureListContract.row.extend({
  notes: z.string().nullable(),
  items: z.array(procedureItemSchema),
  movements: z.array(procedureMovementSchema),
});
export type ProcedureDetail = z.infer<typeof procedureDetailSchema>;
