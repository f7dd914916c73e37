import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { stockProductSearchSchema } from '@enamel/contracts';
import { inventories, lots, practiceSettings, procedures, stockMovements } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { uid } from './ledgers.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

/** A parsed JSON answer. */
type Json = ReturnType<typeof JSON.parse>;


async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as Json;
}
const product = async (over: Record<string, unknown> = {}) =>
  ok(await admin.post('/api/product/create', { name: `Articaine ${uid()}`, sku: `ART-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true, ...over }), 201);
const receive = (practiceId: number, productId: number, quantity: string, lot: string, expiry: string, unitCost = '1.0000') =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost, lot_number: lot, expiry_date: expiry });
const onHand = async (practiceId: number, productId: number) => {
  const [row] = await t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return row ? Number(row.onHand) : 0;
};
/** The ledger's promise (what `npm run check:ledger` verifies): every lot and inventory equals the sum of its movements. */
async function ledgerAgrees() {
  expect(await findLedgerDifferences(t.database.db)).toEqual([]);
}
async function codeAndTemplate(items: Array<{ product_id: number; quantity: string }>) {
  const code = await ok(await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Composite, one surface', category: 'restorative' }), 201);
  const template = await ok(await admin.post('/api/procedure-template/create', { name: `Composite ${uid()}`, procedure_code_id: code.id, items }), 201);
  return { code, template };
}
const record = (practiceId: number, codeId: number, templateId: number | null, extra: Record<string, unknown> = {}) =>
  admin.post('/api/procedure/create', { dental_practice_id: practiceId, procedure_code_id: codeId, procedure_template_id: templateId, performed_at: '2026-11-20T10:30:00Z', status: 'completed', ...extra });

describe('receiving and lots', () => {
  it('receives into lots by number and expiry, in usage or purchase units, and refuses a tracked product without lot or expiry', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    await ok(await receive(practice.id, p.id, '10', 'A1', '2027-01-31'));
    await ok(await receive(practice.id, p.id, '5', 'A1', '2027-01-31'));
    const boxes = await ok(await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '2', unit: 'purchase', lot_number: 'B2', expiry_date: '2027-06-30' }));
    expect(boxes.on_hand).toBe('115.0000');
    expect(boxes.lots.map((l: Json) => [l.lot_number, l.quantity])).toEqual([['A1', '15.0000'], ['B2', '100.0000']]);
    // The product's own unit cost when none is given: 50.00 / 50.
    expect(boxes.lots[1].unit_cost).toBe('1.0000');
    const noLot = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '1', expiry_date: '2027-01-31' });
    expect(noLot.statusCode).toBe(422);
    expect(noLot.json().errors.lot_number).toEqual(['This product tracks lots: enter the lot number.']);
    const noExpiry = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '1', lot_number: 'X' });
    expect(noExpiry.json().errors.expiry_date).toEqual(['This product tracks lots: enter the expiry date.']);
    for (const [body, field] of [[{ quantity: '0' }, 'quantity'], [{ quantity: '-3' }, 'quantity'], [{ quantity: 'ten' }, 'quantity'], [{ expiry_date: '31/01/2027' }, 'expiry_date']] as const) {
      const res = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '1', lot_number: 'L', expiry_date: '2027-01-01', ...body });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await onHand(practice.id, p.id)).toBe(115);
    await ledgerAgrees();
  });
});

describe('the stock product picker', () => {
  it('finds products with what the practice has on hand, a scanned barcode by its GTIN with lot and expiry, as the contract says', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const stocked = await product({ name: `Articaine stocked ${uid()}`, gtin: '04150000021126' });
    const unstocked = await product({ name: `Articaine unstocked ${uid()}` });
    const inv = await ok(await receive(practice.id, stocked.id, '12', 'A1', '2027-01-31'));
    await ok(await receive(other.id, unstocked.id, '3', 'O1', '2027-01-31'));
    const search = async (q: string) => {
      const res = await admin.get(`/api/inventory/product/search?dental_practice_id=${practice.id}&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return stockProductSearchSchema.parse(res.json());
    };
    const byName = await search(stocked.name.slice(0, 20));
    expect(byName.barcode).toBeNull();
    expect(byName.data.find((h) => h.id === stocked.id)).toMatchObject({ sku: stocked.sku, on_hand: '12.0000', inventory_id: inv.id, tracks_lots: true, status: 'active' });
    // Another practice's stock is not this one's: 0 on hand, no inventory.
    expect((await search(unstocked.sku)).data).toEqual([expect.objectContaining({ id: unstocked.id, on_hand: '0', inventory_id: null })]);
    const scan = await search(']d2010415000002112617270630\x1d10LOT-77');
    expect(scan.data.map((h) => h.id)).toEqual([stocked.id]);
    expect(scan.barcode).toEqual({ gtin: '04150000021126', lot: 'LOT-77', expiry: '2027-06-30', serial: null });
    expect((await admin.get(`/api/inventory/product/search?dental_practice_id=${practice.id}&limit=51`)).statusCode).toBe(422);
  });
});

describe('procedures consume stock', () => {
  it('consumes earliest-expiring lots first, captures cost, and the detail shows the lots used', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    await ok(await receive(practice.id, p.id, '3', 'LATE', '2028-01-01', '2.0000'));
    await ok(await receive(practice.id, p.id, '2', 'EARLY', '2027-01-01', '1.0000'));
    const { code, template } = await codeAndTemplate([{ product_id: p.id, quantity: '3' }]);
    const proc = await ok(await record(practice.id, code.id, template.id), 201);
    // 2 from EARLY at 1.00, then 1 from LATE at 2.00.
    expect(proc.items[0].lots.map((l: Json) => [l.lot_number, l.quantity])).toEqual([['EARLY', '2.0000'], ['LATE', '1.0000']]);
    expect(proc.consumable_cost).toBe('4.0000');
    expect(await onHand(practice.id, p.id)).toBe(2);
    const list = (await admin.get(`/api/admin/list/procedures?dental_practice_id=${practice.id}`)).json().data;
    expect(list[0]).toMatchObject({ id: proc.id, consumable_cost: '4.0000', status: 'completed', procedure_code: code.code });
    await ledgerAgrees();
  });

  it('planned consumes nothing until completed; editing items and deleting write compensating movements', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    await ok(await receive(practice.id, p.id, '10', 'L1', '2027-03-01'));
    const { code, template } = await codeAndTemplate([{ product_id: p.id, quantity: '2' }]);
    const planned = await ok(await record(practice.id, code.id, template.id, { status: 'planned' }), 201);
    expect(await onHand(practice.id, p.id)).toBe(10);
    const body = { dental_practice_id: practice.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-11-21T09:00:00Z' };
    await ok(await admin.post(`/api/procedure/update/${planned.id}`, { ...body, status: 'completed' }));
    expect(await onHand(practice.id, p.id)).toBe(8);
    const item = (await ok(await admin.get(`/api/procedure/${planned.id}`))).items[0];
    await ok(await admin.post(`/api/procedure/update/procedure-item/${item.id}`, { quantity: '5' }));
    expect(await onHand(practice.id, p.id)).toBe(5);
    await ok(await admin.post(`/api/procedure/update/procedure-item/${item.id}`, { quantity: '1' }));
    expect(await onHand(practice.id, p.id)).toBe(9);
    const other = await product();
    await ok(await receive(practice.id, other.id, '4', 'O1', '2027-03-01'));
    await ok(await admin.post(`/api/procedure/update/${planned.id}`, { ...body, status: 'completed', items: [{ product_id: other.id, quantity: '3' }] }));
    expect([await onHand(practice.id, p.id), await onHand(practice.id, other.id)]).toEqual([10, 1]);
    expect((await admin.post(`/api/procedure/delete/${planned.id}`)).statusCode).toBe(204);
    expect([await onHand(practice.id, p.id), await onHand(practice.id, other.id)]).toEqual([10, 4]);
    expect((await admin.get(`/api/procedure/${planned.id}`)).statusCode).toBe(404);
    const moves = await t.database.db.select({ type: stockMovements.type, quantity: stockMovements.quantity }).from(stockMovements).where(eq(stockMovements.productId, other.id));
    expect(moves.map((m: Json) => [m.type, Number(m.quantity)])).toEqual([['receive', 4], ['consume', -3], ['consume', 3]]);
    await ledgerAgrees();
  });

  it('a consumption that would go below zero is a 409 naming the product and shortfall, and writes nothing — unless the practice allows it', async () => {
    const practice = await createPractice(t.database.db);
    const plenty = await product();
    const scarce = await product({ name: `Bonding agent ${uid()}` });
    await ok(await receive(practice.id, plenty.id, '10', 'P1', '2027-03-01'));
    await ok(await receive(practice.id, scarce.id, '1', 'S1', '2027-03-01'));
    const { code, template } = await codeAndTemplate([{ product_id: plenty.id, quantity: '2' }, { product_id: scarce.id, quantity: '3' }]);
    const before = (await t.database.db.select({ n: count() }).from(stockMovements))[0]!.n;
    const refused = await record(practice.id, code.id, template.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Not enough ${scarce.name} in stock: 2 more needed (1 available).`);
    // The first item had already been consumed inside the transaction: all of it rolled back.
    expect([await onHand(practice.id, plenty.id), await onHand(practice.id, scarce.id)]).toEqual([10, 1]);
    expect((await t.database.db.select({ n: count() }).from(stockMovements))[0]!.n).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practice.id)))[0]!.n).toBe(0);

    await t.database.db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true });
    await ok(await record(practice.id, code.id, template.id), 201);
    expect(await onHand(practice.id, scarce.id)).toBe(-2);
    await ledgerAgrees();
  });

  it('refuses a template of another code, unknown products, duplicates and bad dates, writing nothing', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const { code, template } = await codeAndTemplate([{ product_id: p.id, quantity: '1' }]);
    const { code: other } = await codeAndTemplate([{ product_id: p.id, quantity: '1' }]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ procedure_code_id: other.id }, 'procedure_template_id'],
      [{ items: [{ product_id: 999999, quantity: '1' }] }, 'items.0.product_id'],
      [{ items: [{ product_id: p.id, quantity: '1' }, { product_id: p.id, quantity: '2' }] }, 'items.1.product_id'],
      [{ items: [{ product_id: p.id, quantity: '0' }] }, 'items.0.quantity'],
      [{ performed_at: 'yesterday' }, 'performed_at'],
      [{ status: 'cancelled' }, 'status'],
      [{ procedure_code_id: 999999 }, 'procedure_code_id'],
    ];
    for (const [over, field] of cases) {
      const res = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-11-20T10:30:00Z', status: 'planned', ...over });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect((await t.database.db.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practice.id)))[0]!.n).toBe(0);
  });
});

describe('counts, transfers and write-offs', () => {
  it('a count corrects a lot with a reason; a transfer moves the same lots to the other practice; an expired lot is written off', async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const p = await product();
    const received = await ok(await receive(a.id, p.id, '10', 'T1', '2027-02-01', '1.5000'));
    const lotId = received.lots[0].id;
    const noReason = await admin.post('/api/inventory/adjust', { dental_practice_id: a.id, product_id: p.id, lot_id: lotId, counted: '8' });
    expect(noReason.json().errors.reason).toEqual(['This field is required.']);
    const counted = await ok(await admin.post('/api/inventory/adjust', { dental_practice_id: a.id, product_id: p.id, lot_id: lotId, counted: '8', reason: 'Monthly count' }));
    expect(counted.on_hand).toBe('8.0000');

    const moved = await ok(await admin.post('/api/inventory/transfer', { dental_practice_id: a.id, to_dental_practice_id: b.id, product_id: p.id, quantity: '3' }));
    expect(moved.on_hand).toBe('5.0000');
    const there = await ok(await admin.get(`/api/admin/list/inventories?dental_practice_id=${b.id}`).then((r) => ({ statusCode: r.statusCode, body: r.body, json: () => ({ data: r.json().data[0] }) })));
    expect(there).toMatchObject({ on_hand: '3.0000', product_id: p.id });
    const bLots = await t.database.db.select().from(lots).innerJoin(inventories, eq(inventories.id, lots.inventoryId)).where(eq(inventories.dentalPracticeId, b.id));
    expect(bLots.map((r) => [r.lots.lotNumber, r.lots.expiryDate, r.lots.unitCost])).toEqual([['T1', '2027-02-01', '1.5000']]);
    const tooMuch = await admin.post('/api/inventory/transfer', { dental_practice_id: a.id, to_dental_practice_id: b.id, product_id: p.id, quantity: '50' });
    expect(tooMuch.statusCode).toBe(409);
    expect((await admin.post('/api/inventory/transfer', { dental_practice_id: a.id, to_dental_practice_id: a.id, product_id: p.id, quantity: '1' })).json().errors.to_dental_practice_id).toBeDefined();

    const written = await ok(await admin.post('/api/inventory/write-off', { dental_practice_id: a.id, lot_id: lotId, type: 'expire', reason: 'Expired' }));
    expect(written.on_hand).toBe('0.0000');
    expect(written.movements.map((m: Json) => m.type)).toEqual(['expire', 'transfer_out', 'adjust', 'receive']);
    await ledgerAgrees();
  });

  it('lists stock status: out, low, expiring, ok', async () => {
    const practice = await createPractice(t.database.db);
    const low = await product();
    const soon = await product();
    const fine = await product();
    const empty = await product();
    await ok(await receive(practice.id, low.id, '2', 'L', '2030-01-01'));
    await ok(await receive(practice.id, soon.id, '50', 'S', new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)));
    await ok(await receive(practice.id, fine.id, '50', 'F', '2030-01-01'));
    await ok(await admin.post('/api/inventory/add', { dental_practice_id: practice.id, product_id: empty.id, reorder_point: '5', par_level: '20' }), 201);
    const inv = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}`)).json().data as Json[];
    const lowRow = inv.find((r) => r.product_id === low.id);
    await ok(await admin.post(`/api/inventory/update/${lowRow.id}`, { reorder_point: '5', par_level: '20', location: 'Cabinet B' }));
    const rows = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}`)).json().data as Json[];
    const status = Object.fromEntries(rows.map((r) => [r.product_id, r.stock_status]));
    expect([status[low.id], status[soon.id], status[fine.id], status[empty.id]]).toEqual(['low', 'expiring', 'ok', 'out']);
    const filtered = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}&column_filters=${encodeURIComponent(JSON.stringify([{ field: 'stock_status', condition: 'equal', value: 'low' }]))}`)).json().data;
    expect(filtered.map((r: Json) => r.product_id)).toEqual([low.id]);
    expect((await admin.post('/api/inventory/add', { dental_practice_id: practice.id, product_id: empty.id })).statusCode).toBe(409);
  });
});

describe('the ledger check', () => {
  it('reports a stock level or lot that no longer equals the sum of its movements', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const received = await ok(await receive(practice.id, p.id, '6', 'K1', '2027-01-01'));
    await ledgerAgrees();
    // Someone edits the table behind the ledger's back.
    await t.database.db.update(lots).set({ quantity: '9' }).where(eq(lots.id, received.lots[0].id));
    await t.database.db.update(inventories).set({ onHand: '9' }).where(eq(inventories.id, received.id));
    const found = await findLedgerDifferences(t.database.db);
    expect(found.map((d) => [d.product_id, d.scope, d.lot_number, Number(d.recorded), Number(d.movements)])).toEqual([
      [p.id, 'inventory', null, 9, 6],
      [p.id, 'lot', 'K1', 9, 6],
    ]);
    await t.database.db.update(lots).set({ quantity: '6' }).where(eq(lots.id, received.lots[0].id));
    await t.database.db.update(inventories).set({ onHand: '6' }).where(eq(inventories.id, received.id));
    await ledgerAgrees();
  });
});

describe('practice isolation', () => {
  it('a user of practice A can neither read nor change practice B’s stock or procedures, even by guessed ids', async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const p = await product();
    const bInv = await ok(await receive(b.id, p.id, '5', 'B1', '2027-01-01'));
    const { code, template } = await codeAndTemplate([{ product_id: p.id, quantity: '1' }]);
    const bProc = await ok(await record(b.id, code.id, template.id), 201);
    const staff = await createUser(t.database.db, { role: 'Clinical Staff', practiceIds: [a.id] });
    const agent = new Agent(t.app);
    await agent.login(staff.email, staff.password);
    expect((await agent.get(`/api/admin/list/inventories?dental_practice_id=${a.id}`)).statusCode).toBe(200);
    expect((await agent.get(`/api/admin/list/inventories?dental_practice_id=${b.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/admin/list/procedures?dental_practice_id=${b.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/inventory/${bInv.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/inventory?id=${bInv.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/procedure/${bProc.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/procedure-detail?id=${bProc.id}`)).statusCode).toBe(404);
    expect((await agent.post(`/api/procedure/delete/${bProc.id}`)).statusCode).toBe(403);
    expect((await agent.post(`/api/procedure/update/procedure-item/${bProc.items[0].id}`, { quantity: '2' })).statusCode).toBe(404);
    expect((await agent.post('/api/inventory/receive', { dental_practice_id: b.id, product_id: p.id, quantity: '1', lot_number: 'X', expiry_date: '2027-01-01' })).statusCode).toBe(404);
    expect((await agent.post('/api/procedure/create', { dental_practice_id: b.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:30:00Z' })).statusCode).toBe(404);
    expect((await agent.post('/api/inventory/write-off', { dental_practice_id: a.id, lot_id: bInv.lots[0].id, type: 'waste' })).statusCode).toBe(404);
    expect((await agent.post('/api/inventory/transfer', { dental_practice_id: a.id, to_dental_practice_id: b.id, product_id: p.id, quantity: '1' })).statusCode).toBe(404);
    expect((await agent.get(`/api/admin/list/stock-movements?dental_practice_id=${b.id}`)).statusCode).toBe(404);
    expect(await onHand(b.id, p.id)).toBe(4);
    // Clinical staff record procedures in their own practice.
    await agent.post('/api/inventory/receive', { dental_practice_id: a.id, product_id: p.id, quantity: '3', lot_number: 'A1', expiry_date: '2027-01-01' });
    expect((await agent.post('/api/procedure/create', { dental_practice_id: a.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-11-20T10:30:00Z' })).statusCode).toBe(201);
    expect(await onHand(a.id, p.id)).toBe(2);
  });
});
