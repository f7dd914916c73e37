import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { activityLogs, inventories, procedureItems, procedures, stockMovements } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { commit, validated } from './imports-helpers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * A deactivated practice takes no new writes, whichever way they come: stock in or out, counts,
 * transfers both ways, write-offs, inventory settings, procedures (create, change, complete, delete)
 * and imports. Each is refused with the same 409 and changes nothing; restoring the practice opens it again.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const stamp = Date.now().toString(36);

async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as ReturnType<typeof JSON.parse>;
}

/** Everything a write could change (and the practice's activity log), to compare before and after the refused calls. */
async function snapshot(practiceId: number) {
  const db = t.database.db;
  const n = async (table: typeof stockMovements | typeof procedures | typeof procedureItems | typeof inventories) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    movements: await n(stockMovements), procedures: await n(procedures), items: await n(procedureItems), inventories: await n(inventories),
    log: (await db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.dentalPracticeId, practiceId)))[0]!.n,
    stock: await db.select({ id: inventories.id, onHand: inventories.onHand, reorder: inventories.reorderPoint, status: inventories.status }).from(inventories).orderBy(inventories.id),
    states: await db.select({ id: procedures.id, status: procedures.status, provider: procedures.provider }).from(procedures).orderBy(procedures.id),
  };
}

describe('a deactivated practice', () => {
  it('refuses every kind of write with one clear 409, changes nothing, and takes writes again once restored', async () => {
    const closed = await createPractice(t.database.db, { name: `Harbour Street ${stamp}`, code: `HS-${stamp}` });
    const open = await createPractice(t.database.db);
    const product = await ok(await admin.post('/api/product/create', { name: `Gloves ${stamp}`, sku: `GLV-${stamp}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '10.00', tracks_lots: true }), 201);
    const other = await ok(await admin.post('/api/product/create', { name: `Bibs ${stamp}`, sku: `BIB-${stamp}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '5.00', tracks_lots: false }), 201);
    const receive = (practiceId: number, quantity = '20') => admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: product.id, quantity, lot_number: 'L1', expiry_date: '2030-01-01' });
    const inventory = await ok(await receive(closed.id));
    await ok(await receive(open.id));
    const code = await ok(await admin.post('/api/procedure-code/create', { code: `DX${stamp}`.slice(0, 16), name: 'Exam', category: 'diagnostic' }), 201);
    const body = (status: 'planned' | 'completed', quantity = '2') => ({ dental_practice_id: closed.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', status, items: [{ product_id: product.id, quantity }] });
    const done = await ok(await admin.post('/api/procedure/create', body('completed')), 201);
    const planned = await ok(await admin.post('/api/procedure/create', body('planned')), 201);

    await ok(await admin.post(`/api/dental-practice/delete/${closed.id}`));
    const before = await snapshot(closed.id);

    const writes: Array<[string, () => Promise<{ statusCode: number; body: string; json: () => { message: string } }>]> = [
      ['receive', () => receive(closed.id)],
      ['count', () => admin.post('/api/inventory/adjust', { dental_practice_id: closed.id, product_id: product.id, lot_id: inventory.lots[0].id, counted: '3', reason: 'Count' })],
      ['transfer out', () => admin.post('/api/inventory/transfer', { dental_practice_id: closed.id, to_dental_practice_id: open.id, product_id: product.id, quantity: '1' })],
      ['transfer in', () => admin.post('/api/inventory/transfer', { dental_practice_id: open.id, to_dental_practice_id: closed.id, product_id: product.id, quantity: '1' })],
      ['write-off', () => admin.post('/api/inventory/write-off', { dental_practice_id: closed.id, lot_id: inventory.lots[0].id, type: 'waste', quantity: '1' })],
      ['use supplies', () => admin.post('/api/stock/use', { dental_practice_id: closed.id, product_id: product.id, quantity: '1' })],
      ['stock a product', () => admin.post('/api/inventory/add', { dental_practice_id: closed.id, product_id: other.id, reorder_point: '5' })],
      ['inventory settings', () => admin.post(`/api/inventory/update/${inventory.id}`, { reorder_point: '7', par_level: '30', location: 'Shelf' })],
      ['inventory settings (contract’s path)', () => admin.post('/api/inventory/update', { id: inventory.id, reorder_point: '7', par_level: '30' })],
      ['deactivate inventory', () => admin.post(`/api/inventory/delete/${inventory.id}`)],
      ['restore inventory', () => admin.post(`/api/inventory/restore/${inventory.id}`)],
      ['record a procedure', () => admin.post('/api/procedure/create', body('completed'))],
      ['plan a procedure', () => admin.post('/api/procedure/create', body('planned'))],
      ['change a procedure', () => admin.post(`/api/procedure/update/${done.id}`, { ...body('completed', '5'), provider: 'Dr Changed' })],
      ['change an item', () => admin.post(`/api/procedure/update/procedure-item/${done.items[0].id}`, { quantity: '4' })],
      ['complete', () => admin.post(`/api/procedure/complete/${planned.id}`)],
      ['complete via update', () => admin.post(`/api/procedure/update/${planned.id}`, body('completed'))],
      ['delete a procedure', () => admin.post(`/api/procedure/delete/${done.id}`)],
    ];
    for (const [what, call] of writes) {
      const res = await call();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
      expect(res.json().message, what).toBe(`The practice “${closed.name}” is deactivated; restore it to record stock, procedures or inventory settings in it.`);
    }
    // Translated like every server message.
    const fr = await admin.request('POST', '/api/inventory/receive', { json: { dental_practice_id: closed.id, product_id: product.id, quantity: '1', lot_number: 'L1', expiry_date: '2030-01-01' }, headers: { 'accept-language': 'fr' } });
    expect(fr.json().message).toBe(`Le cabinet « ${closed.name} » est désactivé ; restaurez-le pour y enregistrer du stock, des actes ou des réglages d'inventaire.`);

    // Imports into it: every row names the practice as deactivated; nothing is written.
    for (const [kind, csv] of [
      ['inventory', `practice_code,sku,quantity,lot_number,expiry_date\n${closed.code},${product.sku},50,L9,2030-01-01\n`],
      ['procedure', `practice_code,performed_at,procedure_code,items,consume_stock\n${closed.code},2026-11-21 09:00,${code.code},${product.sku}:1,yes\n${closed.code},2026-11-21 10:00,${code.code},${product.sku}:1,no\n`],
    ] as const) {
      const job = await validated(admin, kind, `${kind}.csv`, csv);
      expect(job.valid_rows, kind).toBe(0);
      expect(job.errors.map((e) => [e.column, e.message]), kind).toEqual(
        Array(job.invalid_rows).fill(['practice_code', `The practice “${closed.code}” is deactivated; restore it to record stock, procedures or inventory settings in it.`]),
      );
      expect((await commit(admin, job.id, 'valid')).created, kind).toBe(0);
    }
    expect(await snapshot(closed.id)).toEqual(before);

    await ok(await admin.post(`/api/dental-practice/restore/${closed.id}`));
    expect((await receive(closed.id, '1')).statusCode).toBe(200);
    expect((await admin.post(`/api/procedure/complete/${planned.id}`)).statusCode).toBe(200);
    expect((await admin.post('/api/inventory/transfer', { dental_practice_id: open.id, to_dental_practice_id: closed.id, product_id: product.id, quantity: '1' })).statusCode).toBe(200);
  });

});
