import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, dayIn } from '@enamel/contracts';
import { inventories, practiceSettings, purchaseOrderLines, stockMovements, supplierOffers, suppliers } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const CONCURRENT = 10;
const app = listeningAppWithAdmin();

describe('concurrent receipts of one purchase order line', () => {
  it(`${CONCURRENT} receipts fired at once over HTTP never receive more than ordered (plus tolerance), and the ledger agrees`, async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, overReceiptTolerance: '0' });
    const [supplier] = await db.insert(suppliers).values({ name: `Concurrent Dental ${uid()}`, email: 'orders@concurrent.test', currency: practice.currency }).returning();
    const product = (await app.admin.post('/api/product/create', { name: 'Impression trays', sku: `TRAY-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '20.00', tracks_lots: true })).json().data;
    const [offer] = await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: product.id, purchaseUnit: 'box', unitsPerPurchaseUnit: '10', price: '18.0000' }).returning();
    const created = await app.admin.post('/api/purchase-orders', { dental_practice_id: practice.id, supplier_id: supplier!.id, lines: [{ product_id: product.id, supplier_offer_id: offer!.id, quantity: '10' }] });
    expect(created.statusCode, created.body).toBe(201);
    const po = created.json().data;
    expect((await app.admin.post(`/api/purchase-orders/${po.id}/send`)).statusCode).toBe(200);

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    // Each receipt is 3 boxes of a 10-box line: exactly three fit.
    const body = (i: number) => JSON.stringify({ lines: [{ line_id: po.lines[0].id, quantity: '3', lot_number: `C${i}`, expiry_date: addDays(dayIn('UTC'), 300) }] });
    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => fetch(`${app.base}/api/purchase-orders/${po.id}/receive`, { method: 'POST', headers, body: body(i) }).then((r) => r.status)));

    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(CONCURRENT - 3);
    const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, po.lines[0].id));
    expect(line!.receivedQuantity).toBe('9.0000');
    const [sums] = await db.select({ total: sql<string>`sum(${stockMovements.quantity})` }).from(stockMovements).where(eq(stockMovements.purchaseOrderLineId, po.lines[0].id));
    expect(Number(sums!.total)).toBe(90);
    const [inventory] = await db.select().from(inventories).where(eq(inventories.productId, product.id));
    expect(Number(inventory!.onHand)).toBe(90);
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 120_000);
});
