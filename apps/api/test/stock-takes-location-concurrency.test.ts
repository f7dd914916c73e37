import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stockMovements, stockTakeCounts, stockTakeLines } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

/** A location's stock take (docs/stock-takes.md#one-location) written by several people at the same moment, over HTTP. */
const CONCURRENT = 6;
const app = listeningAppWithAdmin();

describe('a stock take of one location, at the same moment', () => {
  it(`${CONCURRENT} counts of a product not on it make one line; ${CONCURRENT} approvals write one set of adjustments, at the location`, async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    const product = async () => (await app.admin.post('/api/product/create', { name: `Bibs ${uid()}`, sku: `BIB-${uid()}`, usage_unit: 'pack', purchase_unit: 'pack', units_per_purchase_unit: 1, purchase_price: '2.00' })).json().data;
    const [here, elsewhere] = [await product(), await product()];
    const op = (await app.admin.post('/api/storage-location/create', { dental_practice_id: practice.id, name: 'Operatory 1', kind: 'operatory' })).json().data;
    expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: here.id, quantity: '20', unit_cost: '2.0000', location_id: op.id })).statusCode).toBe(200);
    expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: elsewhere.id, quantity: '5', unit_cost: '2.0000' })).statusCode).toBe(200);
    const started = await app.admin.post('/api/stock-takes', { dental_practice_id: practice.id, kind: 'location', location_id: op.id });
    expect(started.statusCode, started.body).toBe(201);
    const take = started.json().data;

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const post = (path: string, body: unknown) => fetch(`${app.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.status);
    const counts = await Promise.all(Array.from({ length: CONCURRENT }, () => post(`/api/stock-takes/${take.id}/counts`, { product_id: elsewhere.id, quantity: '1' })));
    expect(counts).toEqual(Array(CONCURRENT).fill(200));
    const lines = await db.select().from(stockTakeLines).where(and(eq(stockTakeLines.stockTakeId, take.id), eq(stockTakeLines.productId, elsewhere.id)));
    expect(lines).toHaveLength(1);
    expect(await db.select().from(stockTakeCounts).where(eq(stockTakeCounts.stockTakeLineId, lines[0]!.id))).toHaveLength(CONCURRENT);
    expect(await post(`/api/stock-takes/${take.id}/counts`, { product_id: here.id, quantity: '17' })).toBe(200);

    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, () => post(`/api/stock-takes/${take.id}/approve`, {})));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 1);
    const adjusts = await db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts.map((m) => [m.productId, m.quantity, m.locationId]).sort()).toEqual([[elsewhere.id, '1.0000', op.id], [here.id, '-3.0000', op.id]].sort());
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 120_000);
});
