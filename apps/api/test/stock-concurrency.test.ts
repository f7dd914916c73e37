import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { inventories, lots, practiceSettings, procedureItems, stockMovements, stockOutDays } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { createPractice } from './factories.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const CONCURRENT = 200;
const app = listeningAppWithAdmin();

describe('concurrent procedures on one product', () => {
  it(`${CONCURRENT} completions fired at once over HTTP lose no update, never take a lot below zero, and the ledger sums equal the stock`, async () => {
    const practice = await createPractice(app.t.database.db);
    const product = (await app.admin.post('/api/product/create', { name: 'Prophy cups', sku: `CUP-${Date.now()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '20.00', tracks_lots: true })).json().data;
    // 250 in three lots; each procedure takes 2, so exactly 125 of 200 can be served.
    for (const [lot, expiry, quantity] of [['C', '2028-03-01', '100'], ['A', '2027-01-01', '70'], ['B', '2027-06-01', '80']] as const) {
      const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity, lot_number: lot, expiry_date: expiry });
      expect(res.statusCode, res.body).toBe(200);
    }
    const code = (await app.admin.post('/api/procedure-code/create', { code: `D1${Date.now()}`.slice(0, 16), name: 'Prophylaxis, adult', category: 'preventive' })).json().data;

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const body = JSON.stringify({ dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed', items: [{ product_id: product.id, quantity: '2' }] });
    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, () => fetch(`${app.base}/api/procedure/create`, { method: 'POST', headers, body }).then((r) => r.status)));

    const served = statuses.filter((s) => s === 201).length;
    expect(served).toBe(125);
    expect(statuses.filter((s) => s === 409).length).toBe(CONCURRENT - 125);
    const db = app.t.database.db;
    const [inventory] = await db.select().from(inventories).where(eq(inventories.productId, product.id));
    expect(Number(inventory!.onHand)).toBe(250 - 2 * served);
    const lotRows = await db.select().from(lots).where(eq(lots.inventoryId, inventory!.id));
    expect(lotRows.every((l) => Number(l.quantity) >= 0)).toBe(true);
    const [sums] = await db.select({ total: sql<string>`sum(${stockMovements.quantity})`, consumed: sql<string>`sum(case when ${stockMovements.type} = 'consume' then ${stockMovements.quantity} else 0 end)` }).from(stockMovements).where(eq(stockMovements.inventoryId, inventory!.id));
    expect(Number(sums!.total)).toBe(Number(inventory!.onHand));
    expect(Number(sums!.consumed)).toBe(-2 * served);
    for (const lot of lotRows) {
      const [m] = await db.select({ total: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)` }).from(stockMovements).where(eq(stockMovements.lotId, lot.id));
      expect(Number(m!.total), `lot ${lot.lotNumber}`).toBe(Number(lot.quantity));
    }
  }, 180_000);
});

/** The ledger takes a procedure's items in one batch; these pin what it writes and that concurrent batches stay exact. */
describe('a completion of several products', () => {
  const product = async (name: string, tracksLots: boolean) =>
    (await app.admin.post('/api/product/create', { name, sku: `${name.slice(0, 4).toUpperCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '12.00', tracks_lots: tracksLots })).json().data;
  const receive = async (practiceId: number, productId: number, quantity: string, unitCost: string, lot?: string, expiry?: string) => {
    const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost, ...(lot ? { lot_number: lot, expiry_date: expiry } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const code = async () => (await app.admin.post('/api/procedure-code/create', { code: `D9${Date.now()}`.slice(0, 16), name: 'Restoration', category: 'restorative' })).json().data;

  it('writes the movements of FEFO item by item: the same lots, quantities and costs; a short item goes below zero on the running lot when allowed', async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true });
    const composite = await product('Composite', true);
    const gloves = await product('Gloves', false);
    const etch = await product('Etch', true);
    await receive(practice.id, composite.id, '3', '1.0000', 'A1', '2027-06-01');
    await receive(practice.id, composite.id, '2', '2.0000', 'A2', '2027-01-01');
    await receive(practice.id, composite.id, '10', '1.5000', 'A3', '2028-01-01');
    await receive(practice.id, gloves.id, '5', '0.5000');
    await receive(practice.id, etch.id, '1', '3.0000', 'C1', '2027-03-01');
    const res = await app.admin.post('/api/procedure/create', {
      dental_practice_id: practice.id, procedure_code_id: (await code()).id, performed_at: '2026-11-20T10:00:00Z', status: 'completed',
      items: [{ product_id: etch.id, quantity: '4' }, { product_id: composite.id, quantity: '6' }, { product_id: gloves.id, quantity: '2' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const procedureId = res.json().data.id;
    const moved = await db
      .select({ productId: stockMovements.productId, lot: lots.lotNumber, quantity: stockMovements.quantity, unitCost: stockMovements.unitCost, itemProduct: procedureItems.productId })
      .from(stockMovements)
      .innerJoin(lots, eq(lots.id, stockMovements.lotId))
      .innerJoin(procedureItems, eq(procedureItems.id, stockMovements.procedureItemId))
      .where(eq(stockMovements.procedureId, procedureId))
      .orderBy(asc(stockMovements.id));
    // Products in id order; each one's lots FEFO (earliest expiry first); Etch's missing 3 on a new running lot at the catalog's unit cost (12.00 / 10).
    expect(moved.map((m) => [m.productId, m.lot, m.quantity, m.unitCost, m.itemProduct])).toEqual([
      [composite.id, 'A2', '-2.0000', '2.0000', composite.id],
      [composite.id, 'A1', '-3.0000', '1.0000', composite.id],
      [composite.id, 'A3', '-1.0000', '1.5000', composite.id],
      [gloves.id, null, '-2.0000', '0.5000', gloves.id],
      [etch.id, 'C1', '-1.0000', '3.0000', etch.id],
      [etch.id, null, '-3.0000', '1.2000', etch.id],
    ]);
    const items = await db.select({ productId: procedureItems.productId, cost: procedureItems.cost }).from(procedureItems).where(eq(procedureItems.procedureId, procedureId)).orderBy(asc(procedureItems.productId));
    expect(items.map((i) => i.cost)).toEqual(['8.5000', '1.0000', '6.6000']);
    const onHand = await db.select({ productId: inventories.productId, onHand: inventories.onHand }).from(inventories).where(eq(inventories.dentalPracticeId, practice.id)).orderBy(asc(inventories.productId));
    expect(onHand.map((i) => i.onHand)).toEqual(['9.0000', '3.0000', '-3.0000']);
    const short = await db.select({ productId: stockOutDays.productId, short: stockOutDays.shortQuantity, day: stockOutDays.day }).from(stockOutDays).where(eq(stockOutDays.dentalPracticeId, practice.id));
    expect(short).toEqual([{ productId: etch.id, short: '3.0000', day: '2026-11-20' }]);
    expect(await findLedgerDifferences(db)).toEqual([]);

    // Deleting it gives back exactly the same lots and costs.
    expect((await app.admin.post(`/api/procedure/delete/${procedureId}`, {})).statusCode).toBe(204);
    const after = await db.select({ productId: inventories.productId, onHand: inventories.onHand }).from(inventories).where(eq(inventories.dentalPracticeId, practice.id)).orderBy(asc(inventories.productId));
    expect(after.map((i) => i.onHand)).toEqual(['15.0000', '5.0000', '1.0000']);
    expect(await findLedgerDifferences(db)).toEqual([]);
  });

  it('completions of the same products fired at once, inventories created by the first of them, stay exact and never deadlock', async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true });
    const [a, b, c] = [await product('Bur', true), await product('Bib', false), await product('Floss', false)];
    await receive(practice.id, a!.id, '20', '1.0000', 'B1', '2027-05-01');
    await receive(practice.id, a!.id, '20', '1.0000', 'B2', '2027-02-01');
    await receive(practice.id, b!.id, '30', '0.1000');
    // c has no inventory yet: the completions create it together and take it below zero.
    const procedureCode = await code();
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const lines = [{ product_id: c!.id, quantity: '1' }, { product_id: a!.id, quantity: '3' }, { product_id: b!.id, quantity: '2' }];
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const items = i % 2 ? lines : [...lines].reverse();
        const body = JSON.stringify({ dental_practice_id: practice.id, procedure_code_id: procedureCode.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed', items });
        return fetch(`${app.base}/api/procedure/create`, { method: 'POST', headers, body }).then((r) => r.status);
      }),
    );
    expect(statuses.every((s) => s === 201), statuses.join(',')).toBe(true);
    const onHand = await db.select({ productId: inventories.productId, onHand: inventories.onHand }).from(inventories).where(eq(inventories.dentalPracticeId, practice.id)).orderBy(asc(inventories.productId));
    // a: 40 − 90 (the last 50 below zero on its running lot); b: 30 − 60; c: −30.
    expect(onHand.map((i) => i.onHand)).toEqual(['-50.0000', '-30.0000', '-30.0000']);
    const lotRows = await db.select({ lot: lots.lotNumber, quantity: lots.quantity }).from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.productId, a!.id)).orderBy(asc(lots.id));
    expect(lotRows).toEqual([{ lot: 'B1', quantity: '0.0000' }, { lot: 'B2', quantity: '0.0000' }, { lot: null, quantity: '-50.0000' }]);
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 180_000);

  it('first uses of overlapping sets of products, fired at once with receipts that create some of them meanwhile, all succeed exactly', async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true });
    const pool: Array<{ id: number }> = [];
    for (const name of ['Gauze', 'Swab', 'Cotton roll', 'Saliva ejector', 'Mirror sleeve', 'Tray cover']) pool.push(await product(name, false));
    const procedureCode = await code();
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    // None of the six has an inventory in the practice: each completion takes 2–4 of them (overlapping sets, both
    // orders), and receipts of three of them (each creating its inventory) land in between.
    const sets = Array.from({ length: 36 }, (_, i) => pool.filter((_, k) => (i + k) % 3 !== 0 || k === i % 6).slice(0, 2 + (i % 3)));
    const uses = new Map<number, number>();
    const requests = sets.map((set, i) => {
      for (const p of set) uses.set(p.id, (uses.get(p.id) ?? 0) + 1);
      const items = (i % 2 ? set : [...set].reverse()).map((p) => ({ product_id: p.id, quantity: '1' }));
      const body = JSON.stringify({ dental_practice_id: practice.id, procedure_code_id: procedureCode.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed', items });
      return () => fetch(`${app.base}/api/procedure/create`, { method: 'POST', headers, body }).then((r) => r.status);
    });
    const receipts = [pool[1]!, pool[3]!, pool[5]!].map((p) => () => app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '10', unit_cost: '1.0000' }).then((r) => r.statusCode));
    const statuses = await Promise.all([...requests.slice(0, 12), ...receipts, ...requests.slice(12)].map((send) => send()));
    expect(statuses.every((s) => s === 201 || s === 200), statuses.join(',')).toBe(true);
    const onHand = await db.select({ productId: inventories.productId, onHand: inventories.onHand }).from(inventories).where(eq(inventories.dentalPracticeId, practice.id)).orderBy(asc(inventories.productId));
    const received = new Set([pool[1]!.id, pool[3]!.id, pool[5]!.id]);
    expect(onHand).toEqual(pool.filter((p) => uses.has(p.id) || received.has(p.id)).map((p) => ({ productId: p.id, onHand: `${(received.has(p.id) ? 10 : 0) - (uses.get(p.id) ?? 0)}.0000` })));
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 180_000);
});
