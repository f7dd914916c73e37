import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, dayIn, purchaseOrderDetailSchema, purchaseOrderListContract } from '@enamel/contracts';
import { activityLogs, inventories, lots, practiceSettings, products, purchaseOrderLines, purchaseOrders, stockMovements, storageLocations, supplierOffers, suppliers } from '@enamel/db';
import { createMailer } from '../src/core/mail.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { pdfPages } from './pdf-text.ts';
import { appWithAdmin, signedInUser, type TestApp } from './test-app.ts';

type Json = ReturnType<typeof JSON.parse>;
type Res = { statusCode: number; body: string; json: () => Json };

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-po-outbox-'));
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  const mailer = createMailer({ from: 'enamel@example.test', outboxDir: outbox, log: { info() {} } as never });
  ({ t, admin } = await appWithAdmin({ mailer }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

async function ok(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
function refused(res: Res, status: number, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (field) expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
  return res.json() as { message: string; errors?: Record<string, string[]> };
}

/** A practice with its settings, a supplier in its currency (or another), a lot-tracked product and the supplier's offer. */
async function world(options: { threshold?: string | null; tolerance?: string; supplierCurrency?: string; email?: string | null } = {}) {
  const db = t.database.db;
  const practice = await createPractice(db);
  await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, poApprovalThreshold: options.threshold ?? null, overReceiptTolerance: options.tolerance ?? '0' });
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: `Dental Depot ${uid()}`, email: options.email === null ? null : (options.email ?? `orders-${uid()}@depot.test`), currency: options.supplierCurrency ?? practice.currency, leadTimeDays: 5 })
    .returning();
  const product = await ok(await admin.post('/api/product/create', { name: `Articaine ${uid()}`, sku: `ART-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true }), 201);
  const [offer] = await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: product.id, supplierSku: `DD-${uid()}`, purchaseUnit: 'box', unitsPerPurchaseUnit: '50', price: '40.0000', leadTimeDays: 9 }).returning();
  return { practice, supplier: supplier!, product, offer: offer! };
}
type World = Awaited<ReturnType<typeof world>>;

const createDraft = async (w: World, quantity = '10', agent = admin) =>
  ok(await agent.post('/api/purchase-orders', { dental_practice_id: w.practice.id, supplier_id: w.supplier.id, lines: [{ product_id: w.product.id, supplier_offer_id: w.offer.id, quantity }] }), 201);
const act = (id: number, verb: string, body?: unknown, agent = admin) => agent.post(`/api/purchase-orders/${id}/${verb}`, body);
async function sent(w: World, quantity = '10') {
  const po = await createDraft(w, quantity);
  return ok(await act(po.id, 'send'));
}
const receiveBody = (lineId: number, quantity: string, over: Record<string, unknown> = {}) => ({ lines: [{ line_id: lineId, quantity, lot_number: 'L1', expiry_date: addDays(dayIn('UTC'), 400), ...over }] });

describe('drafts', () => {
  it('creates a draft by hand: numbered, in the supplier’s currency, priced and packed from the offer, total computed, logged', async () => {
    const w = await world();
    const po = purchaseOrderDetailSchema.parse(await createDraft(w, '3'));
    expect(po.number).toMatch(/^PO-\d{6}$/);
    expect(po.status).toBe('draft');
    expect(po.currency).toBe(w.supplier.currency);
    expect(po.lines[0]).toMatchObject({ unit_price: '40.0000', purchase_unit: 'box', units_per_purchase_unit: '50.0000', supplier_sku: w.offer.supplierSku, quantity: '3.0000' });
    expect(po.total).toBe('120.0000');
    const logged = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'PurchaseOrder'), eq(activityLogs.subjectId, String(po.id))));
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('numbers are unique under concurrent creation', async () => {
    const w = await world();
    const made = await Promise.all(Array.from({ length: 8 }, () => createDraft(w, '1')));
    expect(new Set(made.map((p: Json) => p.number)).size).toBe(8);
  });

  it('refuses bad lines with the field named, writing nothing', async () => {
    const w = await world();
    const before = (await t.database.db.select().from(purchaseOrders)).length;
    const post = (body: Record<string, unknown>) => admin.post('/api/purchase-orders', { dental_practice_id: w.practice.id, supplier_id: w.supplier.id, ...body });
    refused(await post({ lines: [{ product_id: w.product.id, supplier_offer_id: w.offer.id, quantity: '0' }] }), 422, 'lines.0.quantity');
    refused(await post({ lines: [{ product_id: w.product.id, supplier_offer_id: w.offer.id, quantity: '-2' }] }), 422, 'lines.0.quantity');
    refused(await post({ currency: w.supplier.currency === 'EUR' ? 'USD' : 'EUR', lines: [] }), 422, 'currency');
    const other = await world();
    refused(await post({ lines: [{ product_id: w.product.id, supplier_offer_id: other.offer.id, quantity: '1' }] }), 422, 'lines.0.supplier_offer_id');
    await t.database.db.update(supplierOffers).set({ status: 'inactive' }).where(eq(supplierOffers.id, w.offer.id));
    refused(await post({ lines: [{ product_id: w.product.id, supplier_offer_id: w.offer.id, quantity: '1' }] }), 422, 'lines.0.supplier_offer_id');
    await t.database.db.update(supplierOffers).set({ status: 'active' }).where(eq(supplierOffers.id, w.offer.id));
    await t.database.db.update(products).set({ status: 'inactive' }).where(eq(products.id, w.product.id));
    const inactive = refused(await post({ lines: [{ product_id: w.product.id, supplier_offer_id: w.offer.id, quantity: '1' }] }), 422, 'lines.0.product_id');
    expect(inactive.errors!['lines.0.product_id']![0]).toMatch(/deactivated/);
    expect((await t.database.db.select().from(purchaseOrders)).length).toBe(before);
  });

  it('from suggestions: one draft per supplier, prices, pack and SKU from each offer', async () => {
    const a = await world();
    const [supplierB] = await t.database.db.insert(suppliers).values({ name: `Smile Supply ${uid()}`, currency: 'EUR', email: 'b@smile.test' }).returning();
    const [offerB] = await t.database.db.insert(supplierOffers).values({ supplierId: supplierB!.id, productId: a.product.id, supplierSku: 'SS-1', purchaseUnit: 'case', unitsPerPurchaseUnit: '200', price: '150.0000' }).returning();
    const product2 = await ok(await admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `GL-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '9.00' }), 201);
    const [offer2] = await t.database.db.insert(supplierOffers).values({ supplierId: a.supplier.id, productId: product2.id, purchaseUnit: 'box', unitsPerPurchaseUnit: '100', price: '8.5000' }).returning();
    const res = await admin.post('/api/purchase-orders/from-suggestions', {
      dental_practice_id: a.practice.id,
      lines: [
        { product_id: a.product.id, supplier_offer_id: a.offer.id, quantity: '2' },
        { product_id: a.product.id, supplier_offer_id: offerB!.id, quantity: '1' },
        { product_id: product2.id, supplier_offer_id: offer2!.id, quantity: '4' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Array<{ id: number; number: string; supplier_id: number }>;
    expect(created.map((c) => c.supplier_id).sort()).toEqual([a.supplier.id, supplierB!.id].sort());
    const poB = await ok(await admin.get(`/api/purchase-orders/${created.find((c) => c.supplier_id === supplierB!.id)!.id}`));
    expect(poB).toMatchObject({ currency: 'EUR', total: '150.0000', status: 'draft' });
    expect(poB.lines[0]).toMatchObject({ purchase_unit: 'case', units_per_purchase_unit: '200.0000', supplier_sku: 'SS-1' });
    const poA = await ok(await admin.get(`/api/purchase-orders/${created.find((c) => c.supplier_id === a.supplier.id)!.id}`));
    expect(poA.total).toBe('114.0000');
    // An offer that is not for the product named: the caller's line index is named.
    refused(await admin.post('/api/purchase-orders/from-suggestions', { dental_practice_id: a.practice.id, lines: [{ product_id: a.product.id, supplier_offer_id: a.offer.id, quantity: '1' }, { product_id: a.product.id, supplier_offer_id: offer2!.id, quantity: '1' }] }), 422, 'lines.1.supplier_offer_id');
    refused(await admin.post('/api/purchase-orders/from-suggestions', { dental_practice_id: a.practice.id, lines: [] }), 422, 'lines');
  });

  it('updates a draft’s lines (add, remove, quantity, price) with the total recomputed; only drafts', async () => {
    const w = await world();
    const po = await createDraft(w, '2');
    const product2 = await ok(await admin.post('/api/product/create', { name: `Bibs ${uid()}`, sku: `BIB-${uid()}`, usage_unit: 'each', purchase_unit: 'pack', units_per_purchase_unit: 500, purchase_price: '30.00' }), 201);
    const updated = await ok(await admin.post(`/api/purchase-orders/${po.id}/update`, { notes: 'Rush', lines: [{ id: po.lines[0].id, product_id: w.product.id, supplier_offer_id: w.offer.id, quantity: '5', unit_price: '38.50' }, { product_id: product2.id, quantity: '2', unit_price: '25' }] }));
    expect(updated.lines).toHaveLength(2);
    expect(updated.lines[0]).toMatchObject({ id: po.lines[0].id, quantity: '5.0000', unit_price: '38.5000' });
    expect(updated.total).toBe('242.5000');
    // A product without an offer and without a price: the price is asked for.
    refused(await admin.post(`/api/purchase-orders/${po.id}/update`, { lines: [{ product_id: product2.id, quantity: '2' }] }), 422, 'lines.0.unit_price');
    refused(await admin.post(`/api/purchase-orders/${po.id}/update`, { lines: [{ id: 999999999, product_id: product2.id, quantity: '2', unit_price: '1' }] }), 422, 'lines.0.id');
    const removed = await ok(await admin.post(`/api/purchase-orders/${po.id}/update`, { lines: [{ product_id: product2.id, quantity: '1', unit_price: '25' }] }));
    expect(removed.lines).toHaveLength(1);
    expect(removed.total).toBe('25.0000');
    await ok(await act(po.id, 'send'));
    refused(await admin.post(`/api/purchase-orders/${po.id}/update`, { lines: [] }), 409);
  });
});

describe('the New PO form’s choices', () => {
  it('lists active suppliers with their active offers of active products', async () => {
    const w = await world();
    const options = await admin.get('/api/purchase-orders/suppliers');
    expect(options.statusCode, options.body).toBe(200);
    const mine = (options.json().data as Json[]).find((s) => s.id === w.supplier.id);
    expect(mine.offers).toEqual([expect.objectContaining({ id: w.offer.id, product_id: w.product.id, price: '40.0000', purchase_unit: 'box' })]);
    await t.database.db.update(suppliers).set({ status: 'inactive' }).where(eq(suppliers.id, w.supplier.id));
    expect(((await admin.get('/api/purchase-orders/suppliers')).json().data as Json[]).some((s) => s.id === w.supplier.id)).toBe(false);
  });
});

describe('approval', () => {
  it('above the threshold: submit → awaiting approval; not by oneself; someone else approves, or rejects with a reason', async () => {
    const w = await world({ threshold: '100' });
    const { agent: writer } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [w.practice.id] });
    const { agent: approver } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [w.practice.id] });
    const po = await createDraft(w, '5', writer);
    expect(po.needs_approval).toBe(true);
    const early = refused(await act(po.id, 'send', undefined, writer), 409);
    expect(early.message).toMatch(/approval/);
    expect((await ok(await act(po.id, 'submit', undefined, writer))).status).toBe('awaiting_approval');
    const own = refused(await act(po.id, 'approve', undefined, writer), 409);
    expect(own.message).toMatch(/someone else/);
    refused(await act(po.id, 'reject', { reason: '' }, approver), 422, 'reason');
    const rejected = await ok(await act(po.id, 'reject', { reason: 'Too many boxes' }, approver));
    expect(rejected).toMatchObject({ status: 'draft', rejected_reason: 'Too many boxes' });
    await ok(await act(po.id, 'submit', undefined, writer));
    const approved = await ok(await act(po.id, 'approve', undefined, approver));
    expect(approved.status).toBe('approved');
    expect(approved.rejected_reason).toBeNull();
    refused(await act(po.id, 'approve', undefined, approver), 409);
    // Clinical staff have no approve permission at all.
    const { agent: clinical } = await signedInUser(t, { role: 'Clinical Staff', practiceIds: [w.practice.id] });
    refused(await act(po.id, 'approve', undefined, clinical), 403);
  });

  it('at or under the threshold (or none set) a draft is sent directly; submit approves it', async () => {
    const w = await world({ threshold: '1000' });
    const po = await createDraft(w, '2');
    expect(po.needs_approval).toBe(false);
    expect((await ok(await act(po.id, 'submit'))).status).toBe('approved');
  });
});

describe('send', () => {
  it('mails a PDF of the order to the supplier, sets sent, sent to and expected (today + the longest lead time)', async () => {
    const w = await world();
    const po = await createDraft(w, '4');
    const res = await act(po.id, 'send');
    const sentPo = await ok(res);
    expect(res.json().warnings).toEqual([]);
    expect(sentPo).toMatchObject({ status: 'sent', sent_to: w.supplier.email, expected_at: addDays(dayIn('UTC'), 9) });
    const eml = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((m) => m.includes(po.number) && m.includes(w.supplier.email!));
    expect(eml).toBeDefined();
    expect(eml).toMatch(/Content-Type: application\/pdf/);
    expect(eml).toContain(`filename=${po.number}.pdf`);
    const base64 = /Content-Disposition: attachment; filename=[^\n]+\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(eml!)![1]!;
    const pdf = Buffer.from(base64.replace(/\n/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf)).join('\n');
    expect(text).toContain(po.number);
    expect(text).toContain(w.product.name);
    refused(await act(po.id, 'send'), 409);
  });

  it('says before the send when the order takes the month over the practice’s budget, and the send answers the warning', async () => {
    const w = await world();
    await t.database.db.update(practiceSettings).set({ monthlySupplyBudget: '500.00' }).where(eq(practiceSettings.dentalPracticeId, w.practice.id));
    const small = await createDraft(w, '2');
    expect(small.budget).toMatchObject({ budget: '500.0000', spent: '0.0000', committed: '0.0000', after: '80.0000', over: false, comparable: true });
    expect((await ok(await act(small.id, 'send'))).budget, 'once sent, it is committed spend, not a forecast').toBeNull();
    const big = await createDraft(w, '11');
    // 80 sent and not received + 440 of this order = 520 > 500.
    expect(big.budget).toMatchObject({ committed: '80.0000', after: '520.0000', over: true });
    const answer = await act(big.id, 'send');
    expect(answer.json().warnings).toEqual(['over_budget']);
    const other = await world({ supplierCurrency: 'JPY' });
    await t.database.db.update(practiceSettings).set({ monthlySupplyBudget: '1.00' }).where(eq(practiceSettings.dentalPracticeId, other.practice.id));
    const foreign = await createDraft(other, '1');
    expect(foreign.budget, 'an order in another currency is never converted nor added').toMatchObject({ comparable: false, over: false, after: '0.0000' });
  });

  it('refuses a supplier without e-mail and leaves the PO a draft', async () => {
    const w = await world({ email: null });
    const po = await createDraft(w, '1');
    refused(await act(po.id, 'send'), 409);
    expect((await ok(await admin.get(`/api/purchase-orders/${po.id}`))).status).toBe('draft');
  });
});

describe('receiving', () => {
  it('partly then fully: lots and receive movements on the line, unit cost = invoice / pack, status follows', async () => {
    const w = await world();
    const po = await sent(w, '10');
    const line = po.lines[0];
    refused(await act(po.id, 'receive', receiveBody(line.id, '4', { lot_number: null })), 422, 'lines.0.lot_number');
    const partly = await ok(await act(po.id, 'receive', receiveBody(line.id, '4', { invoiced_unit_price: '42.00' })));
    expect(partly.status).toBe('partially_received');
    expect(partly.lines[0]).toMatchObject({ received_quantity: '4.0000', invoiced_unit_price: '42.0000', price_variance: '2.0000', outstanding_quantity: '6.0000', returnable_units: '200.0000' });
    const db = t.database.db;
    const movements = await db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, line.id));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ type: 'receive', quantity: '200.0000', unitCost: '0.8400' });
    const [lot] = await db.select().from(lots).where(eq(lots.id, movements[0]!.lotId!));
    expect(lot).toMatchObject({ lotNumber: 'L1', quantity: '200.0000', unitCost: '0.8400' });
    const full = await ok(await act(po.id, 'receive', receiveBody(line.id, '6', { lot_number: 'L2' })));
    expect(full.status).toBe('received');
    expect(full.received_at).not.toBeNull();
    expect(full.lines[0].lots.map((l: Json) => l.lot_number)).toEqual(['L1', 'L2']);
    const [inventory] = await db.select().from(inventories).where(and(eq(inventories.dentalPracticeId, w.practice.id), eq(inventories.productId, w.product.id)));
    expect(inventory!.onHand).toBe('500.0000');
    refused(await act(po.id, 'receive', receiveBody(line.id, '1')), 409);
    expect(await findLedgerDifferences(db)).toEqual([]);
  });

  it('over-receipt beyond the tolerance is a 422 naming the line, nothing written', async () => {
    const w = await world({ tolerance: '0.1' });
    const po = await sent(w, '10');
    const line = po.lines[0];
    const over = refused(await act(po.id, 'receive', receiveBody(line.id, '11.5')), 422, 'lines.0.quantity');
    expect(over.errors!['lines.0.quantity']![0]).toMatch(/at most 11 box/);
    expect(await t.database.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, line.id))).toHaveLength(0);
    expect((await ok(await act(po.id, 'receive', receiveBody(line.id, '11')))).status).toBe('received');
  });

  it('refuses receiving on a draft, a cancelled PO, a line of another PO, a zero quantity', async () => {
    const w = await world();
    const draft = await createDraft(w, '2');
    refused(await act(draft.id, 'receive', receiveBody(draft.lines[0].id, '1')), 409);
    const po = await sent(w, '2');
    refused(await act(po.id, 'receive', receiveBody(draft.lines[0].id, '1')), 422, 'lines.0.line_id');
    refused(await act(po.id, 'receive', receiveBody(po.lines[0].id, '0')), 422, 'lines.0.quantity');
    await ok(await act(po.id, 'cancel', { reason: 'Ordered twice' }));
    refused(await act(po.id, 'receive', receiveBody(po.lines[0].id, '1')), 409);
  });

  it('a PO in another currency than the practice’s needs the unit cost in the practice’s currency', async () => {
    const w = await world({ supplierCurrency: 'EUR' });
    const po = await sent(w, '2');
    refused(await act(po.id, 'receive', receiveBody(po.lines[0].id, '1')), 422, 'lines.0.unit_cost');
    await ok(await act(po.id, 'receive', receiveBody(po.lines[0].id, '1', { unit_cost: '0.95' })));
    const [m] = await t.database.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, po.lines[0].id));
    expect(m!.unitCost).toBe('0.9500');
  });
});

describe('receiving into a storage location', () => {
  it('puts the goods away where the receipt says (the main store when it says nothing); another practice’s or a deactivated location is a 422 on location_id, nothing written', async () => {
    const w = await world();
    const db = t.database.db;
    const operatory = await ok(await admin.post('/api/storage-location/create', { dental_practice_id: w.practice.id, name: `Operatory ${uid()}`, kind: 'operatory' }), 201);
    const closed = await ok(await admin.post('/api/storage-location/create', { dental_practice_id: w.practice.id, name: `Closed ${uid()}`, kind: 'other' }), 201);
    await ok(await admin.post(`/api/storage-location/deactivate/${closed.id}`));
    const elsewhere = await createPractice(db);
    const [foreign] = await db.select().from(storageLocations).where(eq(storageLocations.dentalPracticeId, elsewhere.id));
    const po = await sent(w, '3');
    const line = po.lines[0];

    for (const location of [foreign!.id, closed.id]) {
      refused(await act(po.id, 'receive', { ...receiveBody(line.id, '1'), location_id: location }), 422, 'location_id');
    }
    expect(await db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, line.id))).toHaveLength(0);

    await ok(await act(po.id, 'receive', { ...receiveBody(line.id, '1', { lot_number: 'OP' }), location_id: operatory.id }));
    await ok(await act(po.id, 'receive', receiveBody(line.id, '2', { lot_number: 'MAIN' })));
    const received = await db.select({ lot: lots.lotNumber, location: lots.locationId, quantity: lots.quantity }).from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.productId, w.product.id));
    const [main] = await db.select().from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, w.practice.id), eq(storageLocations.isMain, true)));
    expect(received.sort((a, b) => a.lot!.localeCompare(b.lot!))).toEqual([
      { lot: 'MAIN', location: main!.id, quantity: '100.0000' },
      { lot: 'OP', location: operatory.id, quantity: '50.0000' },
    ]);
    const movements = await db.select({ location: stockMovements.locationId }).from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, line.id));
    expect(movements.map((m) => m.location).sort()).toEqual([operatory.id, main!.id].sort());
    expect(await findLedgerDifferences(db)).toEqual([]);
  });
});

describe('cancel and returns', () => {
  it('cancels from sent with nothing received (reason kept); not once goods arrived', async () => {
    const w = await world();
    const po = await sent(w, '3');
    refused(await act(po.id, 'cancel', {}), 422, 'reason');
    const cancelled = await ok(await act(po.id, 'cancel', { reason: 'Supplier out of stock' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Supplier out of stock' });
    const other = await sent(w, '3');
    await ok(await act(other.id, 'receive', receiveBody(other.lines[0].id, '1')));
    refused(await act(other.id, 'cancel', { reason: 'Too late' }), 409);
  });

  it('returns usage units (FEFO or a lot) as return movements with the credit expected; never beyond what was received', async () => {
    const w = await world();
    const po = await sent(w, '2');
    const line = po.lines[0];
    await ok(await act(po.id, 'receive', receiveBody(line.id, '1', { lot_number: 'LATE', expiry_date: addDays(dayIn('UTC'), 600), invoiced_unit_price: '45' })));
    await ok(await act(po.id, 'receive', receiveBody(line.id, '1', { lot_number: 'SOON', expiry_date: addDays(dayIn('UTC'), 100), invoiced_unit_price: '45' })));
    const url = `/api/purchase-orders/${po.id}/lines/${line.id}/return`;
    refused(await admin.post(url, { quantity: '101', reason: 'damaged' }), 422, 'quantity');
    refused(await admin.post(url, { quantity: '1', reason: 'because' }), 422, 'reason');
    const after = await ok(await admin.post(url, { quantity: '1', reason: 'damaged', note: 'Crushed box' }));
    expect(after.lines[0]).toMatchObject({ returned_units: '1.0000', returnable_units: '99.0000', credit_expected: '0.9000' });
    const db = t.database.db;
    const returns = await db.select({ m: stockMovements, lotNumber: lots.lotNumber }).from(stockMovements).innerJoin(lots, eq(lots.id, stockMovements.lotId)).where(and(eq(stockMovements.purchaseOrderLineId, line.id), eq(stockMovements.type, 'return')));
    expect(returns).toHaveLength(1);
    expect(returns[0]!.m.quantity).toBe('-1.0000');
    expect(returns[0]!.lotNumber).toBe('SOON');
    const late = after.lines[0].lots.find((l: Json) => l.lot_number === 'LATE');
    await ok(await admin.post(url, { quantity: '2', reason: 'recall', lot_id: late.id }));
    refused(await admin.post(url, { quantity: '1', reason: 'recall', lot_id: 999999999 }), 422, 'lot_id');
    refused(await admin.post(`/api/purchase-orders/${po.id}/lines/999999999/return`, { quantity: '1', reason: 'recall' }), 404);
    refused(await admin.post(url, { quantity: '97.5', reason: 'other' }), 422, 'quantity');
    expect((await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, line.id)))[0]!.returnedUnits).toBe('3.0000');
    expect(await findLedgerDifferences(db)).toEqual([]);
    const actions = (await db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'PurchaseOrder'), eq(activityLogs.subjectId, String(po.id)))).orderBy(activityLogs.id)).map((l) => l.action);
    expect(actions).toEqual(['create', 'send', 'receive', 'receive', 'return', 'return']);
  });

  it('a return takes only from the lots that came in on its line, never other stock of the product, nor below zero', async () => {
    const w = await world();
    // Stock of the same product from elsewhere, expiring first: FEFO over the practice would take it.
    const opening = await admin.post('/api/inventory/receive', { dental_practice_id: w.practice.id, product_id: w.product.id, quantity: '30', unit_cost: '1', lot_number: 'OPENING', expiry_date: addDays(dayIn('UTC'), 30) });
    expect(opening.statusCode, opening.body).toBeLessThan(300);
    const po = await sent(w, '1');
    const line = po.lines[0];
    const got = await ok(await act(po.id, 'receive', receiveBody(line.id, '1', { lot_number: 'ON-PO', expiry_date: addDays(dayIn('UTC'), 500) })));
    const url = `/api/purchase-orders/${po.id}/lines/${line.id}/return`;
    const otherLot = (await t.database.db.select().from(lots).where(eq(lots.lotNumber, 'OPENING'))).find((l) => l.quantity === '30.0000')!;
    refused(await admin.post(url, { quantity: '1', reason: 'damaged', lot_id: otherLot.id }), 422, 'lot_id');
    await ok(await admin.post(url, { quantity: '2', reason: 'damaged' }));
    const returned = await t.database.db.select({ lot: lots.lotNumber }).from(stockMovements).innerJoin(lots, eq(lots.id, stockMovements.lotId)).where(and(eq(stockMovements.purchaseOrderLineId, line.id), eq(stockMovements.type, 'return')));
    expect(returned.map((r) => r.lot)).toEqual(['ON-PO']);
    expect(got.lines[0].lots.map((l: Json) => l.lot_number)).toEqual(['ON-PO']);
    // The received lot down to 3 units (50 − 2 returned − 45 wasted): a return of 10 can't come from the opening lot instead.
    const onPo = (await t.database.db.select().from(lots).where(eq(lots.lotNumber, 'ON-PO'))).at(-1)!;
    const write = await admin.post('/api/inventory/write-off', { dental_practice_id: w.practice.id, lot_id: onPo.id, type: 'waste', quantity: '45', reason: 'Crushed in the store room' });
    expect(write.statusCode, write.body).toBeLessThan(300);
    refused(await admin.post(url, { quantity: '10', reason: 'damaged' }), 409);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('a return on a PO nothing was received on is a 409', async () => {
    const w = await world();
    const po = await sent(w, '1');
    refused(await admin.post(`/api/purchase-orders/${po.id}/lines/${po.lines[0].id}/return`, { quantity: '1', reason: 'damaged' }), 409);
  });
});

describe('practices and permissions', () => {
  it('nothing of another practice is visible or changeable (404); the list shows only the reader’s practices', async () => {
    const mine = await world();
    const theirs = await world();
    const { agent: manager } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [mine.practice.id] });
    const own = await createDraft(mine, '1', manager);
    const foreign = await createDraft(theirs, '1');
    refused(await manager.get(`/api/purchase-orders/${foreign.id}`), 404);
    for (const verb of ['submit', 'approve', 'send']) refused(await act(foreign.id, verb, undefined, manager), 404);
    refused(await act(foreign.id, 'cancel', { reason: 'x' }, manager), 404);
    refused(await manager.post(`/api/purchase-orders/${foreign.id}/update`, { lines: [] }), 404);
    refused(await manager.post('/api/purchase-orders', { dental_practice_id: theirs.practice.id, supplier_id: theirs.supplier.id, lines: [] }), 404);
    refused(await manager.get(`/api/admin/list/purchase-orders?dental_practice_id=${theirs.practice.id}`), 404);
    const list = await manager.get('/api/admin/list/purchase-orders?pagesize=100');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data.map((r: unknown) => purchaseOrderListContract.row.parse(r));
    expect(rows.map((r: Json) => r.id)).toContain(own.id);
    expect(rows.every((r: Json) => r.dental_practice_id === mine.practice.id)).toBe(true);
  });

  it('lists with filters and exports CSV through the list route', async () => {
    const w = await world();
    const po = await sent(w, '1');
    const filters = encodeURIComponent(JSON.stringify([{ field: 'status', condition: 'equal', value: 'sent' }, { field: 'supplier_name', condition: 'equal', value: w.supplier.name }]));
    const page = await admin.get(`/api/admin/list/purchase-orders?dental_practice_id=${w.practice.id}&column_filters=${filters}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.map((r: Json) => r.number)).toEqual([po.number]);
    expect(page.json().data[0]).toMatchObject({ supplier_name: w.supplier.name, total: '40.0000', currency: w.supplier.currency, lines_count: 1 });
    const csv = await admin.get(`/api/admin/list/purchase-orders?dental_practice_id=${w.practice.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(po.number);
    const pdf = await admin.get(`/api/purchase-orders/${po.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
  });

  it('roles: a viewer reads but writes nothing; clinical staff receive but do not create or send', async () => {
    const w = await world();
    const po = await sent(w, '2');
    const { agent: viewer } = await signedInUser(t, { role: 'Viewer', practiceIds: [w.practice.id] });
    expect((await viewer.get(`/api/purchase-orders/${po.id}`)).statusCode).toBe(200);
    refused(await viewer.post('/api/purchase-orders', { dental_practice_id: w.practice.id, supplier_id: w.supplier.id, lines: [] }), 403);
    refused(await act(po.id, 'receive', receiveBody(po.lines[0].id, '1'), viewer), 403);
    const { agent: clinical } = await signedInUser(t, { role: 'Clinical Staff', practiceIds: [w.practice.id] });
    refused(await clinical.post('/api/purchase-orders', { dental_practice_id: w.practice.id, supplier_id: w.supplier.id, lines: [] }), 403);
    refused(await act(po.id, 'cancel', { reason: 'no' }, clinical), 403);
    expect((await ok(await act(po.id, 'receive', receiveBody(po.lines[0].id, '1'), clinical))).status).toBe('partially_received');
  });
});
