import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inventories, lots, storageLocations } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const CONCURRENT = 8;
const app = listeningAppWithAdmin();

describe('concurrent restocks from one main store', () => {
  it(`${CONCURRENT} restocks fired at once over HTTP never take the main store below zero, and move exactly what it held`, async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    const product = (await app.admin.post('/api/product/create', { name: `Gauze ${uid()}`, sku: `GZ-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00', tracks_lots: true })).json().data;
    // 12 in the main store, in two lots; each restock brings 3, so exactly 4 of 8 can be served.
    for (const [lot, expiry, quantity] of [['B', '2031-01-01', '7'], ['A', '2030-01-01', '5']] as const) {
      const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity, unit_cost: '0.5000', lot_number: lot, expiry_date: expiry });
      expect(res.statusCode, res.body).toBe(200);
    }
    const ops: number[] = [];
    for (const name of ['Operatory 1', 'Operatory 2']) {
      const res = await app.admin.post('/api/storage-location/create', { dental_practice_id: practice.id, name, kind: 'operatory' });
      expect(res.statusCode, res.body).toBe(201);
      ops.push(res.json().data.id as number);
    }
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const body = (i: number) => JSON.stringify({ dental_practice_id: practice.id, location_id: ops[i % 2], lines: [{ product_id: product.id, quantity: '3' }] });
    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => fetch(`${app.base}/api/restock`, { method: 'POST', headers, body: body(i) }).then((r) => r.status)));

    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 4);
    const [inventory] = await db.select().from(inventories).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, product.id)));
    expect(Number(inventory!.onHand)).toBe(12);
    const [main] = await db.select().from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practice.id), eq(storageLocations.isMain, true)));
    const held = async (locationIds: number[]) =>
      Number((await db.select({ total: sql<string>`coalesce(sum(${lots.quantity}), 0)` }).from(lots).where(and(eq(lots.inventoryId, inventory!.id), inArray(lots.locationId, locationIds))))[0]!.total);
    const lotRows = await db.select().from(lots).where(eq(lots.inventoryId, inventory!.id));
    expect(lotRows.every((l) => Number(l.quantity) >= 0)).toBe(true);
    expect(await held([main!.id])).toBe(0);
    expect(await held(ops)).toBe(12);
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 120_000);
});
