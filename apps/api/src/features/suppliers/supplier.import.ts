import { sql } from 'drizzle-orm';
import { supplierBodySchema, supplierOfferBodySchema, UNITS } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { blankToNull, defineKind, issuesToCellErrors, optionalLower, parseBoolean, parseWhole, type CellError, type Db } from '../../core/import/kind.ts';
import { defineRecordKind, STATUS_COLUMN } from '../../core/import/record-kind.ts';
import { upsertRows } from '../../core/import/upsert.ts';

interface KnownSupplier {
  id: number;
  name: string;
  status: string;
  currency: string;
  /** Offers or purchase orders are priced in its currency: it cannot change. */
  priced: boolean;
}

/** Suppliers by lower-case name. */
async function loadSuppliers(db: Db): Promise<Map<string, KnownSupplier>> {
  const rows = await rowsOf(
    db,
    sqlRow({ id: sqlCol.int, name: sqlCol.text, status: sqlCol.text, currency: sqlCol.text, priced: sqlCol.bool }),
    sql`select s.id::int as id, s.name, s.status, s.currency,
      (exists (select 1 from supplier_offers o where o.supplier_id = s.id) or exists (select 1 from purchase_orders p where p.supplier_id = s.id)) as priced
      from suppliers s`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), { ...r, id: Number(r.id) }]));
}

/**
 * Suppliers: natural key the name, case-insensitive (a row naming "henry schein" updates "Henry Schein").
 * Empty lead time and minimum order value cells keep the stored values (7 days and 0 for a new supplier).
 */
export const supplierKind = defineRecordKind({
  name: 'supplier',
  subject: 'Supplier',
  table: 'suppliers',
  key: 'name',
  conflict: 'lower(name)',
  schema: supplierBodySchema,
  columns: {
    name: { required: true, example: 'Northdent Supplies Ltd', type: 'varchar(120)' },
    account_number: { example: 'ND-204981', type: 'varchar(64)' },
    contact_person: { example: 'Priya Shah', type: 'varchar(120)' },
    email: { example: 'orders@northdent.example', type: 'varchar(254)' },
    phone: { example: '+44 20 7946 0321', type: 'varchar(40)' },
    address: { example: '12 Wharf Road, London N1 7GR', type: 'text' },
    lead_time_days: { example: '5', type: 'integer' },
    minimum_order_value: { example: '150.00', type: 'numeric(14,4)' },
    currency: { required: true, example: 'GBP', type: 'varchar(3)' },
  },
  keepWhenAbsent: { lead_time_days: 7, minimum_order_value: '0' },
  loadRefs: (db) => loadSuppliers(db),
  body(cells, refs: Map<string, KnownSupplier>, errors) {
    const known = refs.get((cells.name ?? '').toLowerCase());
    const currency = (cells.currency ?? '').toUpperCase();
    if (known?.priced && currency && currency !== known.currency) errors.push({ column: 'currency', key: 'supplier.currency_in_use', params: { currency: known.currency } });
    return {
      // The stored spelling of a known name: the unique index is on the name as written.
      name: known?.name ?? cells.name,
      account_number: blankToNull(cells.account_number),
      contact_person: blankToNull(cells.contact_person),
      email: blankToNull(cells.email),
      phone: blankToNull(cells.phone),
      address: blankToNull(cells.address),
      lead_time_days: parseWhole(cells.lead_time_days),
      minimum_order_value: cells.minimum_order_value || undefined,
      currency: cells.currency,
    };
  },
  stored: (v, _refs, body) => ({
    ok: true,
    value: { ...v, lead_time_days: body.lead_time_days === undefined ? undefined : v.lead_time_days, minimum_order_value: body.minimum_order_value === undefined ? undefined : v.minimum_order_value },
  }),
});

interface OfferRefs {
  suppliers: Map<string, KnownSupplier>;
  products: Map<string, { id: number; status: string }>;
}

interface OfferRow extends Record<string, unknown> {
  supplier_id: number;
  product_id: number;
  supplier_sku: string | null;
  purchase_unit: string;
  units_per_purchase_unit: string;
  price: string;
  minimum_order_quantity: number | undefined;
  lead_time_days: number | null | undefined;
  preferred: boolean | undefined;
  status: string | undefined;
}

const OFFER_COLUMNS = {
  supplier_id: 'bigint', product_id: 'bigint', supplier_sku: 'varchar(64)', purchase_unit: 'varchar(32)', units_per_purchase_unit: 'numeric(14,4)',
  price: 'numeric(14,4)', minimum_order_quantity: 'integer', lead_time_days: 'integer', preferred: 'boolean', status: 'varchar(16)',
};
/** Body fields to template columns (for the schema's errors). */
const OFFER_COLUMN_OF: Record<string, string> = { supplier_id: 'supplier', product_id: 'product_sku' };

/**
 * Supplier offers: natural key the supplier's name and the product's SKU. Prices are per purchase unit in the
 * supplier's currency (a `currency` cell must be it). Empty minimum order quantity, lead time and preferred cells
 * keep the stored values. A row marked preferred takes the preference from the product's other offers.
 */
export const supplierOfferKind = defineKind<OfferRow, OfferRefs>({
  name: 'supplier-offer',
  subject: 'Supplier',
  keyColumn: 'product_sku',
  batchSize: 1000,
  columns: [
    { name: 'supplier', required: true, example: 'Northdent Supplies Ltd' },
    { name: 'product_sku', required: true, example: 'GLV-NIT-M-100' },
    { name: 'supplier_sku', example: 'ND-55120' },
    { name: 'purchase_unit', required: true, example: 'case' },
    { name: 'units_per_purchase_unit', required: true, example: '1000' },
    { name: 'price', required: true, example: '79.90' },
    { name: 'currency', example: 'GBP' },
    { name: 'minimum_order_quantity', example: '1' },
    { name: 'lead_time_days', example: '3' },
    { name: 'preferred', example: 'yes' },
    STATUS_COLUMN,
  ],
  loadRefs: async (db) => {
    const products = await rowsOf(db, sqlRow({ id: sqlCol.int, sku: sqlCol.text, status: sqlCol.text }), sql`select id::int as id, sku, status from products`);
    return { suppliers: await loadSuppliers(db), products: new Map(products.map((p) => [p.sku.toLowerCase(), { id: Number(p.id), status: p.status }])) };
  },
  parseRow(cells, refs) {
    const errors: CellError[] = [];
    const status = optionalLower(cells.status);
    const active = status === undefined || status === 'active';
    const supplier = refs.suppliers.get((cells.supplier ?? '').toLowerCase());
    if (!supplier) errors.push({ column: 'supplier', key: cells.supplier ? 'supplier.import_unknown' : 'validation.required', params: { value: cells.supplier ?? '' } });
    else if (active && supplier.status !== 'active') errors.push({ column: 'supplier', key: 'supplier.inactive' });
    const product = refs.products.get((cells.product_sku ?? '').toLowerCase());
    if (!product) errors.push({ column: 'product_sku', key: cells.product_sku ? 'import.unknown_sku' : 'validation.required', params: { value: cells.product_sku ?? '' } });
    else if (active && product.status !== 'active') errors.push({ column: 'product_sku', key: 'supplier.product_inactive' });
    const body: Record<string, unknown> = {
      supplier_id: supplier?.id ?? 1,
      product_id: product?.id ?? 1,
      supplier_sku: blankToNull(cells.supplier_sku),
      purchase_unit: optionalLower(cells.purchase_unit) ?? '',
      units_per_purchase_unit: cells.units_per_purchase_unit ?? '',
      price: cells.price ?? '',
      ...(cells.currency ? { currency: cells.currency } : {}),
      minimum_order_quantity: parseWhole(cells.minimum_order_quantity),
      lead_time_days: parseWhole(cells.lead_time_days),
      preferred: parseBoolean(cells.preferred),
      status,
    };
    const parsed = supplierOfferBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const e of issuesToCellErrors(parsed.error.issues, body, (f) => OFFER_COLUMN_OF[f] ?? f)) {
        const explained = e.key === 'import.one_of' && e.column === 'purchase_unit' ? { ...e, params: { values: UNITS.join(', ') } } : e;
        if (!errors.some((o) => o.column === explained.column)) errors.push(explained);
      }
    } else if (supplier && parsed.data.currency !== undefined && parsed.data.currency !== supplier.currency) {
      errors.push({ column: 'currency', key: 'supplier.currency_mismatch', params: { currency: supplier.currency } });
    }
    if (errors.length || !parsed.success || !supplier || !product) return { ok: false, errors };
    const v = parsed.data;
    return {
      ok: true,
      value: {
        supplier_id: supplier.id,
        product_id: product.id,
        supplier_sku: v.supplier_sku,
        purchase_unit: v.purchase_unit,
        units_per_purchase_unit: v.units_per_purchase_unit,
        price: v.price,
        // Empty cells keep what the offer had.
        minimum_order_quantity: body.minimum_order_quantity === undefined ? undefined : v.minimum_order_quantity,
        lead_time_days: body.lead_time_days === undefined ? undefined : v.lead_time_days,
        // An inactive offer is never preferred.
        preferred: !active ? false : body.preferred === undefined ? undefined : v.preferred,
        status: v.status,
      },
    };
  },
  naturalKey: (row) => `${row.supplier_id}|${row.product_id}`,
  async upsert(tx, rows) {
    // One preferred offer per product: the file's last preferred row of a product wins, and takes it from the product's other offers.
    const lastPreferred = new Map<number, OfferRow>();
    for (const row of rows) if (row.preferred === true) lastPreferred.set(row.product_id, row);
    const batch = rows.map((row) => (row.preferred === true && lastPreferred.get(row.product_id) !== row ? { ...row, preferred: false } : row));
    const taking = [...lastPreferred.values()];
    if (taking.length) {
      const pairs = JSON.stringify(taking.map((r) => ({ supplier_id: r.supplier_id, product_id: r.product_id })));
      await tx.execute(sql`update supplier_offers o set preferred = false, updated_at = now()
        from jsonb_to_recordset(${pairs}::jsonb) as x(supplier_id bigint, product_id bigint)
        where o.preferred and o.product_id = x.product_id and o.supplier_id <> x.supplier_id`);
    }
    return upsertRows(tx, {
      table: 'supplier_offers',
      conflict: 'supplier_id, product_id',
      columns: OFFER_COLUMNS,
      keepWhenAbsent: { minimum_order_quantity: 1, lead_time_days: null, preferred: false, status: 'active' },
    }, batch);
  },
});
