import { sql } from 'drizzle-orm';
import { supplierListContract, type ListRow } from '@enamel/contracts';
import { suppliers } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type SupplierRow = ListRow<typeof supplierListContract>;

const offersCount = sql<number>`(select count(*)::int from supplier_offers o where o.supplier_id = ${sql.raw('"suppliers"."id"')})`;

export const supplierList = bindList(supplierListContract, {
  table: suppliers,
  columns: {
    account_number: suppliers.accountNumber,
    contact_person: suppliers.contactPerson,
    lead_time_days: suppliers.leadTimeDays,
    minimum_order_value: suppliers.minimumOrderValue,
    offers_count: offersCount,
    created_at: suppliers.createdAt,
  },
  tiebreaker: suppliers.id,
});
