import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brand, brandBodySchema } from '@enamel/contracts';
import { brands, products, type Database } from '@enamel/db';
import { isoDate } from '../../core/presenters.ts';
import { activeReferences, assertUnique, recordService, type RecordKind } from '../../core/records.ts';

type Row = typeof brands.$inferSelect;
/** A body as the route's schema left it (trimmed, empty strings as null). */
export type BrandInput = z.output<typeof brandBodySchema>;
const kind: RecordKind = { table: brands, subject: 'Brand' };

const nameTaken = (db: Database, name: string, exceptId?: number) => assertUnique(db, brands, sql`lower(${brands.name}) = lower(${name})`, 'name', 'catalog.brand_name_taken', exceptId);

export async function presentBrand(db: Database, row: Row): Promise<Brand> {
  const [used] = await db.select({ n: count() }).from(products).where(eq(products.brandId, row.id));
  return {
    id: row.id, name: row.name, manufacturer: row.manufacturer, website: row.website, status: row.status as Brand['status'],
    products_count: used?.n ?? 0, created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const { find: findBrand, create: createBrand, update: updateBrand, setStatus: setBrandStatus } = recordService<Row, BrandInput>(kind, {
  columns: (body) => ({ name: body.name, manufacturer: body.manufacturer, website: body.website, ...(body.status ? { status: body.status } : {}) }),
  check: (db, body, id) => nameTaken(db, body.name, id),
  // A brand stays active while active products carry it.
  inUse: activeReferences(products, products.brandId, 'catalog.brand_in_use'),
});
