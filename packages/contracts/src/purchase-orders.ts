import { z } from 'zod';
import { decimalSchema } from './catalog.ts';
import { calendarDaySchema, idSchema } from './values.ts';

/** A purchase order's life (docs/product-rules.md#purchase-orders): the database's check constraint lists the same. */
export const PURCHASE_ORDER_STATUSES = ['draft', 'awaiting_approval', 'approved', 'sent', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Why goods go back to the supplier. */
export const RETURN_REASONS = ['damaged', 'wrong_item', 'recall', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Statuses a PO may be cancelled from (and only while nothing was received). */
export const CANCELLABLE_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'awaiting_approval', 'approved', 'sent'];
/** Statuses goods may be received in. */
export const RECEIVABLE_STATUSES: readonly PurchaseOrderStatus[] = ['sent', 'partially_received'];

const positive = decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } });
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const currencySchema = z.string().trim().regex(/^[A-Z]{3}$/);

/** A line as a draft is written: quantity in purchase units; pack, SKU and price come from the offer unless given. */
export const purchaseOrderLineInputSchema = z.strictObject({
  /** An existing line of the draft (kept and changed); none for a new line. */
  id: idSchema.nullish().transform((v) => v ?? null),
  product_id: idSchema,
  supplier_offer_id: idSchema.nullish().transform((v) => v ?? null),
  quantity: positive,
  /** Price of one purchase unit in the PO's currency (the offer's when absent). */
  unit_price: decimalSchema.nullish().transform((v) => v ?? null),
  /** Without an offer: the purchase unit and how many usage units it holds (the product's when absent). */
  purchase_unit: optionalText(32),
  units_per_purchase_unit: positive.nullish().transform((v) => v ?? null),
});
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInputSchema>;

const lines = z.array(purchaseOrderLineInputSchema).max(500);

/** POST /api/purchase-orders: a draft by hand. `currency`, when sent, must be the supplier's (never converted). */
export const purchaseOrderCreateBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  supplier_id: idSchema,
  currency: currencySchema.nullish().transform((v) => v ?? null),
  notes: optionalText(2000),
  lines: lines.default([]),
});
export type PurchaseOrderCreateBody = z.input<typeof purchaseOrderCreateBodySchema>;

/** PATCH /api/purchase-orders/{id}: a draft's notes and its whole set of lines (lines left out are removed). */
export const purchaseOrderUpdateBodySchema = z.strictObject({
  currency: currencySchema.nullish().transform((v) => v ?? null),
  notes: optionalText(2000),
  lines,
});
export type PurchaseOrderUpdateBody = z.input<typeof purchaseOrderUpdateBodySchema>;

/** POST /api/purchase-orders/from-suggestions: one draft per supplier of the offers named. */
export const purchaseOrdersFromSuggestionsBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  lines: z.array(z.strictObject({ product_id: idSchema, supplier_offer_id: idSchema, quantity: positive })).min(1).max(1000),
});
export type PurchaseOrdersFromSuggestionsBody = z.input<typeof purchaseOrdersFromSuggestionsBodySchema>;
export const purchaseOrdersCreatedSchema = z.object({ data: z.array(z.object({ id: z.number().int(), number: z.string(), supplier_id: z.number().int() })) });
export type PurchaseOrdersCreated = z.infer<typeof purchaseOrdersCreatedSchema>;

/** Reject (back to draft) or cancel: the reason is kept and shown. */
export const purchaseOrderReasonBodySchema = z.strictObject({ reason: requiredText(500) });
export type PurchaseOrderReasonBody = z.input<typeof purchaseOrderReasonBodySchema>;

/** POST /api/purchase-orders/{id}/receive: what arrived per line (purchase units), with its lot and invoice price. */
export const purchaseOrderReceiveBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        line_id: idSchema,
        quantity: positive,
        lot_number: z.string().trim().max(64).nullish().transform((v) => (v ? v : null)),
        expiry_date: calendarDaySchema.nullish().transform((v) => v ?? null),
        /** Per purchase unit, in the PO's currency (the PO's price when absent). */
        invoiced_unit_price: decimalSchema.nullish().transform((v) => v ?? null),
        /** Per usage unit in the practice's currency: required when the PO is in another currency. */
        unit_cost: decimalSchema.nullish().transform((v) => v ?? null),
        confirm_expired: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(500),
  /** Where the goods are put away: one of the practice's active storage locations (absent: its main store). */
  location_id: idSchema.nullish().transform((v) => v ?? null),
});
export type PurchaseOrderReceiveBody = z.input<typeof purchaseOrderReceiveBodySchema>;

/** POST /api/purchase-orders/{id}/lines/{lineId}/return: usage units back to the supplier (FEFO unless a lot is named). */
export const purchaseOrderReturnBodySchema = z.strictObject({
  quantity: positive,
  lot_id: idSchema.nullish().transform((v) => v ?? null),
  reason: z.enum(RETURN_REASONS),
  note: optionalText(500),
});
export type PurchaseOrderReturnBody = z.input<typeof purchaseOrderReturnBodySchema>;

/** A lot that came in on a line (what a return can take from). */
export const purchaseOrderLotSchema = z.object({
  id: z.number().int(),
  lot_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  quantity: z.string(),
});

export const purchaseOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  gtin: z.string().nullable(),
  usage_unit: z.string(),
  tracks_lots: z.boolean(),
  supplier_offer_id: z.number().int().nullable(),
  supplier_sku: z.string().nullable(),
  purchase_unit: z.string(),
  units_per_purchase_unit: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  line_total: z.string(),
  received_quantity: z.string(),
  /** Ordered − received, never below zero (purchase units). */
  outstanding_quantity: z.string(),
  invoiced_unit_price: z.string().nullable(),
  /** Invoiced − ordered price per purchase unit (null before an invoice price). */
  price_variance: z.string().nullable(),
  returned_units: z.string(),
  /** Received in usage units − returned: what may still go back. */
  returnable_units: z.string(),
  credit_expected: z.string(),
  lots: z.array(purchaseOrderLotSchema),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

/** GET /api/purchase-orders/{id}. */
/** This month's supply spend with an order added, in the practice's currency (the order is added only in that currency). */
export const purchaseOrderBudgetSchema = z.object({
  /** The monthly budget; null = none set (never over). */
  budget: z.string().nullable(),
  currency: z.string(),
  /** Received this month so far. */
  spent: z.string(),
  /** Sent and not yet received. */
  committed: z.string(),
  /** spent + committed + this order. */
  after: z.string(),
  over: z.boolean(),
  /** False when the order is in another currency than the practice's: it is not added (never converted). */
  comparable: z.boolean(),
});
export type PurchaseOrderBudget = z.infer<typeof purchaseOrderBudgetSchema>;
/** What a send warns of (translated by the client): the month goes over budget with this order. */
export const PURCHASE_ORDER_SEND_WARNINGS = ['over_budget'] as const;

export const purchaseOrderDetailSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  dental_practice_id: z.number().int(),
  dental_practice_name: z.string(),
  practice_currency: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  supplier_email: z.string().nullable(),
  currency: z.string(),
  total: z.string(),
  notes: z.string().nullable(),
  expected_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  submitted_by: z.number().int().nullable(),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  rejected_reason: z.string().nullable(),
  sent_at: z.string().nullable(),
  sent_to: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The practice's approval threshold (null: no approval needed) and whether this PO's total exceeds it. */
  approval_threshold: z.string().nullable(),
  needs_approval: z.boolean(),
  /** Share of an ordered quantity that may arrive beyond it (0.05 = 5 %). */
  over_receipt_tolerance: z.string(),
  credit_expected: z.string(),
  /**
   * Before it is sent (draft, awaiting approval, approved): this month's spend against the practice's budget with this
   * order added (docs/product-rules.md#budget); null once sent, cancelled or received.
   */
  budget: purchaseOrderBudgetSchema.nullable(),
  lines: z.array(purchaseOrderLineSchema),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;
export const purchaseOrderAnswerSchema = z.object({ success: z.literal(true), data: purchaseOrderDetailSchema });

/** GET /api/purchase-orders/suppliers: the active suppliers and their active offers of active products (the New PO form's choices). */
export const purchaseOrderSupplierOptionsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      currency: z.string(),
      email: z.string().nullable(),
      offers: z.array(
        z.object({
          id: z.number().int(),
          product_id: z.number().int(),
          product_name: z.string(),
          sku: z.string(),
          supplier_sku: z.string().nullable(),
          purchase_unit: z.string(),
          units_per_purchase_unit: z.string(),
          price: z.string(),
          minimum_order_quantity: z.number().int(),
        }),
      ),
    }),
  ),
});
export type PurchaseOrderSupplierOptions = z.infer<typeof purchaseOrderSupplierOptionsSchema>['data'];
