import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brand, brandBodySchema } from '@enamel/contracts';
import { brands, products, type Database } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import { isoDate } from '../../core/presenters.ts';
import { assertUnique, createRecord, findRecord, setRecordStatus, updateRecord, type InUseCheck, type RecordKind } from '../../core/records.ts';

type Row = typeof brands.$inferSelect;
/** A body as the route's schema left it (trimmed, empty strings as null). */
export type BrandInput = z.output<typeof brandBodySchema>;
const kind: RecordKind = { table: brands, subject: 'Brand' };

function toColumns(body: BrandInput) {
  return { name: body.name, manufacturer: body.manufacturer, website: body.website, ...(body.status ? { status: body.status } : {}) };
}

const nameTaken = (db: Database, name: string, exceptId?: number) => assertUnique(db, brands, sql`lower(${brands.name}) = lower(${name})`, 'name', 'catalog.brand_name_taken', exceptId);

/** A brand stays active while active products carry it. */
const activeProducts: InUseCheck = async (tx, id) => {
  const [row] = await tx.select({ n: count() }).from(products).where(and(eq(products.brandId, id), eq(products.status, 'active')));
  return row && row.n > 0 ? { key: 'catalog.brand_in_use', params: { count: row.n } } : null;
};

export async function presentBrand(db: Database, row: Row): Promise<Brand> {
  const [used] = await db.select({ n: count() }).from(products).where(eq(products.brandId, row.id));
  return {
    id: row.id, name: row.name, manufacturer: row.manufacturer, website: row.website, status: row.status as Brand['status'],
    products_count: used?.n ?? 0, created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const findBrand = (db: Database, id: number) => findRecord<Row>(db, kind, id);

export async function createBrand(db: Database, actor: Actor, body: BrandInput): Promise<Row> {
  await nameTaken(db, body.name);
  return createRecord<Row>(db, actor, kind, toColumns(body));
}

export async function updateBrand(db: Database, actor: Actor, id: number, body: BrandInput): Promise<Row> {
  await findBrand(db, id);
  await nameTaken(db, body.name, id);
  return updateRecord<Row>(db, actor, kind, id, toColumns(body));
}

export const setBrandStatus = (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => setRecordStatus<Row>(db, actor, kind, id, status, activeProducts);
