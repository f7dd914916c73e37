import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inventories, procedureItems, procedures, stockMovements } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { createPractice } from './factories.ts';
import { listeningAppWithAdmin } from './test-app.ts';
import { uid } from './ledgers.ts';

/**
 * Commands on one procedure fired at the same moment over real HTTP (a double-clicked Save, two
 * screens completing the same visit): each reads the procedure's status and items only after its
 * row lock, so the stock consumed always equals what the procedure finally holds.
 */
const app = listeningAppWithAdmin();


async function setup(onShelf: string) {
  const practice = await createPractice(app.t.database.db);
  const product = (await app.admin.post('/api/product/create', { name: `Composite ${uid()}`, sku: `CMP-${uid()}`, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '40.00', tracks_lots: true })).json().data;
  for (const [lot, expiry] of [['A', '2030-01-01'], ['B', '2031-01-01']]) {
    const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: onShelf, lot_number: lot, expiry_date: expiry });
    expect(res.statusCode, res.body).toBe(200);
  }
  const code = (await app.admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Composite, two surfaces', category: 'restorative' })).json().data;
  const body = (quantity: string, status: 'planned' | 'completed' = 'completed') => ({ dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', status, items: [{ product_id: product.id, quantity }] });
  return { practice, product, body };
}

/** What the ledger says the procedure consumed (consumptions minus give-backs), and what it holds as items. */
async function consumedBy(procedureId: number) {
  const [row] = await app.t.database.db.select({ net: sql<string>`coalesce(-sum(${stockMovements.quantity}), 0)::text` }).from(stockMovements).where(and(eq(stockMovements.procedureId, procedureId), eq(stockMovements.type, 'consume')));
  return Number(row!.net);
}
async function itemQuantity(procedureId: number) {
  const rows = await app.t.database.db.select({ quantity: procedureItems.quantity }).from(procedureItems).where(eq(procedureItems.procedureId, procedureId));
  return rows.reduce((sum, r) => sum + Number(r.quantity), 0);
}
async function onHand(practiceId: number, productId: number) {
  const [row] = await app.t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return Number(row!.onHand);
}

/** Fires the same-moment requests over sockets (not one after the other through inject). */
function fire(path: string, bodies: unknown[], method = 'POST') {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
  return Promise.all(
    bodies.map(async (body) => {
      const res = await fetch(`${app.base}${path}`, { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    }),
  );
}

describe('concurrent updates of one completed procedure', () => {
  it('ten identical saves (a double click) changing an item 1 → 3 consume 3, not 1 + 2 × 10', async () => {
    const { practice, product, body } = await setup('50');
    const created = await app.admin.post('/api/procedure/create', body('1'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const answers = await fire(`/api/procedure/update/${id}`, Array.from({ length: 10 }, () => body('3')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await itemQuantity(id)).toBe(3);
    expect(await consumedBy(id)).toBe(3);
    expect(await onHand(practice.id, product.id)).toBe(97);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  }, 120_000);

  it('ten different saves at once leave exactly the last committed quantity consumed', async () => {
    const { practice, product, body } = await setup('50');
    const id = (await app.admin.post('/api/procedure/create', body('1'))).json().data.id as number;
    const answers = await fire(`/api/procedure/update/${id}`, Array.from({ length: 10 }, (_, i) => body(String(i + 2))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const final = await itemQuantity(id);
    expect(final).toBeGreaterThanOrEqual(2);
    expect(await consumedBy(id)).toBe(final);
    expect(await onHand(practice.id, product.id)).toBe(100 - final);
    // Mixed with un-completing and completing again: the stock still follows the final state.
    const mixed = await fire(`/api/procedure/update/${id}`, Array.from({ length: 10 }, (_, i) => body(String(i + 1), i % 3 === 0 ? 'planned' : 'completed')));
    expect(mixed.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [row] = await app.t.database.db.select({ status: procedures.status }).from(procedures).where(eq(procedures.id, id));
    const expected = row!.status === 'completed' ? await itemQuantity(id) : 0;
    expect(await consumedBy(id)).toBe(expected);
    expect(await onHand(practice.id, product.id)).toBe(100 - expected);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  }, 120_000);
});

describe('PATCH /api/procedure/{id} (amend) at once', () => {
  it('ten identical amendments of the items consume the difference once; ten completions by amendment consume the items once', async () => {
    const { practice, product, body } = await setup('50');
    const id = (await app.admin.post('/api/procedure/create', body('1'))).json().data.id as number;
    const answers = await fire(`/api/procedure/${id}`, Array.from({ length: 10 }, () => ({ items: [{ product_id: product.id, quantity: '4' }] })), 'PATCH');
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await consumedBy(id)).toBe(4);
    expect(await onHand(practice.id, product.id)).toBe(96);

    const planned = (await app.admin.post('/api/procedure/create', body('2', 'planned'))).json().data.id as number;
    const completions = await fire(`/api/procedure/${planned}`, Array.from({ length: 10 }, () => ({ status: 'completed' })), 'PATCH');
    expect(completions.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await consumedBy(planned)).toBe(2);
    expect(await onHand(practice.id, product.id)).toBe(94);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  }, 120_000);
});

describe('POST /api/procedure/complete/{id}', () => {
  it('completes a planned procedure in one step, consuming its items once; concurrent completes get one 200 and 409s that consume nothing', async () => {
    const { practice, product, body } = await setup('10');
    const planned = await app.admin.post('/api/procedure/create', body('4', 'planned'));
    expect(planned.statusCode, planned.body).toBe(201);
    const id = planned.json().data.id as number;
    expect(await consumedBy(id)).toBe(0);

    const answers = await fire(`/api/procedure/complete/${id}`, Array.from({ length: 5 }, () => undefined));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe('This procedure is already completed; its items were taken from stock then.');
    expect(await consumedBy(id)).toBe(4);
    expect(await onHand(practice.id, product.id)).toBe(16);

    const detail = (await app.admin.get(`/api/procedure/${id}`)).json().data;
    expect(detail.status).toBe('completed');
    expect(detail.items[0].lots.map((l: { lot_number: string; quantity: string }) => [l.lot_number, l.quantity])).toEqual([['A', '4.0000']]);
    const again = await app.admin.post(`/api/procedure/complete/${id}`);
    expect(again.statusCode).toBe(409);
    expect(await consumedBy(id)).toBe(4);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  }, 120_000);

  it('a complete that stock cannot serve is a 409 naming the shortfall and leaves the procedure planned; unknown ids are 404', async () => {
    const { practice, product, body } = await setup('1');
    const id = (await app.admin.post('/api/procedure/create', body('5', 'planned'))).json().data.id as number;
    const refused = await app.admin.post(`/api/procedure/complete/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Not enough ${product.name} in stock: 3 more needed (2 available).`);
    const [row] = await app.t.database.db.select({ status: procedures.status }).from(procedures).where(eq(procedures.id, id));
    expect(row!.status).toBe('planned');
    expect(await onHand(practice.id, product.id)).toBe(2);
    expect((await app.admin.post('/api/procedure/complete/999999999')).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.admin.get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/api/procedure/complete/{id}');
    expect(Object.keys(doc.paths['/api/procedure/complete/{id}'])).toEqual(['post']);
  });
});
