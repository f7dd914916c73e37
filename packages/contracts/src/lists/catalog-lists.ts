import { z } from 'zod';
import { STATUSES } from '../dental-practices.ts';
import { listContract } from '../lists.ts';
import { LIST_PATHS } from './list-paths.ts';

const status = z.enum(STATUSES);

/** GET /api/admin/list/products: the catalog with packaging and costs (money is exact decimal text). */
export const productListContract = listContract({
  path: LIST_PATHS.product,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    sku: z.string(),
    gtin: z.string().nullable(),
    brand_id: z.number().int().nullable(),
    brand_name: z.string().nullable(),
    category_id: z.number().int().nullable(),
    category_name: z.string().nullable(),
    usage_unit: z.string(),
    purchase_unit: z.string(),
    units_per_purchase_unit: z.number().int(),
    purchase_price: z.string(),
    /** The purchase price per usage unit, to 4 places: what is shown is what filters and sorts. */
    unit_cost: z.string(),
    tracks_lots: z.boolean(),
    status,
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    sku: { type: 'string', sort: true, filter: true, search: true },
    gtin: { type: 'string', sort: true, filter: true, search: true },
    brand_id: { type: 'number', filter: true },
    brand_name: { type: 'string', sort: true, filter: true, search: true },
    category_id: { type: 'number', filter: true },
    category_name: { type: 'string', sort: true, filter: true, search: true },
    usage_unit: { type: 'string', sort: true, filter: true },
    purchase_unit: { type: 'string', sort: true, filter: true },
    units_per_purchase_unit: { type: 'number', sort: true, filter: true },
    purchase_price: { type: 'number', sort: true, filter: true },
    unit_cost: { type: 'number', sort: true, filter: true },
    tracks_lots: { type: 'bool', sort: true, filter: true },
    status: { type: 'string', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/brands. */
export const brandListContract = listContract({
  path: LIST_PATHS.brand,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    manufacturer: z.string().nullable(),
    website: z.string().nullable(),
    status,
    products_count: z.number().int(),
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    manufacturer: { type: 'string', sort: true, filter: true, search: true },
    website: { type: 'string', filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    products_count: { type: 'number', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/categories: each category with its path from the root ("Infection control › Gloves"). */
export const categoryListContract = listContract({
  path: LIST_PATHS.category,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    parent_id: z.number().int().nullable(),
    parent_name: z.string().nullable(),
    path: z.string(),
    status,
    products_count: z.number().int(),
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    parent_id: { type: 'number', filter: true },
    parent_name: { type: 'string', sort: true, filter: true, search: true },
    path: { type: 'string', sort: true, filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    products_count: { type: 'number', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'path', direction: 'asc' },
});

/** GET /api/admin/list/procedure-codes. */
export const procedureCodeListContract = listContract({
  path: LIST_PATHS.procedureCode,
  row: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    category: z.string(),
    status,
    templates_count: z.number().int(),
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    code: { type: 'string', sort: true, filter: true, search: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    category: { type: 'string', sort: true, filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    templates_count: { type: 'number', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'code', direction: 'asc' },
});

/** GET /api/admin/list/procedures-templates: each template with its items and consumable cost at today's prices. */
export const procedureTemplateListContract = listContract({
  path: LIST_PATHS.procedureTemplate,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    procedure_code_id: z.number().int(),
    procedure_code: z.string(),
    procedure_code_name: z.string(),
    items_count: z.number().int(),
    consumable_cost: z.string(),
    status,
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    procedure_code_id: { type: 'number', filter: true },
    procedure_code: { type: 'string', sort: true, filter: true, search: true },
    procedure_code_name: { type: 'string', sort: true, filter: true, search: true },
    items_count: { type: 'number', sort: true, filter: true },
    consumable_cost: { type: 'number', sort: true, filter: true },
    status: { type: 'string', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});
