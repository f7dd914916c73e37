import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { brands, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

export const brandRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturer: z.string().nullable(),
  website: z.string().nullable(),
  status: z.string(),
  products_count: z.number().int(),
  created_at: z.string(),
});
export type BrandRow = z.infer<typeof brandRowSchema>;

const productsCount = sql<number>`(select count(*)::int from products p where p.brand_id = ${sql.raw('"brands"."id"')})`;

export const brandList: ListDefinition<BrandRow> = {
  path: '/api/admin/list/brands',
  columns: {
    id: { type: 'number', expr: brands.id, sort: true, filter: true },
    name: { type: 'string', expr: brands.name, sort: true, filter: true, search: true },
    manufacturer: { type: 'string', expr: brands.manufacturer, sort: true, filter: true, search: true },
    website: { type: 'string', expr: brands.website, filter: true, search: true },
    status: { type: 'string', expr: brands.status, sort: true, filter: true },
    products_count: { type: 'number', expr: productsCount, sort: true, filter: true, integer: true },
    created_at: { type: 'date', expr: brands.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: brands.id,
  query: (db: Database) =>
    db
      .select({ id: brands.id, name: brands.name, manufacturer: brands.manufacturer, website: brands.website, status: brands.status, products_count: productsCount, created_at: brands.createdAt })
      .from(brands)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as BrandRow), created_at: isoDate(row.created_at) }),
};
