import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Supplier, supplierBodySchema, SupplierOption } from '@enamel/contracts';
import { purchaseOrders, supplierOffers, suppliers, type Database } from '@enamel/db';
import { AppError, invalid } from '../../core/errors.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import { recordService, type InUseCheck, type RecordKind } from '../../core/records.ts';

type Row = typeof suppliers.$inferSelect;
/** A body as the route's schema left it (trimmed, empty strings as null). */
export type SupplierInput = z.output<typeof supplierBodySchema>;
const kind: RecordKind = { table: suppliers, subject: 'Supplier' };

/** Purchase orders still on their way: a supplier cannot be deactivated under them. */
const OPEN_ORDER_STATUSES = ['draft', 'awaiting_approval', 'approved', 'sent', 'partially_received'];

/** Names are unique whatever the case: a second "Henry Schein" is the rule's 409, naming the field. */
async function nameTaken(db: Database, name: string, exceptId?: number): Promise<void> {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(sql`lower(${suppliers.name}) = lower(${name})`).limit(2);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('conflict', 'supplier.name_taken', { name: [{ key: 'supplier.name_taken' }] });
}

/** Prices are in the supplier's currency and never converted: it cannot change under its offers or orders. */
async function currencyKept(db: Database, body: SupplierInput, id: number): Promise<void> {
  const [row] = await db.select({ currency: suppliers.currency }).from(suppliers).where(eq(suppliers.id, id));
  if (!row || row.currency === body.currency) return;
  const [offers] = await db.select({ n: count() }).from(supplierOffers).where(eq(supplierOffers.supplierId, id));
  const [orders] = await db.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.supplierId, id));
  if ((offers?.n ?? 0) + (orders?.n ?? 0) > 0) throw invalid('currency', 'supplier.currency_in_use', { currency: row.currency });
}

const openOrders: InUseCheck = async (tx, id) => {
  const [row] = await tx.select({ n: count() }).from(purchaseOrders).where(and(eq(purchaseOrders.supplierId, id), inArray(purchaseOrders.status, OPEN_ORDER_STATUSES)));
  return row && row.n > 0 ? { key: 'supplier.open_orders', params: { count: row.n } } : null;
};

export async function presentSupplier(db: Database, row: Row): Promise<Supplier> {
  const [offers] = await db.select({ n: count() }).from(supplierOffers).where(eq(supplierOffers.supplierId, row.id));
  return {
    id: row.id, name: row.name, account_number: row.accountNumber, contact_person: row.contactPerson, email: row.email, phone: row.phone,
    address: row.address, lead_time_days: row.leadTimeDays, minimum_order_value: decimalText(row.minimumOrderValue), currency: row.currency,
    status: row.status as Supplier['status'], offers_count: offers?.n ?? 0, created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const { find: findSupplier, create: createSupplier, update: updateSupplier, setStatus: setSupplierStatus } = recordService<Row, SupplierInput>(kind, {
  columns: (body) => ({
    name: body.name, accountNumber: body.account_number, contactPerson: body.contact_person, email: body.email, phone: body.phone, address: body.address,
    leadTimeDays: body.lead_time_days, minimumOrderValue: body.minimum_order_value, currency: body.currency, ...(body.status ? { status: body.status } : {}),
  }),
  check: async (db, body, id) => {
    await nameTaken(db, body.name, id);
    if (id !== undefined) await currencyKept(db, body, id);
  },
  inUse: openOrders,
});

/** Every supplier for pickers: active ones first, then by name. */
export async function allSuppliers(db: Database): Promise<SupplierOption[]> {
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, currency: suppliers.currency, lead_time_days: suppliers.leadTimeDays, status: suppliers.status })
    .from(suppliers)
    .orderBy(desc(eq(suppliers.status, 'active')), asc(suppliers.name), asc(suppliers.id));
  return rows.map((r) => ({ ...r, status: r.status as SupplierOption['status'] }));
}
