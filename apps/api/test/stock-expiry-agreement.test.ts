import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, uid } from './ledgers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * "Expiring" has one definition (the API's stock/expiry.ts): within the practice's expiry warning days, on the
 * practice's today. The inventory list, the inventory detail, a procedure's consumed lots, the dashboard's critical items and the expiring-lots
 * report say the same of one lot, whatever the setting.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

async function json(res: { statusCode: number; body: string; json: <T = unknown>() => T }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Record<string, unknown> & { rows?: Array<Record<string, unknown>> } }>().data;
}

/** What each screen says of the practice's one lot (expiring in 45 days) and its product; `procedureId` consumed from that lot. */
async function views(practiceId: number, inventoryId: number, lotNumber: string, procedureId: number) {
  const list = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practiceId}`)).json<{ data: Array<Record<string, unknown>> }>().data;
  const row = list.find((r) => r.id === inventoryId)!;
  const detail = await json(await admin.get(`/api/inventory/${inventoryId}`));
  const lot = (detail.lots as Array<{ lot_number: string; expiry_state: string }>).find((l) => l.lot_number === lotNumber)!;
  const critical = await json(await admin.get(`/api/admin/dashboard/upcoming-month-critical-items-data?dental_practice_id=${practiceId}`));
  const report = await json(await admin.get(`/api/reports/report-data?report=expiring-lots&dental_practice_id=${practiceId}`));
  const procedure = await json(await admin.get(`/api/procedure/${procedureId}`));
  const consumed = (procedure.items as Array<{ lots: Array<{ lot_number: string; expiry_state: string }> }>)[0]!.lots.find((l) => l.lot_number === lotNumber)!;
  return {
    procedureLot: consumed.expiry_state,
    listStatus: row.stock_status,
    listExpiry: row.nearest_expiry_state,
    detailStatus: detail.stock_status,
    detailLot: lot.expiry_state,
    dashboard: (critical.expiring as Array<{ lot_number: string }>).some((l) => l.lot_number === lotNumber),
    report: (report.rows ?? []).some((r) => r.lot === lotNumber),
  };
}

describe('one definition of expiring', () => {
  it('a lot expiring in 45 days is expiring everywhere with a 60-day warning, and ok everywhere with 30', async () => {
    const practice = await createPractice(t.database.db);
    const product = (await admin.post('/api/product/create', { name: `Bond ${uid()}`, sku: `BND-${uid()}`, usage_unit: 'ml', purchase_unit: 'bottle', units_per_purchase_unit: 5, purchase_price: '40.00', tracks_lots: true })).json().data;
    const lotNumber = `L45-${uid()}`;
    const received = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '10', unit_cost: '8', lot_number: lotNumber, expiry_date: day(45) });
    expect(received.statusCode, received.body).toBe(200);
    const inventoryId = received.json().data.id as number;
    const code = (await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Bonding', category: 'restorative' })).json().data;
    const done = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: new Date().toISOString(), status: 'completed', items: [{ product_id: product.id, quantity: '1' }] });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data.items[0].lots).toMatchObject([{ lot_number: lotNumber, expiry_state: 'ok' }]);
    const procedureId = done.json().data.id as number;

    const sixty = await admin.post('/api/configuration/create', { dental_practice_id: practice.id, expiry_warning_days: 60 });
    expect(sixty.statusCode, sixty.body).toBe(201);
    expect(await views(practice.id, inventoryId, lotNumber, procedureId)).toEqual({ procedureLot: 'expiring', listStatus: 'expiring', listExpiry: 'expiring', detailStatus: 'expiring', detailLot: 'expiring', dashboard: true, report: true });

    const thirty = await admin.post(`/api/configuration/update/${practice.id}`, { expiry_warning_days: 30 });
    expect(thirty.statusCode, thirty.body).toBe(200);
    expect(await views(practice.id, inventoryId, lotNumber, procedureId)).toEqual({ procedureLot: 'ok', listStatus: 'ok', listExpiry: 'ok', detailStatus: 'ok', detailLot: 'ok', dashboard: false, report: false });
  });

  it('a practice on the defaults warns 30 days ahead, and an expired lot shows as expired', async () => {
    const practice = await createPractice(t.database.db);
    const product = (await admin.post('/api/product/create', { name: `Etch ${uid()}`, sku: `ETC-${uid()}`, usage_unit: 'ml', purchase_unit: 'syringe', units_per_purchase_unit: 3, purchase_price: '9.00', tracks_lots: true })).json().data;
    for (const [lot, expiry] of [['OLD', day(-1)], ['SOON', day(29)], ['LATER', day(30)]] as const) {
      const res = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '1', unit_cost: '3', lot_number: lot, expiry_date: expiry, confirm_expired: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}`)).json<{ data: Array<{ id: number }> }>().data;
    const detail = await json(await admin.get(`/api/inventory/${list[0]!.id}`));
    const states = Object.fromEntries((detail.lots as Array<{ lot_number: string; expiry_state: string }>).map((l) => [l.lot_number, l.expiry_state]));
    expect(states).toEqual({ OLD: 'expired', SOON: 'expiring', LATER: 'ok' });
    expect(detail).toMatchObject({ nearest_expiry: day(-1), nearest_expiry_state: 'expired', stock_status: 'expiring' });
  });
});
