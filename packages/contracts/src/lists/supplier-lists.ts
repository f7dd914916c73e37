import { z } from 'zod';
import { STATUSES } from '../dental-practices.ts';
import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { createdAtField, idField, namedFields, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

const text = col.text({ sort: true, filter: true, search: true });
const whole = col.int({ sort: true, filter: true });
const money = col.decimal({ sort: true, filter: true });

/** GET /api/admin/list/suppliers: who the organisation buys from, with how many offers each has. */
export const supplierListContract = listContract({
  path: LIST_PATHS.supplier,
  fields: {
    ...namedFields,
    account_number: col.nullable(text),
    contact_person: col.nullable(text),
    email: col.nullable(text),
    phone: col.nullable(col.text({ filter: true, search: true })),
    currency: col.text({ sort: true, filter: true }),
    lead_time_days: whole,
    minimum_order_value: money,
    offers_count: whole,
    status: statusField,
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/**
 * GET /api/admin/list/supplier-offers (also `?product_id=` and `?supplier_id=`): what each supplier sells each
 * product as. Prices are in the supplier's currency (`currency`), per purchase unit; `unit_price` per usage unit.
 */
export const supplierOfferListContract = listContract({
  path: LIST_PATHS.supplierOffer,
  fields: {
    id: idField,
    supplier_id: col.int({ filter: true }),
    supplier_name: text,
    product_id: col.int({ filter: true }),
    product_name: text,
    product_sku: text,
    supplier_sku: col.nullable(text),
    purchase_unit: col.text({ sort: true, filter: true }),
    units_per_purchase_unit: money,
    usage_unit: col.text({ sort: true, filter: true }),
    price: money,
    currency: col.text({ sort: true, filter: true }),
    unit_price: money,
    minimum_order_quantity: whole,
    lead_time_days: col.nullable(whole),
    effective_lead_time_days: whole,
    preferred: col.bool({ sort: true, filter: true }),
    status: statusField,
    created_at: createdAtField,
    /** Whether the supplier and the product are active (an offer of an inactive one is never chosen). */
    supplier_status: col.field(z.enum(STATUSES)),
    product_status: col.field(z.enum(STATUSES)),
  },
  defaultSort: { field: 'supplier_name', direction: 'asc' },
});
