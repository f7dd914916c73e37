import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inventories, lots, procedures, stockMovements } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { commit, validated } from './imports-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
const stamp = Date.now().toString(36);
let practice: { id: number; code: string };
let other: { id: number; code: string };
let productIds: Record<string, number>;
let code: { id: number; code: string };
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db, { role: 'Super Admin' });
  admin = new Agent(t.app);
  await admin.login(user.email, user.password);
  practice = await createPractice(t.database.db, { code: `IMP-${stamp}` });
  other = await createPractice(t.database.db, { code: `OTH-${stamp}` });
  productIds = {};
  for (const [sku, tracks] of [[`GLV-${stamp}`, false], [`ART-${stamp}`, true]] as const) {
    const res = await admin.post('/api/product/create', { name: sku, sku, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '10.00', tracks_lots: tracks });
    productIds[sku] = res.json().data.id;
  }
  code = (await admin.post('/api/procedure-code/create', { code: `DI${stamp}`.slice(0, 16), name: 'Imported exam', category: 'diagnostic' })).json().data;
  await admin.post('/api/procedure-template/create', { name: `Exam kit ${stamp}`, procedure_code_id: code.id, items: [{ product_id: productIds[`GLV-${stamp}`], quantity: '2' }] });
});
afterAll(async () => t.close());

const onHand = async (practiceId: number, productId: number) =>
  Number((await t.database.db.select({ v: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId))))[0]?.v ?? 0);

describe('opening stock import', () => {
  it('the template downloads from the contract’s path', async () => {
    const res = await admin.get('/api/inventory/download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('practice_code,sku,quantity,unit_cost,lot_number,expiry_date,reorder_point,par_level,location');
  });

  it('receives opening stock into lots through the ledger; importing again changes nothing; bad rows are listed', async () => {
    const csv = [
      'practice_code,sku,quantity,unit_cost,lot_number,expiry_date,reorder_point,par_level,location',
      `${practice.code.toLowerCase()},GLV-${stamp},250,,,,100,400,Cabinet A`,
      `${practice.code},ART-${stamp},40,0.95,L1,2027-06-30,,,`,
      `${practice.code},ART-${stamp},10,0.90,L2,46600,,,`,
      `${practice.code},ART-${stamp},5,,,,,,`,
      `NOPE,GLV-${stamp},1,,,,,,`,
      `${practice.code},NO-SUCH-SKU,1,,,,,,`,
      `${practice.code},GLV-${stamp},-3,,,,,,`,
      `${practice.code},ART-${stamp},40,0.95,L1,2027-06-30,,,`,
    ].join('\n');
    const job = await validated(admin, 'inventory', 'stock.csv', csv);
    expect(job).toMatchObject({ status: 'succeeded', stage: 'validate', valid_rows: 3, invalid_rows: 5 });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [5, 'lot_number'], [5, 'expiry_date'], [6, 'practice_code'], [7, 'sku'], [8, 'quantity'], [9, 'sku'],
    ]);
    expect(job.errors[2]!.message).toBe('No practice with the code “NOPE” that you may import into.');
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write' });
    expect(await onHand(practice.id, productIds[`GLV-${stamp}`]!)).toBe(250);
    expect(await onHand(practice.id, productIds[`ART-${stamp}`]!)).toBe(50);
    const artLots = await t.database.db.select().from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.productId, productIds[`ART-${stamp}`]!));
    expect(artLots.map((r) => [r.lots.lotNumber, r.lots.expiryDate, r.lots.unitCost]).sort()).toEqual([['L1', '2027-06-30', '0.9500'], ['L2', '2027-08-01', '0.9000']]);
    const [glv] = await t.database.db.select().from(inventories).where(eq(inventories.productId, productIds[`GLV-${stamp}`]!));
    expect(glv).toMatchObject({ reorderPoint: '100.0000', parLevel: '400.0000', location: 'Cabinet A' });

    const movements = (await t.database.db.select().from(stockMovements).where(eq(stockMovements.dentalPracticeId, practice.id))).length;
    const again = await validated(admin, 'inventory', 'stock.csv', csv);
    expect(await commit(admin, again.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write' });
    expect((await t.database.db.select().from(stockMovements).where(eq(stockMovements.dentalPracticeId, practice.id))).length).toBe(movements);

    // A count in a later file corrects the lot to what is on the shelf.
    const recount = await validated(admin, 'inventory', 'recount.csv', `practice_code,sku,quantity,lot_number,expiry_date\n${practice.code},ART-${stamp},32,L1,2027-06-30\n`);
    await commit(admin, recount.id, 'valid');
    expect(await onHand(practice.id, productIds[`ART-${stamp}`]!)).toBe(42);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('a manager imports only into their own practices: another practice is unknown', async () => {
    const manager = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const agent = new Agent(t.app);
    await agent.login(manager.email, manager.password);
    const job = await validated(agent, 'inventory', 'mine.csv', `practice_code,sku,quantity\n${practice.code},GLV-${stamp},250\n${other.code},GLV-${stamp},7\n`);
    expect(job).toMatchObject({ valid_rows: 1, invalid_rows: 1 });
    expect(job.errors[0]).toMatchObject({ row: 3, column: 'practice_code' });
    await commit(agent, job.id, 'valid');
    expect(await onHand(other.id, productIds[`GLV-${stamp}`]!)).toBe(0);
    const viewer = await createUser(t.database.db, { role: 'Viewer', practiceIds: [practice.id] });
    const v = new Agent(t.app);
    await v.login(viewer.email, viewer.password);
    expect((await v.get('/api/inventory/download')).statusCode).toBe(403);
  });
});

describe('procedure history import', () => {
  it('records history without touching today’s stock (items from the template, or listed), skips what is already there, and can consume on request', async () => {
    const before = await onHand(practice.id, productIds[`GLV-${stamp}`]!);
    const csv = [
      'practice_code,performed_at,procedure_code,template,status,provider,notes,items,consume_stock',
      `${practice.code},2026-03-14 09:30,${code.code},Exam kit ${stamp},completed,Dr Okafor,,,`,
      `${practice.code},2026-03-15,${code.code},,completed,,,GLV-${stamp}:3; ART-${stamp}:1,no`,
      `${practice.code},2026-03-16T10:00:00Z,${code.code},,completed,,,GLV-${stamp}:1,yes`,
      `${practice.code},yesterday,${code.code},,,,,,`,
      `${practice.code},2026-03-17,D0000X,,,,,,`,
      `${practice.code},2026-03-18,${code.code},,done,,,,`,
      `${practice.code},2026-03-19,${code.code},,,,,GLV-${stamp}*2,`,
      `${practice.code},2026-03-20,${code.code},No such kit,,,,,`,
    ].join('\n');
    const job = await validated(admin, 'procedure', 'history.csv', csv);
    expect(job).toMatchObject({ valid_rows: 3, invalid_rows: 5 });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([[5, 'performed_at'], [6, 'procedure_code'], [7, 'status'], [8, 'items'], [9, 'template']]);
    const done = await commit(admin, job.id, 'valid');
    expect(done).toMatchObject({ status: 'succeeded', stage: 'write', created: 3 });
    const recorded = await t.database.db.select().from(procedures).where(eq(procedures.dentalPracticeId, practice.id));
    expect(recorded.map((p) => p.performedAt.toISOString()).sort()).toEqual(['2026-03-14T09:30:00.000Z', '2026-03-15T12:00:00.000Z', '2026-03-16T10:00:00.000Z']);
    // Only the row that asked consumed stock.
    expect(await onHand(practice.id, productIds[`GLV-${stamp}`]!)).toBe(before - 1);
    const first = recorded.find((p) => p.provider === 'Dr Okafor')!;
    const detail = (await admin.get(`/api/procedure/${first.id}`)).json().data;
    expect(detail.items.map((i: { quantity: string; cost: string }) => [i.quantity, i.cost])).toEqual([['2.0000', '0.2000']]);

    const again = await validated(admin, 'procedure', 'history.csv', csv);
    expect((await commit(admin, again.id, 'valid')).created).toBe(0);
    expect((await t.database.db.select().from(procedures).where(eq(procedures.dentalPracticeId, practice.id))).length).toBe(3);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('consuming more than the stock holds stops the whole import with the product and shortfall', async () => {
    const job = await validated(admin, 'procedure', 'greedy.csv', `practice_code,performed_at,procedure_code,items,consume_stock\n${other.code},2026-04-01,${code.code},GLV-${stamp}:1,yes\n`);
    const done = await commit(admin, job.id, 'valid');
    expect(done.status).toBe('failed');
    expect(done.failure).toBe(`Not enough GLV-${stamp} in stock: 1 more needed (0 available).`);
    expect((await t.database.db.select().from(procedures).where(eq(procedures.dentalPracticeId, other.id))).length).toBe(0);
  });
});
