import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inventories, lots, stockMovements } from '@enamel/db';
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
