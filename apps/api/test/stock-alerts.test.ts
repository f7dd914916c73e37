import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inventories, notifications } from '@enamel/db';
import { runStockAlerts } from '../src/features/alerts/stock-alerts.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, handMadeLedger, runForecastToEnd } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Stock alerts: raised for the users who may act on the practice's stock, once per episode (reading one does
 * not raise it again; it comes back only after its condition cleared), cleared when the condition goes, shown
 * on the bell translated, and never to anyone else.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Bell = { data: Array<{ id: number; kind: string; title: string; body: string; link: string | null; read_at: string | null }>; meta: { unread: number } };
const bell = async (agent: Agent, headers?: Record<string, string>) => (await agent.get('/api/notifications', headers)).json<Bell>();

async function setup() {
  const ledger = await handMadeLedger(t, admin);
  const { practice, gloves } = ledger;
  // 90 gloves left; reorder at 95, order up to 150 → 60 pairs = 2 boxes of 50.
  await t.database.db.update(inventories).set({ reorderPoint: '95', parLevel: '150' }).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
  const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
  const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [practice.id] });
  const viewer = await signInAs(t, { role: 'Viewer', practiceIds: [practice.id] });
  const elsewhere = await signInAs(t, { role: 'Practice Manager', practiceIds: [(await createPractice(t.database.db)).id] });
  return { ...ledger, manager, staff, viewer, elsewhere };
}

describe('stock alerts', () => {
  it('raise low stock and expiring lots for those who may act, once, translated, and never for others', async () => {
    const { practice, gloves, composite, manager, staff, viewer, elsewhere } = await setup();
    const first = await runStockAlerts(t.database.db, [practice.id]);
    expect(first.raised).toBeGreaterThanOrEqual(4);
    const seen = await bell(manager);
    expect(seen.meta.unread).toBe(2);
    const low = seen.data.find((n) => n.kind === 'low_stock')!;
    expect(low.title).toBe(`Low stock: ${gloves.name}`);
    expect(low.body).toBe('90 pair left, at or below the reorder point (95). Suggested order: 2 × box.');
    expect(low.link).toMatch(/^\/admin\/inventories\/\d+$/);
    expect(seen.data.find((n) => n.kind === 'expiring_lot')!.body).toBe(`Lot C1 (100 left) expires on ${day(10)}.`);
    expect(seen.data.map((n) => n.title)).toContain(`Lot expiring: ${composite.name}`);
    expect((await bell(staff)).meta.unread).toBe(2);
    expect((await bell(viewer)).data).toEqual([]);
    expect((await bell(elsewhere)).data).toEqual([]);
    const spanish = await bell(manager, { 'accept-language': 'es' });
    expect(spanish.data.find((n) => n.kind === 'low_stock')!.title).toBe(`Stock bajo: ${gloves.name}`);

    // A second run, and two at once, add nothing: one notification per episode.
    expect((await runStockAlerts(t.database.db, [practice.id])).raised).toBe(0);
    await Promise.all([runStockAlerts(t.database.db, [practice.id]), runStockAlerts(t.database.db, [practice.id])]);
    expect((await bell(manager)).data).toHaveLength(2);

    // Reading one does not raise it again.
    const read = await manager.post(`/api/notifications/read/${low.id}`);
    expect(read.json()).toEqual({ success: true, meta: { unread: 1 } });
    await runStockAlerts(t.database.db, [practice.id]);
    expect((await bell(manager)).meta.unread).toBe(1);

    // Someone else's notification is not yours to read.
    expect((await staff.post(`/api/notifications/read/${low.id}`)).statusCode).toBe(404);
    expect((await manager.post('/api/notifications/read/abc')).statusCode).toBe(422);
  });

  it('clear when the condition goes, and come back as a new alert when it returns', async () => {
    const { practice, gloves, manager } = await setup();
    await runStockAlerts(t.database.db, [practice.id]);
    const before = (await bell(manager)).data.find((n) => n.kind === 'low_stock')!;
    await manager.post(`/api/notifications/read/${before.id}`);
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: gloves.id, quantity: '50', unit_cost: '0.18' })).statusCode).toBe(200);
    const cleared = await runStockAlerts(t.database.db, [practice.id]);
    expect(cleared.cleared).toBeGreaterThanOrEqual(1);
    expect((await bell(manager)).data.map((n) => n.kind)).toEqual(['expiring_lot']);
    // Used again below the reorder point: a new episode, a new unread alert.
    const counted = await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: gloves.id, counted: '20', reason: 'count' });
    expect(counted.statusCode, counted.body).toBe(200);
    await runStockAlerts(t.database.db, [practice.id]);
    const again = (await bell(manager)).data.find((n) => n.kind === 'low_stock')!;
    expect(again.id).not.toBe(before.id);
    expect(again.read_at).toBeNull();
    expect((await manager.post('/api/notifications/read-all')).json().meta.unread).toBe(0);
    expect((await bell(manager)).meta.unread).toBe(0);
  });

  it('a forecast run for today raises a predicted stock-out within the lead time', async () => {
    const { practice, gloves, manager } = await setup();
    // 4 pairs at 2.5 a week last about 11 days; the supplier needs 14.
    expect((await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: gloves.id, counted: '4', reason: 'count' })).statusCode).toBe(200);
    expect((await admin.post(`/api/configuration/update/${practice.id}`, { lead_time_days: 14 })).statusCode).toBe(200);
    await runForecastToEnd(admin, practice.id);
    let predicted;
    for (let i = 0; i < 100 && !predicted; i++) {
      predicted = (await bell(manager)).data.find((n) => n.kind === 'stockout_predicted');
      if (!predicted) await new Promise((r) => setTimeout(r, 50));
    }
    expect(predicted?.title).toBe(`Will run out: ${gloves.name}`);
    expect(predicted?.body).toMatch(/in about 11 days, within the supplier lead time \(14 days\)/);
    const rows = await t.database.db.select().from(notifications).where(and(eq(notifications.dentalPracticeId, practice.id), eq(notifications.kind, 'stockout_predicted')));
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
