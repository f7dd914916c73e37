import { z } from 'zod';
import { decimalSchema, UNITS } from './catalog.ts';
import { currencySchema, STATUSES } from './dental-practices.ts';
import { supplierOfferListContract } from './lists/supplier-lists.ts';

/** Suppliers and what they sell (docs/suppliers-api.md). Money is exact decimal text, in the supplier's currency. */

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const days = z.number().int().min(0).max(365);
const positiveDecimal = decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } });

/** Body of POST /api/supplier/create and …/update/{id}. */
export const supplierBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  account_number: optionalText(64),
  contact_person: optionalText(120),
  email: z.union([z.literal(''), z.email().max(254)]).nullish().transform((v) => (v ? v : null)),
  phone: z.string().trim().max(40).regex(/^[0-9+()./\s-]*$/).nullish().transform((v) => (v ? v : null)),
  address: optionalText(500),
  /** Days from sending an order to its arrival, unless an offer says otherwise. */
  lead_time_days: days.default(7),
  /** The smallest order the supplier accepts, in its currency; 0 = none. */
  minimum_order_value: decimalSchema.default('0'),
  currency: currencySchema,
  status: z.enum(STATUSES).optional(),
});
export type SupplierBody = z.input<typeof supplierBodySchema>;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  lead_time_days: z.number().int(),
  minimum_order_value: z.string(),
  currency: z.string(),
  status: z.enum(STATUSES),
  offers_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** An item of GET /api/supplier/all (pickers): every supplier, active ones first then by name. */
export const supplierOptionSchema = z.object({ id: z.number().int(), name: z.string(), currency: z.string(), lead_time_days: z.number().int(), status: z.enum(STATUSES) });
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/**
 * Body of POST /api/supplier-offer/create and …/update/{id}. The price is per purchase unit in the supplier's
 * currency; `currency`, when sent, must be the supplier's (prices are never converted).
 */
export const supplierOfferBodySchema = z.strictObject({
  supplier_id: z.number().int().positive(),
  product_id: z.number().int().positive(),
  supplier_sku: optionalText(64),
  purchase_unit: z.enum(UNITS),
  /** Usage units in one purchase unit. */
  units_per_purchase_unit: positiveDecimal,
  price: decimalSchema,
  currency: currencySchema.optional(),
  minimum_order_quantity: z.number().int().min(1).max(1_000_000).default(1),
  /** Overrides the supplier's lead time; null = the supplier's. */
  lead_time_days: days.nullish().transform((v) => v ?? null),
  /** The product's one preferred offer: setting it unsets the product's other offer. */
  preferred: z.boolean().default(false),
  status: z.enum(STATUSES).optional(),
});
export type SupplierOfferBody = z.input<typeof supplierOfferBodySchema>;

/** One offer (GET /api/supplier-offer/{id}): a row of the offers list. */
export const supplierOfferSchema = supplierOfferListContract.row;
export type SupplierOffer = z.infer<typeof supplierOfferSchema>;
