import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { consumptionFields, createdAtField, idField, namedFields, procedureCodeFields, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

const text = col.text({ sort: true, filter: true, search: true });
const count = col.int({ sort: true, filter: true });

/** GET /api/admin/list/products: the catalog with packaging and costs (money is exact decimal text). */
export const productListContract = listContract({
  path: LIST_PATHS.product,
  fields: {
    ...namedFields,
    sku: text,
    gtin: col.nullable(text),
    brand_id: col.nullable(col.int({ filter: true })),
    brand_name: col.nullable(text),
    category_id: col.nullable(col.int({ filter: true })),
    category_name: col.nullable(text),
    usage_unit: col.text({ sort: true, filter: true }),
    purchase_unit: col.text({ sort: true, filter: true }),
    units_per_purchase_unit: count,
    purchase_price: col.decimal({ sort: true, filter: true }),
    /** The purchase price per usage unit, to 4 places: what is shown is what filters and sorts. */
    unit_cost: col.decimal({ sort: true, filter: true }),
    tracks_lots: col.bool({ sort: true, filter: true }),
    status: statusField,
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/brands. */
export const brandListContract = listContract({
  path: LIST_PATHS.brand,
  fields: {
    ...namedFields,
    manufacturer: col.nullable(text),
    website: col.nullable(col.text({ filter: true, search: true })),
    status: statusField,
    products_count: count,
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/categories: each category with its path from the root ("Infection control › Gloves"). */
export const categoryListContract = listContract({
  path: LIST_PATHS.category,
  fields: {
    ...namedFields,
    parent_id: col.nullable(col.int({ filter: true })),
    parent_name: col.nullable(text),
    path: text,
    status: statusField,
    products_count: count,
    created_at: createdAtField,
  },
  defaultSort: { field: 'path', direction: 'asc' },
});

/** GET /api/admin/list/procedure-codes. */
export const procedureCodeListContract = listContract({
  path: LIST_PATHS.procedureCode,
  fields: {
    id: idField,
    code: text,
    name: text,
    category: text,
    status: statusField,
    templates_count: count,
    created_at: createdAtField,
  },
  defaultSort: { field: 'code', direction: 'asc' },
});

/** GET /api/admin/list/procedures-templates: each template with its items and consumable cost at today's prices. */
export const procedureTemplateListContract = listContract({
  path: LIST_PATHS.procedureTemplate,
  fields: {
    ...namedFields,
    ...procedureCodeFields,
    ...consumptionFields,
    status: statusField,
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});
