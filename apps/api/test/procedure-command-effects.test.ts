import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activityLogs, inventories, procedureItems, procedures, stockMovements } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { listeningAppWithAdmin } from './test-app.ts';
import { uid } from './ledgers.ts';

/**
 * Each procedure command through the real HTTP stack: what it does to the procedure and to stock
 * (exactly), and what it refuses — a wrong state (409), another practice's procedure (404), a bad
 * body (422 naming the field) — each refusal changing nothing. Concurrency: procedure-commands.test.ts.
 */
const app = listeningAppWithAdmin();


async function product(price = '40.00') {
  return (await app.admin.post('/api/product/create', { name: `Composite ${uid()}`, sku: `CMP-${uid()}`, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: price, tracks_lots: true })).json().data as { id: number; name: string };
}

/** A practice with two products on the shelf: 5 + 5 of `a` in lots A1 (2030) and A2 (2031), 10 of `b`. */
async function setup() {
  const practice = await createPractice(app.t.database.db);
  const a = await product('40.00');
  const b = await product('25.00');
  for (const [p, lot, expiry, quantity] of [[a, 'A1', '2030-01-01', '5'], [a, 'A2', '2031-01-01', '5'], [b, 'B1', '2030-06-01', '10']] as const) {
    const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity, lot_number: lot, expiry_date: expiry });
    expect(res.statusCode, res.body).toBe(200);
  }
  const code = (await app.admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Composite, two surfaces', category: 'restorative' })).json().data;
  const body = (status: 'planned' | 'completed', items = [{ product_id: a.id, quantity: '3' }]) => ({ dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', provider: 'Dr Root', status, items });
  return { practice, a, b, code, body };
}

async function onHand(practiceId: number, productId: number) {
  const [row] = await app.t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return Number(row!.onHand);
}
async function consumedBy(procedureId: number) {
  const [row] = await app.t.database.db.select({ net: sql<string>`coalesce(-sum(${stockMovements.quantity}), 0)::text` }).from(stockMovements).where(and(eq(stockMovements.procedureId, procedureId), eq(stockMovements.type, 'consume')));
  return Number(row!.net);
}
async function movementsOf(procedureId: number) {
  const rows = await app.t.database.db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.procedureId, procedureId));
  return rows.length;
}
const lotsOf = (detail: { items: Array<{ lots: Array<{ lot_number: string; quantity: string }> }> }, index = 0) => detail.items[index]!.lots.map((l) => [l.lot_number, l.quantity]);

/** A signed-in Practice Manager of a practice of their own (rights to record, change and delete there only). */
async function managerElsewhere() {
  const own = await createPractice(app.t.database.db);
  const user = await createUser(app.t.database.db, { role: 'Practice Manager', practiceIds: [own.id] });
  const agent = new Agent(app.t.app);
  await agent.login(user.email, user.password);
  return agent;
}

describe('record (POST /api/procedure/create)', () => {
  it('a completed procedure consumes its items FEFO and answers the procedure with lots, unit cost and on-hand', async () => {
    const { practice, a, b, body } = await setup();
    const res = await app.admin.post('/api/procedure/create', body('completed', [{ product_id: a.id, quantity: '7' }, { product_id: b.id, quantity: '2.5' }]));
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json().data;
    expect(detail.status).toBe('completed');
    expect(lotsOf(detail.items[0].product_id === a.id ? detail : { items: [...detail.items].reverse() })).toEqual([['A1', '5.0000'], ['A2', '2.0000']]);
    const itemA = detail.items.find((i: { product_id: number }) => i.product_id === a.id);
    expect([itemA.quantity, itemA.cost, itemA.unit_cost, itemA.on_hand]).toEqual(['7.0000', '28.0000', '4.0000', '3.0000']);
    expect(detail.consumable_cost).toBe('34.2500');
    expect(await onHand(practice.id, a.id)).toBe(3);
    expect(await onHand(practice.id, b.id)).toBe(7.5);
  });

  it('a planned procedure takes nothing; a bad body is a 422 naming the field and records nothing', async () => {
    const { practice, a, body } = await setup();
    const planned = await app.admin.post('/api/procedure/create', body('planned'));
    expect(planned.statusCode, planned.body).toBe(201);
    expect(await consumedBy(planned.json().data.id)).toBe(0);
    expect(await onHand(practice.id, a.id)).toBe(10);
    const count = async () => (await app.t.database.db.select({ id: procedures.id }).from(procedures).where(eq(procedures.dentalPracticeId, practice.id))).length;
    const before = await count();
    const zero = await app.admin.post('/api/procedure/create', body('completed', [{ product_id: a.id, quantity: '0' }]));
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors['items.0.quantity']).toEqual(['Must be greater than zero.']);
    const unknown = await app.admin.post('/api/procedure/create', body('completed', [{ product_id: a.id, quantity: '1' }, { product_id: 999_999_999, quantity: '1' }]));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['items.1.product_id']).toEqual(['This product does not exist.']);
    expect(await count()).toBe(before);
    expect(await onHand(practice.id, a.id)).toBe(10);
  });

  it('into another practice is a 404 and records nothing', async () => {
    const { practice, a, body } = await setup();
    const stranger = await managerElsewhere();
    expect((await stranger.post('/api/procedure/create', body('completed'))).statusCode).toBe(404);
    expect(await onHand(practice.id, a.id)).toBe(10);
  });
});

describe('amend (PATCH /api/procedure/{id})', () => {
  it('changes only the fields sent: a provider change leaves items and stock alone', async () => {
    const { practice, a, body } = await setup();
    const id = (await app.admin.post('/api/procedure/create', { ...body('completed'), notes: 'Left upper' })).json().data.id as number;
    const moves = await movementsOf(id);
    const res = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { provider: 'Dr Crown' } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect([detail.provider, detail.notes, detail.status, detail.items.length, detail.items[0].quantity]).toEqual(['Dr Crown', 'Left upper', 'completed', 1, '3.0000']);
    expect(await movementsOf(id)).toBe(moves);
    expect(await onHand(practice.id, a.id)).toBe(7);
  });

  it('new items on a completed procedure move stock by the differences only, exactly', async () => {
    const { practice, a, b, body } = await setup();
    const id = (await app.admin.post('/api/procedure/create', body('completed'))).json().data.id as number;
    const res = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { items: [{ product_id: a.id, quantity: '6' }, { product_id: b.id, quantity: '1' }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(lotsOf(res.json().data)).toEqual([['A1', '5.0000'], ['A2', '1.0000']]);
    expect(await onHand(practice.id, a.id)).toBe(4);
    expect(await onHand(practice.id, b.id)).toBe(9);
    // Fewer: given back from the latest-expiring lot first.
    const less = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { items: [{ product_id: a.id, quantity: '4.5' }] } });
    expect(less.statusCode, less.body).toBe(200);
    expect(lotsOf(less.json().data)).toEqual([['A1', '4.5000']]);
    expect(await onHand(practice.id, a.id)).toBe(5.5);
    expect(await onHand(practice.id, b.id)).toBe(10);
    expect(await consumedBy(id)).toBe(4.5);
    const [log] = await app.t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Procedure'), eq(activityLogs.subjectId, String(id)), eq(activityLogs.action, 'update'))).orderBy(sql`${activityLogs.id} desc`).limit(1);
    expect(JSON.stringify(log)).toContain('4.5');
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });

  it('refuses a bad body (422 naming the field), another practice (422 practice_fixed), a stranger (404) — changing nothing', async () => {
    const { practice, a, body } = await setup();
    const id = (await app.admin.post('/api/procedure/create', body('completed'))).json().data.id as number;
    const bad = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { provider: 'Dr Bad', items: [{ product_id: a.id, quantity: '-1' }] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['items.0.quantity']);
    const extra = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { colour: 'red' } });
    expect(extra.statusCode).toBe(422);
    const other = await createPractice(app.t.database.db);
    const moved = await app.admin.request('PATCH', `/api/procedure/${id}`, { json: { dental_practice_id: other.id, provider: 'Dr Moved' } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.dental_practice_id).toEqual(['A procedure cannot move to another practice; delete it and record it there.']);
    const stranger = await managerElsewhere();
    expect((await stranger.request('PATCH', `/api/procedure/${id}`, { json: { provider: 'Dr Stranger' } })).statusCode).toBe(404);
    expect((await stranger.post(`/api/procedure/update/${id}`, { ...body('completed'), provider: 'Dr Stranger' })).statusCode).toBe(404);
    expect((await app.admin.request('PATCH', '/api/procedure/999999999', { json: { provider: 'x' } })).statusCode).toBe(404);
    const [row] = await app.t.database.db.select().from(procedures).where(eq(procedures.id, id));
    expect(row!.provider).toBe('Dr Root');
    expect(await onHand(practice.id, a.id)).toBe(7);
  });
});

describe('complete (POST /api/procedure/complete/{id})', () => {
  it('consumes the items FEFO and answers the completed procedure; a stranger gets a 404 and nothing is taken', async () => {
    const { practice, a, b, body } = await setup();
    const id = (await app.admin.post('/api/procedure/create', body('planned', [{ product_id: a.id, quantity: '6' }, { product_id: b.id, quantity: '0.25' }]))).json().data.id as number;
    const stranger = await managerElsewhere();
    expect((await stranger.post(`/api/procedure/complete/${id}`)).statusCode).toBe(404);
    expect(await consumedBy(id)).toBe(0);
    const res = await app.admin.post(`/api/procedure/complete/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.status).toBe('completed');
    expect(detail.consumable_cost).toBe('24.6250');
    expect(await onHand(practice.id, a.id)).toBe(4);
    expect(await onHand(practice.id, b.id)).toBe(9.75);
    const again = await app.admin.post(`/api/procedure/complete/${id}`);
    expect(again.statusCode).toBe(409);
    expect(await onHand(practice.id, a.id)).toBe(4);
  });
});

describe('delete (POST /api/procedure/delete/{id})', () => {
  it('gives back exactly what was consumed; concurrent deletes give it back once (one 204, the rest 404)', async () => {
    const { practice, a, body } = await setup();
    const id = (await app.admin.post('/api/procedure/create', body('completed', [{ product_id: a.id, quantity: '8' }]))).json().data.id as number;
    expect(await onHand(practice.id, a.id)).toBe(2);
    const stranger = await managerElsewhere();
    expect((await stranger.post(`/api/procedure/delete/${id}`)).statusCode).toBe(404);
    expect(await onHand(practice.id, a.id)).toBe(2);
    const headers = { 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const statuses = await Promise.all(Array.from({ length: 5 }, () => fetch(`${app.base}/api/procedure/delete/${id}`, { method: 'POST', headers }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([204, 404, 404, 404, 404]);
    expect(await onHand(practice.id, a.id)).toBe(10);
    expect(await app.t.database.db.select().from(procedureItems).where(eq(procedureItems.procedureId, id))).toEqual([]);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });
});

describe('template lines (GET /api/procedure/template-lines)', () => {
  it('answers a template’s lines with unit cost and the practice’s on-hand in one request; another practice is a 404', async () => {
    const { practice, a, b, code } = await setup();
    const template = (await app.admin.post('/api/procedure-template/create', { name: `Template ${uid()}`, procedure_code_id: code.id, items: [{ product_id: b.id, quantity: '2' }, { product_id: a.id, quantity: '1.5' }] })).json().data;
    const res = await app.admin.get(`/api/procedure/template-lines?procedure_template_id=${template.id}&dental_practice_id=${practice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((i: { product_id: number; quantity: string; unit_cost: string; on_hand: string }) => [i.product_id, i.quantity, i.unit_cost, i.on_hand])).toEqual([
      [b.id, '2.0000', '2.5000', '10.0000'],
      [a.id, '1.5000', '4.0000', '10.0000'],
    ]);
    const stranger = await managerElsewhere();
    expect((await stranger.get(`/api/procedure/template-lines?procedure_template_id=${template.id}&dental_practice_id=${practice.id}`)).statusCode).toBe(404);
    expect((await app.admin.get(`/api/procedure/template-lines?procedure_template_id=999999999&dental_practice_id=${practice.id}`)).statusCode).toBe(404);
    expect((await app.admin.get(`/api/procedure/template-lines?procedure_template_id=x&dental_practice_id=${practice.id}`)).statusCode).toBe(422);
  });
});
