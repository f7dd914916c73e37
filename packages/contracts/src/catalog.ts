import { z } from 'zod';
import { STATUSES } from './dental-practices.ts';
import { calendarDaySchema } from './values.ts';

/** Units a product is used or bought in (GET /api/product/unit-measurement). */
export const UNITS = [
  'each', 'box', 'pack', 'case', 'bag', 'bottle', 'jar', 'tube', 'syringe', 'carpule', 'cartridge', 'capsule',
  'kit', 'roll', 'sheet', 'pair', 'vial', 'ampoule', 'tip', 'ml', 'l', 'g', 'kg',
] as const;
export type Unit = (typeof UNITS)[number];

/** Procedure code categories (docs/product-rules.md#catalog). */
export const PROCEDURE_CATEGORIES = [
  'diagnostic', 'preventive', 'restorative', 'endodontics', 'periodontics', 'prosthodontics',
  'implant_services', 'oral_surgery', 'orthodontics', 'adjunctive',
] as const;
export type ProcedureCategory = (typeof PROCEDURE_CATEGORIES)[number];

/** GS1 mod-10 check digit over GTIN-8/12/13/14. */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A GTIN of any length, as the 14-digit form stored and matched (left-padded with zeros). */
export function normalizeGtin(value: string): string {
  return value.padStart(14, '0');
}

const DECIMAL = /^\d{1,10}(\.\d{1,4})?$/;
/** Exact decimals travel as strings ("12.50"); numbers are accepted and turned into strings. */
export const decimalSchema = z
  .union([z.string().trim(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => DECIMAL.test(v), { params: { kind: 'decimal' } });
const positiveDecimalSchema = decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } });

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const optionalId = z.number().int().positive().nullish().transform((v) => v ?? null);

export const brandBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  manufacturer: optionalText(160),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]).nullish().transform((v) => (v ? v : null)),
  status: z.enum(STATUSES).optional(),
});
export type BrandBody = z.input<typeof brandBodySchema>;
export const brandSchema = z.object({
  id: z.number().int(), name: z.string(), manufacturer: z.string().nullable(), website: z.string().nullable(),
  status: z.enum(STATUSES), products_count: z.number().int(), created_at: z.string(), updated_at: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const categoryBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  parent_id: optionalId,
  status: z.enum(STATUSES).optional(),
});
export type CategoryBody = z.input<typeof categoryBodySchema>;
export const categorySchema = z.object({
  id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable(), path: z.string(),
  status: z.enum(STATUSES), products_count: z.number().int(), created_at: z.string(), updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const FACTOR = /^\d{1,8}(\.\d{1,6})?$/;
/**
 * A succession's conversion factor (docs/product-rules.md#succession): how many of the successor's usage units one
 * usage unit of the old product equals ("0.5" when a box of 200 replaces a box of 100). Up to 6 places, above zero.
 */
export const successionFactorSchema = z
  .union([z.string().trim(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => FACTOR.test(v), { params: { kind: 'decimal' } })
  .refine((v) => Number(v) > 0, { params: { kind: 'positive' } });

/**
 * Who replaces a product. On a product's body all three are optional: `successor_id` absent keeps the product's
 * succession as it is, null clears it, an id sets it (the date defaults to today, UTC, the factor to 1).
 * A date or factor without a successor is refused.
 */
const successionFields = {
  successor_id: z.number().int().positive().nullish(),
  succession_date: calendarDaySchema.nullish(),
  succession_factor: successionFactorSchema.nullish(),
};
/** PUT /api/product/{id}/successor ("Replace with…"): the same three, the successor named (null clears). */
export const productSuccessionBodySchema = z.strictObject({
  successor_id: z.number().int().positive().nullable(),
  succession_date: calendarDaySchema.nullish(),
  succession_factor: successionFactorSchema.nullish(),
});
export type ProductSuccessionBody = z.input<typeof productSuccessionBodySchema>;

export const productBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  sku: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/),
  gtin: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidGtin(v), { params: { kind: 'gtin' } }),
  brand_id: optionalId,
  category_id: optionalId,
  usage_unit: z.enum(UNITS),
  purchase_unit: z.enum(UNITS),
  units_per_purchase_unit: z.number().int().min(1).max(1_000_000),
  purchase_price: decimalSchema,
  tracks_lots: z.boolean().default(false),
  description: optionalText(2000),
  status: z.enum(STATUSES).optional(),
  ...successionFields,
});
export type ProductBody = z.input<typeof productBodySchema>;
export const productSchema = z.object({
  id: z.number().int(), name: z.string(), sku: z.string(), gtin: z.string().nullable(),
  brand_id: z.number().int().nullable(), brand_name: z.string().nullable(),
  category_id: z.number().int().nullable(), category_name: z.string().nullable(),
  usage_unit: z.string(), purchase_unit: z.string(), units_per_purchase_unit: z.number().int(),
  purchase_price: z.string(), unit_cost: z.string(), tracks_lots: z.boolean(), description: z.string().nullable(),
  status: z.enum(STATUSES), created_at: z.string(), updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const productRefSchema = z.object({ id: z.number().int(), name: z.string(), sku: z.string(), usage_unit: z.string(), status: z.enum(STATUSES) });
/** A product's succession as its detail shows it: who replaces it (and from when), whom it replaces, the templates that still name it. */
export const productSuccessionSchema = z.object({
  successor: productRefSchema.nullable(),
  succession_date: z.string().nullable(),
  succession_factor: z.string().nullable(),
  predecessors: z.array(productRefSchema.extend({ succession_date: z.string(), succession_factor: z.string() })),
  templates_count: z.number().int(),
});
export type ProductSuccession = z.infer<typeof productSuccessionSchema>;
/** A product's record: the catalog fields and its succession. */
export const productDetailSchema = productSchema.extend({ successor_id: z.number().int().nullable(), succession: productSuccessionSchema });
export type ProductDetail = z.infer<typeof productDetailSchema>;
/** POST /api/product/{id}/switch-templates: the templates moved from the product to its successor. */
export const templateSwitchResultSchema = z.object({ switched: z.number().int(), templates: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type TemplateSwitchResult = z.infer<typeof templateSwitchResultSchema>;

/** A hit of the product pickers' search (GET /api/product/search): what a picker shows and a line takes. */
export const productHitSchema = productSchema.pick({
  id: true, name: true, sku: true, gtin: true, brand_name: true, usage_unit: true, purchase_unit: true, units_per_purchase_unit: true, unit_cost: true, tracks_lots: true, status: true,
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const procedureCodeBodySchema = z.strictObject({
  code: z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/).transform((v) => v.toUpperCase()),
  name: z.string().trim().min(1).max(160),
  category: z.enum(PROCEDURE_CATEGORIES),
  status: z.enum(STATUSES).optional(),
});
export type ProcedureCodeBody = z.input<typeof procedureCodeBodySchema>;
export const procedureCodeSchema = z.object({
  id: z.number().int(), code: z.string(), name: z.string(), category: z.enum(PROCEDURE_CATEGORIES),
  status: z.enum(STATUSES), templates_count: z.number().int(), created_at: z.string(), updated_at: z.string(),
});
export type ProcedureCode = z.infer<typeof procedureCodeSchema>;

export const templateItemBodySchema = z.strictObject({
  product_id: z.number().int().positive(),
  quantity: positiveDecimalSchema,
});
export const procedureTemplateBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(160),
  procedure_code_id: z.number().int().positive(),
  description: optionalText(2000),
  status: z.enum(STATUSES).optional(),
  items: z.array(templateItemBodySchema).max(200),
});
export type ProcedureTemplateBody = z.input<typeof procedureTemplateBodySchema>;
export const procedureTemplateItemSchema = z.object({
  id: z.number().int(), product_id: z.number().int(), product_name: z.string(), sku: z.string(),
  usage_unit: z.string(), quantity: z.string(), unit_cost: z.string(), line_cost: z.string(),
});
export const procedureTemplateSchema = z.object({
  id: z.number().int(), name: z.string(), procedure_code_id: z.number().int(), procedure_code: z.string(),
  procedure_code_name: z.string(), description: z.string().nullable(), status: z.enum(STATUSES),
  items: z.array(procedureTemplateItemSchema), consumable_cost: z.string(), created_at: z.string(), updated_at: z.string(),
});
export type ProcedureTemplate = z.infer<typeof procedureTemplateSchema>;
