import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, supplierOffers, suppliers } from '@enamel/db';
import { chosenOffers } from '../src/features/suppliers/index.ts';
import type { Agent } from './agent.ts';
import { commit, validated } from './imports-helpers.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
let clinical: Agent;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  clinical = await signInAs(t, { role: 'Clinical Staff' });
});
afterAll(async () => t.close());

async function created(url: string, body: unknown) {
  const res = await admin.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const supplierBody = (over: Record<string, unknown> = {}) => ({
  name: `Northdent ${uid()}`, account_number: 'ND-1', contact_person: 'Priya Shah', email: 'orders@northdent.example', phone: '+44 20 7946 0321',
  address: '12 Wharf Road', lead_time_days: 5, minimum_order_value: '150', currency: 'gbp', ...over,
});
const newSupplier = (over: Record<string, unknown> = {}) => created('/api/supplier/create', supplierBody(over));
const newProduct = (over: Record<string, unknown> = {}) =>
  created('/api/product/create', { name: `Gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '8.90', ...over });
const offerBody = (supplierId: number, productId: number, over: Record<string, unknown> = {}) => ({
  supplier_id: supplierId, product_id: productId, supplier_sku: 'ND-55120', purchase_unit: 'case', units_per_purchase_unit: '1000', price: '79.90', minimum_order_quantity: 2, ...over,
});
const newOffer = (supplierId: number, productId: number, over: Record<string, unknown> = {}) => created('/api/supplier-offer/create', offerBody(supplierId, productId, over));

describe('suppliers', () => {
  it('creates, lists, updates, deactivates and restores a supplier, each change logged', async () => {
    const supplier = await newSupplier();
    expect(supplier).toMatchObject({ currency: 'GBP', lead_time_days: 5, minimum_order_value: '150.0000', status: 'active', offers_count: 0 });
    const list = await admin.get(`/api/admin/list/suppliers?search=${encodeURIComponent(supplier.name)}`);
    expect(list.json().data).toMatchObject([{ id: supplier.id, currency: 'GBP', offers_count: 0, minimum_order_value: '150.0000' }]);
    const updated = await admin.request('PATCH', `/api/supplier/update/${supplier.id}`, { json: supplierBody({ name: supplier.name, email: '', lead_time_days: 3 }) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ email: null, lead_time_days: 3 });
    expect((await admin.post(`/api/supplier/delete/${supplier.id}`)).json().data.status).toBe('inactive');
    expect((await admin.post(`/api/supplier/restore/${supplier.id}`)).json().data.status).toBe('active');
    const all = (await admin.get('/api/supplier/all')).json().data as Array<{ id: number }>;
    expect(all.some((s) => s.id === supplier.id)).toBe(true);
    const log = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Supplier'), eq(activityLogs.subjectId, String(supplier.id)))).orderBy(activityLogs.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'deactivate', 'restore']);
  });

  it('keeps names unique whatever the case (409 naming the field) and checks the currency', async () => {
    const supplier = await newSupplier();
    const dup = await admin.post('/api/supplier/create', supplierBody({ name: supplier.name.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual(['A supplier with this name already exists.']);
    const bad = await admin.post('/api/supplier/create', supplierBody({ currency: 'XYZ', lead_time_days: -1, minimum_order_value: '-5' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'lead_time_days', 'minimum_order_value']);
    // Prices are never converted: once offers are priced in its currency, it cannot change.
    await newOffer(supplier.id, (await newProduct()).id);
    const moved = await admin.post(`/api/supplier/update/${supplier.id}`, supplierBody({ name: supplier.name, currency: 'EUR' }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.currency[0]).toContain('GBP');
  });

  it('lets Clinical Staff read suppliers and offers but not change them', async () => {
    const supplier = await newSupplier();
    expect((await clinical.get('/api/admin/list/suppliers')).statusCode).toBe(200);
    expect((await clinical.get(`/api/supplier/${supplier.id}`)).statusCode).toBe(200);
    expect((await clinical.get(`/api/admin/list/supplier-offers?supplier_id=${supplier.id}`)).statusCode).toBe(200);
    expect((await clinical.post('/api/supplier/create', supplierBody())).statusCode).toBe(403);
    expect((await clinical.post(`/api/supplier/delete/${supplier.id}`)).statusCode).toBe(403);
    expect((await clinical.post('/api/supplier-offer/create', offerBody(supplier.id, 1))).statusCode).toBe(403);
    expect((await t.database.db.select().from(suppliers).where(eq(suppliers.id, supplier.id)))[0]!.status).toBe('active');
  });
});

describe('supplier offers', () => {
  it('creates, lists by product and supplier, updates and deletes an offer', async () => {
    const [supplier, product] = [await newSupplier(), await newProduct()];
    const offer = await newOffer(supplier.id, product.id, { currency: 'GBP' });
    expect(offer).toMatchObject({
      supplier_id: supplier.id, supplier_name: supplier.name, product_id: product.id, product_sku: product.sku, currency: 'GBP', usage_unit: 'each',
      purchase_unit: 'case', units_per_purchase_unit: '1000.0000', price: '79.9000', unit_price: '0.0799', minimum_order_quantity: 2,
      lead_time_days: null, effective_lead_time_days: 5, preferred: false, status: 'active',
    });
    const byProduct = await admin.get(`/api/admin/list/supplier-offers?product_id=${product.id}`);
    expect(byProduct.json().data.map((o: { id: number }) => o.id)).toEqual([offer.id]);
    const bySupplier = await admin.get(`/api/admin/list/supplier-offers?supplier_id=${supplier.id}`);
    expect(bySupplier.json().meta.total).toBe(1);
    expect((await admin.get(`/api/supplier/${supplier.id}`)).json().data.offers_count).toBe(1);
    const updated = await admin.request('PUT', `/api/supplier-offer/update/${offer.id}`, { json: offerBody(supplier.id, product.id, { price: '75', lead_time_days: 2 }) });
    expect(updated.json().data).toMatchObject({ price: '75.0000', lead_time_days: 2, effective_lead_time_days: 2 });
    expect((await admin.request('DELETE', `/api/supplier-offer/delete/${offer.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/supplier-offer/${offer.id}`)).statusCode).toBe(404);
    const log = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'SupplierOffer'), eq(activityLogs.subjectId, String(offer.id)))).orderBy(activityLogs.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps one preferred offer per product, switching it in one write', async () => {
    const product = await newProduct();
    const [a, b] = [await newSupplier(), await newSupplier()];
    const first = await newOffer(a.id, product.id, { preferred: true });
    const second = await newOffer(b.id, product.id, { preferred: true });
    const preferred = async () => (await t.database.db.select().from(supplierOffers).where(eq(supplierOffers.productId, product.id))).filter((o) => o.preferred).map((o) => o.id);
    expect(await preferred()).toEqual([second.id]);
    await admin.post(`/api/supplier-offer/update/${first.id}`, offerBody(a.id, product.id, { preferred: true }));
    expect(await preferred()).toEqual([first.id]);
    // Deactivating the preferred offer leaves none preferred; it is never chosen while inactive.
    expect((await admin.post(`/api/supplier-offer/deactivate/${first.id}`)).json().data).toMatchObject({ status: 'inactive', preferred: false });
    expect(await preferred()).toEqual([]);
  });

  it('refuses a second offer of a supplier for a product (409), inactive parties and a foreign currency (422)', async () => {
    const [supplier, product] = [await newSupplier(), await newProduct()];
    const offer = await newOffer(supplier.id, product.id);
    const dup = await admin.post('/api/supplier-offer/create', offerBody(supplier.id, product.id));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.product_id).toBeDefined();

    const foreign = await admin.post('/api/supplier-offer/create', offerBody(supplier.id, (await newProduct()).id, { currency: 'EUR' }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.currency[0]).toContain('GBP');

    const retired = await newProduct();
    await admin.post(`/api/product/deactivate/${retired.id}`);
    const onRetired = await admin.post('/api/supplier-offer/create', offerBody(supplier.id, retired.id));
    expect(onRetired.statusCode).toBe(422);
    expect(Object.keys(onRetired.json().errors)).toEqual(['product_id']);

    const closed = await newSupplier();
    await admin.post(`/api/supplier/deactivate/${closed.id}`);
    const onClosed = await admin.post('/api/supplier-offer/create', offerBody(closed.id, product.id));
    expect(onClosed.statusCode).toBe(422);
    expect(Object.keys(onClosed.json().errors)).toEqual(['supplier_id']);

    const unknown = await admin.post('/api/supplier-offer/create', offerBody(999_999_999, product.id));
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['supplier_id']);

    // An offer cannot come back while its product is deactivated.
    await admin.post(`/api/supplier-offer/deactivate/${offer.id}`);
    await admin.post(`/api/product/deactivate/${product.id}`);
    expect((await admin.post(`/api/supplier-offer/restore/${offer.id}`)).statusCode).toBe(422);
    const bad = await admin.post('/api/supplier-offer/create', offerBody(supplier.id, product.id, { units_per_purchase_unit: '0', price: '-1', minimum_order_quantity: 0 }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['minimum_order_quantity', 'price', 'units_per_purchase_unit']);
    expect(await t.database.db.select().from(supplierOffers).where(eq(supplierOffers.productId, retired.id))).toEqual([]);
  });
});

describe('chosenOffers', () => {
  it('takes the preferred active offer, else the cheapest per usage unit of an active supplier', async () => {
    const [cheap, dear, closed] = [await newSupplier({ lead_time_days: 4 }), await newSupplier({ currency: 'EUR' }), await newSupplier()];
    const [p1, p2, p3, p4] = [await newProduct(), await newProduct(), await newProduct(), await newProduct()];
    // p1: 0.05 per unit at `cheap` against 0.04 per unit at `closed` (deactivated below): `cheap` wins.
    await newOffer(cheap.id, p1.id, { units_per_purchase_unit: '100', price: '5' });
    await newOffer(dear.id, p1.id, { units_per_purchase_unit: '10', price: '1.2' });
    await newOffer(closed.id, p1.id, { units_per_purchase_unit: '100', price: '4' });
    // p2: the preferred offer wins though dearer.
    await newOffer(cheap.id, p2.id, { units_per_purchase_unit: '100', price: '5' });
    const preferred = await newOffer(dear.id, p2.id, { units_per_purchase_unit: '50', price: '9', preferred: true, lead_time_days: 12 });
    // p3: its only offer is inactive; p4 has none.
    const inactive = await newOffer(cheap.id, p3.id);
    await admin.post(`/api/supplier-offer/deactivate/${inactive.id}`);
    await admin.post(`/api/supplier/deactivate/${closed.id}`);

    const chosen = await chosenOffers(t.database.db, [p1.id, p2.id, p3.id, p4.id, p1.id]);
    expect([...chosen.keys()].sort()).toEqual([p1.id, p2.id].sort());
    expect(chosen.get(p1.id)).toMatchObject({
      supplierId: cheap.id, supplierName: cheap.name, currency: 'GBP', purchaseUnit: 'case', unitsPerPurchaseUnit: '100.0000', price: '5.0000',
      unitPrice: '0.0500', minimumOrderQuantity: 2, leadTimeDays: 4, minimumOrderValue: '150.0000', preferred: false,
    });
    expect(chosen.get(p2.id)).toMatchObject({ offerId: preferred.id, supplierId: dear.id, currency: 'EUR', price: '9.0000', leadTimeDays: 12, preferred: true });
    expect((await chosenOffers(t.database.db, [])).size).toBe(0);
  });
});

describe('imports', () => {
  it('imports suppliers and offers from their templates, the preferred row taking the preference', async () => {
    const tpl = await admin.get('/api/import/template/supplier?format=csv');
    expect(tpl.statusCode).toBe(200);
    expect(tpl.body.replace(/^\uFEFF/, '').split('\n')[0]!.trim()).toBe('name,account_number,contact_person,email,phone,address,lead_time_days,minimum_order_value,currency,status');
    const offerTpl = await admin.get('/api/import/template/supplier-offer?format=csv');
    expect(offerTpl.body.replace(/^\uFEFF/, '').split('\n')[0]!.trim()).toBe(
      'supplier,product_sku,supplier_sku,purchase_unit,units_per_purchase_unit,price,currency,minimum_order_quantity,lead_time_days,preferred,status',
    );
    expect((await clinical.post('/api/supplier/import')).statusCode).toBe(403);

    const name = `Dentalia ${uid()}`;
    const job = await validated(admin, 'supplier', 's.csv', `name,currency,lead_time_days,minimum_order_value\n${name},eur,4,100\nBad ${uid()},XYZ,,\n`);
    expect(job).toMatchObject({ valid_rows: 1, invalid_rows: 1 });
    expect(job.errors[0]).toMatchObject({ row: 3, column: 'currency' });
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', created: 1 });
    const [stored] = await t.database.db.select().from(suppliers).where(eq(suppliers.name, name));
    expect(stored).toMatchObject({ currency: 'EUR', leadTimeDays: 4, status: 'active' });
    // The same name in another case updates it; empty cells keep the stored values.
    const again = await validated(admin, 'supplier', 's2.csv', `name,currency,contact_person,lead_time_days\n${name.toUpperCase()},EUR,Ana,\n`);
    expect(await commit(admin, again.id, 'valid')).toMatchObject({ created: 0, updated: 1 });
    expect((await t.database.db.select().from(suppliers).where(eq(suppliers.id, stored!.id)))[0]).toMatchObject({ name, contactPerson: 'Ana', leadTimeDays: 4 });

    const other = await newSupplier();
    const [p1, p2, retired] = [await newProduct(), await newProduct(), await newProduct()];
    await admin.post(`/api/product/deactivate/${retired.id}`);
    const old = await newOffer(other.id, p1.id, { preferred: true });
    const csv = [
      'supplier,product_sku,purchase_unit,units_per_purchase_unit,price,currency,preferred',
      `${name.toLowerCase()},${p1.sku},box,100,6.50,EUR,yes`,
      `${name},${p2.sku},box,50,3.10,,`,
      `${name},${retired.sku},box,50,3.10,,`,
      `${name},${p2.sku.toLowerCase()},box,50,3.10,,`,
      `${other.name},${p2.sku},box,50,3.10,EUR,`,
      `Nobody ${uid()},${p2.sku},box,50,3.10,,`,
    ].join('\n');
    const offers = await validated(admin, 'supplier-offer', 'o.csv', csv);
    expect(offers).toMatchObject({ valid_rows: 2, invalid_rows: 4 });
    expect(offers.errors.map((e) => [e.row, e.column])).toEqual([
      [4, 'product_sku'],
      [5, 'product_sku'],
      [6, 'currency'],
      [7, 'supplier'],
    ]);
    expect(await commit(admin, offers.id, 'valid')).toMatchObject({ status: 'succeeded', created: 2 });
    const chosen = await chosenOffers(t.database.db, [p1.id, p2.id]);
    expect(chosen.get(p1.id)).toMatchObject({ supplierId: stored!.id, currency: 'EUR', price: '6.5000', preferred: true });
    expect((await t.database.db.select().from(supplierOffers).where(eq(supplierOffers.id, old.id)))[0]!.preferred).toBe(false);
  });
});
