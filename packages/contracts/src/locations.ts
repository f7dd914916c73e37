import { z } from 'zod';
import { STATUSES } from './dental-practices.ts';
import { decimalSchema } from './catalog.ts';
import { ID_MAX, idSchema } from './values.ts';

/** Where in a practice stock is kept (docs/locations.md). */
export const STORAGE_LOCATION_KINDS = ['store_room', 'operatory', 'sterilisation', 'other'] as const;
export type StorageLocationKind = (typeof STORAGE_LOCATION_KINDS)[number];

/**
 * Create or update (the whole record) a storage location. `is_main: true` makes it the practice's main store (the
 * one receipts go to by default); the flag leaves the old main store in the same transaction.
 */
export const storageLocationBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  name: z.string().trim().min(1).max(120),
  kind: z.enum(STORAGE_LOCATION_KINDS).default('other'),
  sort_order: z.number().int().min(0).max(1_000_000).default(0),
  is_main: z.boolean().optional(),
  status: z.enum(STATUSES).optional(),
});
export type StorageLocationBody = z.input<typeof storageLocationBodySchema>;

/** A par quantity: in usage units, above zero (numeric(14,4)). */
const parQuantitySchema = decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } });

/**
 * Set (or replace) the par level of a product at a storage location: how much of it the location should hold, in usage
 * units. One par per location and product; setting it again replaces it.
 */
export const locationParLevelBodySchema = z.strictObject({
  location_id: idSchema,
  product_id: idSchema,
  par_quantity: parQuantitySchema,
});
export type LocationParLevelBody = z.input<typeof locationParLevelBodySchema>;

/**
 * One line of the restock list (docs/locations.md#par-levels-and-restocking): a product below par at a location, how
 * much is there (unexpired), the shortfall, what the main store holds (unexpired) and what to bring.
 */
export const restockLineSchema = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  location_kind: z.enum(STORAGE_LOCATION_KINDS),
  product_id: z.number().int(),
  product_name: z.string(),
  product_sku: z.string(),
  usage_unit: z.string(),
  par_quantity: z.string(),
  on_hand: z.string(),
  shortfall: z.string(),
  /** Unexpired stock at the main store. */
  available: z.string(),
  /** min(shortfall, what the main store has left after the lines above it). */
  bring: z.string(),
});
export type RestockLine = z.infer<typeof restockLineSchema>;

export const restockListSchema = z.object({
  main_store: z.object({ id: z.number().int(), name: z.string() }),
  lines: z.array(restockLineSchema),
});
export type RestockList = z.infer<typeof restockListSchema>;

/** GET /api/restock: a practice's restock list, or one location's. */
export const restockQuerySchema = z.object({
  dental_practice_id: z.coerce.number().int().positive().max(ID_MAX),
  location_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});

/**
 * POST /api/restock: move these quantities of these products from the main store to the location (the main store's
 * lots earliest expiry first), in one transaction. More than the main store holds is a 409 naming the product.
 */
// A product named twice is a 422 on the second line (the service says so).
export const restockBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  location_id: idSchema,
  lines: z
    .array(z.strictObject({ product_id: idSchema, quantity: parQuantitySchema }))
    .min(1)
    .max(500),
  reason: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
});
export type RestockBody = z.input<typeof restockBodySchema>;

export const restockResultSchema = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  moved: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      usage_unit: z.string(),
      quantity: z.string(),
      lots: z.array(z.object({ lot_number: z.string().nullable(), expiry_date: z.string().nullable(), quantity: z.string() })),
    }),
  ),
});
export type RestockResult = z.infer<typeof restockResultSchema>;
