import { z } from 'zod';
import { decimalSchema, productHitSchema } from './catalog.ts';
import { STATUSES } from './dental-practices.ts';
import { POLICY_MODES } from './reorder-levels.ts';
import { calendarDaySchema, dateTimeSchema, idSchema } from './values.ts';

const id = idSchema;
const quantity = decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } });
const reason = z.string().trim().max(500).nullish().transform((v) => (v ? v : null));

export const inventoryAddBodySchema = z.strictObject({
  dental_practice_id: id,
  product_id: id,
  reorder_point: decimalSchema.default('0'),
  par_level: decimalSchema.default('0'),
  location: z.string().trim().max(120).nullish().transform((v) => (v ? v : null)),
});
export type InventoryAddBody = z.input<typeof inventoryAddBodySchema>;

export const inventoryUpdateBodySchema = z.strictObject({
  id: id.optional(),
  reorder_point: decimalSchema,
  par_level: decimalSchema,
  location: z.string().trim().max(120).nullish().transform((v) => (v ? v : null)),
  status: z.enum(STATUSES).optional(),
  /** manual or forecast (absent: unchanged). */
  policy_mode: z.enum(POLICY_MODES).optional(),
});
export type InventoryUpdateBody = z.input<typeof inventoryUpdateBodySchema>;

export const receiveBodySchema = z.strictObject({
  dental_practice_id: id,
  product_id: id,
  quantity,
  unit: z.enum(['usage', 'purchase']).default('usage'),
  unit_cost: decimalSchema.nullish(),
  lot_number: z.string().trim().max(64).nullish().transform((v) => (v ? v : null)),
  expiry_date: calendarDaySchema.nullish().transform((v) => v ?? null),
  reason,
  /** Receiving a lot whose expiry date is already past needs this explicit confirmation. */
  confirm_expired: z.boolean().default(false),
  /** Where it goes: one of the practice's active locations (absent: its main store). */
  location_id: id.nullish().transform((v) => v ?? null),
});
export type ReceiveBody = z.input<typeof receiveBodySchema>;

export const adjustBodySchema = z.strictObject({
  dental_practice_id: id,
  product_id: id,
  lot_id: id.nullish(),
  counted: decimalSchema,
  reason: z.string().trim().min(1).max(500),
});
export type AdjustBody = z.input<typeof adjustBodySchema>;

export const transferBodySchema = z.strictObject({
  dental_practice_id: id,
  to_dental_practice_id: id,
  product_id: id,
  quantity,
  reason,
});
export type TransferBody = z.input<typeof transferBodySchema>;

export const writeOffBodySchema = z.strictObject({
  dental_practice_id: id,
  lot_id: id,
  type: z.enum(['expire', 'waste']),
  quantity: quantity.nullish(),
  reason,
});
export type WriteOffBody = z.input<typeof writeOffBodySchema>;

export const PROCEDURE_STATUSES = ['planned', 'completed'] as const;
export type ProcedureStatus = (typeof PROCEDURE_STATUSES)[number];

export const procedureItemBodySchema = z.strictObject({ product_id: id, quantity });

/** A source of procedures (`open-dental`, `api`…): lower-case letters, digits, dashes. */
export const externalSourceSchema = z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,31}$/);
/** A record's id in its source system. */
export const externalIdSchema = z.string().trim().min(1).max(64);

export const procedureBodySchema = z.strictObject({
  dental_practice_id: id,
  procedure_code_id: id,
  procedure_template_id: id.nullish().transform((v) => v ?? null),
  performed_at: dateTimeSchema,
  provider: z.string().trim().max(120).nullish().transform((v) => (v ? v : null)),
  status: z.enum(PROCEDURE_STATUSES).default('completed'),
  notes: z.string().trim().max(2000).nullish().transform((v) => (v ? v : null)),
  items: z.array(procedureItemBodySchema).max(200).optional(),
  /** The operatory (a location of the practice) where it was done: consumption takes from there first. */
  location_id: id.nullish().transform((v) => v ?? null),
  /** The system it comes from and its id there (both or neither): recording one whose external id exists in the practice updates it (docs/open-dental.md). */
  external_source: externalSourceSchema.optional(),
  external_id: externalIdSchema.optional(),
});
export type ProcedureBody = z.input<typeof procedureBodySchema>;

export const procedureItemUpdateBodySchema = z.strictObject({ quantity });

/** A hit of GET /api/inventory/product/search: the catalog's hit plus what the practice has on hand (0 and no inventory when it does not stock it). */
export const stockProductHitSchema = productHitSchema.extend({ on_hand: z.string(), inventory_id: z.number().int().nullable() });
export type StockProductHit = z.infer<typeof stockProductHitSchema>;

/** POST /api/inventory/move: part of a lot from one location of the practice to another. */
export const moveBodySchema = z.strictObject({
  dental_practice_id: id,
  product_id: id,
  lot_id: id,
  from_location_id: id,
  to_location_id: id,
  quantity,
  reason,
});
export type MoveBody = z.input<typeof moveBodySchema>;
