import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, dayIn, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@enamel/contracts';
import { inventories, lots, practiceSettings, supplierOffers, suppliers } from '@enamel/db';
import { runStockAlerts } from '../src/features/alerts/stock-alerts.ts';
import { drainWebhooks, verifyWebhookSignature } from '../src/features/webhooks/index.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { handMadeLedger, runForecastToEnd, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';
import { startReceiver } from './webhooks-helpers.ts';

/**
 * Every event type other than the procedures' (those are in webhooks.test.ts), caused through the real API or
 * the job it runs: one signed delivery of the right type, practice and ids to the practice's subscription to it;
 * nothing of that type to the practice's subscription to every other type, nor to another practice's subscription.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_SECONDS: '0.05', WEBHOOK_TIMEOUT_SECONDS: '2' } })));
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;
type Res = { statusCode: number; body: string; json: () => Json };

async function ok(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

async function webhook(practiceId: number, url: string, events: readonly WebhookEventType[]) {
  const res = await admin.post('/api/webhook/create', { dental_practice_id: practiceId, name: `Hook ${uid()}`, url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Json; secret: string }>();
}

/**
 * Subscribes three webhooks (to `type` on the practice, to every other type on the practice, to `type` on
 * another practice), runs `cause`, drains until `type` arrived (or `waitMs` passed) and checks who got what.
 * Answers the payload of the one delivery.
 */
async function expectOneEvent(type: WebhookEventType, practice: { id: number; name: string }, cause: () => Promise<void>, waitMs = 0) {
  const receiver = await startReceiver();
  try {
    const other = await createPractice(t.database.db);
    const { secret } = await webhook(practice.id, `${receiver.url}/wanted`, [type]);
    await webhook(practice.id, `${receiver.url}/others`, WEBHOOK_EVENT_TYPES.filter((e) => e !== type));
    await webhook(other.id, `${receiver.url}/elsewhere`, [type]);
    await cause();
    const end = Date.now() + waitMs;
    for (;;) {
      await drainWebhooks(t.app.deps);
      if (receiver.received.some((r) => r.path.endsWith('/wanted')) || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Once more: anything raised by the same change (e.g. the alerts after a forecast run) has arrived too.
    await drainWebhooks(t.app.deps);
    const wanted = receiver.received.filter((r) => r.path.endsWith('/wanted'));
    expect(wanted, `no single ${type}`).toHaveLength(1);
    const got = wanted[0]!;
    expect(verifyWebhookSignature(secret, got.headers['enamel-signature'] as string, got.body)).toBe(true);
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ type, practice: { id: practice.id, name: practice.name } });
    expect(payload.id).toBe(got.headers['enamel-event-id']);
    const others = receiver.received.filter((r) => r.path.endsWith('/others')).map((r) => JSON.parse(r.body).type);
    expect(others).not.toContain(type);
    expect(receiver.received.filter((r) => r.path.endsWith('/elsewhere'))).toEqual([]);
    return payload;
  } finally {
    await receiver.close();
  }
}

/** The stock-alerts ledger (stock-alerts.test.ts): 90 gloves at a reorder point of 95, a lot expiring in 10 days. */
async function alertLedger() {
  const ledger = await handMadeLedger(t, admin);
  await t.database.db.update(inventories).set({ reorderPoint: '95', parLevel: '150' }).where(and(eq(inventories.dentalPracticeId, ledger.practice.id), eq(inventories.productId, ledger.gloves.id)));
  // The alerts job raises for users who may act on the practice's stock.
  await signInAs(t, { role: 'Practice Manager', practiceIds: [ledger.practice.id] });
  return ledger;
}

describe('stock alerts job', () => {
  it('stock.low: once per episode, with the product', async () => {
    const { practice, gloves } = await alertLedger();
    const payload = await expectOneEvent('stock.low', practice, async () => {
      await runStockAlerts(t.database.db, [practice.id]);
      // A second run raises nothing new: no second event.
      await runStockAlerts(t.database.db, [practice.id]);
    });
    expect(payload.data.alert).toMatchObject({ kind: 'low_stock', key: `product:${gloves.id}`, product: gloves.name, on_hand: '90', reorder_point: '95' });
  });

  it('lot.expiring: with the lot', async () => {
    const { practice, composite } = await alertLedger();
    const [lot] = await t.database.db
      .select({ id: lots.id })
      .from(lots)
      .innerJoin(inventories, eq(inventories.id, lots.inventoryId))
      .where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, composite.id)));
    const payload = await expectOneEvent('lot.expiring', practice, async () => {
      await runStockAlerts(t.database.db, [practice.id]);
    });
    expect(payload.data.alert).toMatchObject({ kind: 'expiring_lot', key: `lot:${lot!.id}`, product: composite.name, lot: 'C1' });
  });

  it('stock.out_predicted: raised by the alerts after a forecast run, with the product', async () => {
    const { practice, gloves } = await alertLedger();
    // 4 pairs at 2.5 a week last about 11 days; the supplier needs 14 (stock-alerts.test.ts).
    await ok(await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: gloves.id, counted: '4', reason: 'count' }));
    await ok(await admin.post(`/api/configuration/update/${practice.id}`, { lead_time_days: 14 }));
    const payload = await expectOneEvent('stock.out_predicted', practice, async () => void (await runForecastToEnd(admin, practice.id)), 10_000);
    expect(payload.data.alert).toMatchObject({ kind: 'stockout_predicted', key: `product:${gloves.id}`, product: gloves.name, lead_time: 14 });
  });
});

describe('forecasts', () => {
  it('forecast.run_finished: with the run', async () => {
    const { practice } = await handMadeLedger(t, admin);
    let run: Json;
    const payload = await expectOneEvent('forecast.run_finished', practice, async () => {
      run = await runForecastToEnd(admin, practice.id);
      expect(run.status).toBe('succeeded');
    });
    expect(payload.data.forecast_run).toMatchObject({ id: run!.id, forecast_date: run!.forecast_date });
    expect(payload.data.forecast_run.series_count).toBeGreaterThan(0);
  });
});

/** A practice, a supplier with an email, a lot-tracked product and its offer (purchase-orders.test.ts). */
async function orderWorld() {
  const db = t.database.db;
  const practice = await createPractice(db);
  await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, poApprovalThreshold: null, overReceiptTolerance: '0' });
  const [supplier] = await db.insert(suppliers).values({ name: `Dental Depot ${uid()}`, email: `orders-${uid()}@depot.test`, currency: practice.currency, leadTimeDays: 5 }).returning();
  const product = await ok(await admin.post('/api/product/create', { name: `Articaine ${uid()}`, sku: `ART-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true }), 201);
  const [offer] = await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: product.id, supplierSku: `DD-${uid()}`, purchaseUnit: 'box', unitsPerPurchaseUnit: '50', price: '40.0000', leadTimeDays: 9 }).returning();
  const draft = async () => ok(await admin.post('/api/purchase-orders', { dental_practice_id: practice.id, supplier_id: supplier!.id, lines: [{ product_id: product.id, supplier_offer_id: offer!.id, quantity: '10' }] }), 201);
  return { practice, supplier: supplier!, product, draft };
}

describe('purchase orders', () => {
  it('purchase_order.sent: with the order, supplier and lines', async () => {
    const { practice, supplier, product, draft } = await orderWorld();
    const po = await draft();
    const payload = await expectOneEvent('purchase_order.sent', practice, async () => void (await ok(await admin.post(`/api/purchase-orders/${po.id}/send`))));
    expect(payload.data.purchase_order).toMatchObject({ id: po.id, number: po.number, supplier_id: supplier.id, lines: [{ product_id: product.id }] });
  });

  it('purchase_order.received: with the order and the received lines', async () => {
    const { practice, draft } = await orderWorld();
    const po = await draft();
    const sent = await ok(await admin.post(`/api/purchase-orders/${po.id}/send`));
    const line = sent.lines[0];
    const body = { lines: [{ line_id: line.id, quantity: '10', lot_number: 'L1', expiry_date: addDays(dayIn('UTC'), 400) }] };
    const payload = await expectOneEvent('purchase_order.received', practice, async () => void (await ok(await admin.post(`/api/purchase-orders/${po.id}/receive`, body))));
    expect(payload.data).toMatchObject({ purchase_order: { id: po.id, number: po.number, status: 'received' }, received: [{ line_id: line.id, lot_number: 'L1' }] });
  });
});

describe('stock takes', () => {
  it('stock_take.approved: with the take and its adjusted lines', async () => {
    const practice = await createPractice(t.database.db);
    await t.database.db.insert(practiceSettings).values({ dentalPracticeId: practice.id, stockTakeApprovalThreshold: '250' });
    const product = await ok(await admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'box', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '10.00' }), 201);
    await ok(await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '10', unit_cost: '10.0000' }));
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    const take = await ok(await manager.post('/api/stock-takes', { dental_practice_id: practice.id, kind: 'all' }), 201);
    await ok(await manager.post(`/api/stock-takes/${take.id}/counts`, { product_id: product.id, quantity: '9' }));
    const payload = await expectOneEvent('stock_take.approved', practice, async () => void (await ok(await manager.post(`/api/stock-takes/${take.id}/approve`))));
    expect(payload.data.stock_take).toMatchObject({ id: take.id, kind: 'all', adjusted_lines: 1, counted_lines: 1 });
  });
});
