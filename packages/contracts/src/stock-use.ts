import { z } from 'zod';
import { decimalSchema } from './catalog.ts';
import { calendarDaySchema, idSchema } from './values.ts';

/**
 * POST /api/stock/use: supplies no procedure template consumes (gloves, disinfectant, office supplies) taken out of
 * stock by hand — a `consume` movement "used outside a procedure", FEFO across the lots, counted as consumption.
 */
export const stockUseBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  product_id: idSchema,
  /** In the product's usage unit. */
  quantity: decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } }),
  /** Where it was used (an operatory): its lots there are taken first, then the rest of the practice, earliest expiry first. */
  location_id: idSchema.nullish().transform((v) => v ?? null),
  /** An optional note, kept after the reason. */
  note: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
});
export type StockUseBody = z.input<typeof stockUseBodySchema>;

export const stockUseResultSchema = z.object({
  inventory_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  usage_unit: z.string(),
  quantity: z.string(),
  /** On hand after the use. */
  on_hand: z.string(),
  reason: z.string(),
  /** What was taken from which lot (FEFO). */
  taken: z.array(z.object({ lot_id: z.number().int(), lot_number: z.string().nullable(), expiry_date: calendarDaySchema.nullable(), quantity: z.string(), movement_id: z.number().int() })),
});
export type StockUseResult = z.infer<typeof stockUseResultSchema>;
