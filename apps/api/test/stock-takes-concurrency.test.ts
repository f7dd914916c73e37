import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inventories, stockMovements } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const CONCURRENT = 6;
const app = listeningAppWithAdmin();

describe('concurrent approvals of one stock take', () => {
  it(`${CONCURRENT} approvals fired at once over HTTP write one set of adjustments`, async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    const product = (await app.admin.post('/api/product/create', { name: `Bibs ${uid()}`, sku: `BIB-${uid()}`, usage_unit: 'pack', purchase_unit: 'pack', units_per_purchase_unit: 1, purchase_price: '2.00' })).json().data;
    expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '20', unit_cost: '2.0000' })).statusCode).toBe(200);
    const started = await app.admin.post('/api/stock-takes', { dental_practice_id: practice.id, kind: 'all' });
    expect(started.statusCode, started.body).toBe(201);
    const take = started.json().data;
    const staff = await createUser(db, { role: 'Clinical Staff', practiceIds: [practice.id] });
    const counter = new Agent(app.t.app);
    await counter.login(staff.email, staff.password);
    expect((await counter.post(`/api/stock-takes/${take.id}/counts`, { product_id: product.id, quantity: '17' })).statusCode).toBe(200);

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, () => fetch(`${app.base}/api/stock-takes/${take.id}/approve`, { method: 'POST', headers, body: '{}' }).then((r) => r.status)));

    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 1);
    const adjusts = await db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts.map((m) => m.quantity)).toEqual(['-3.0000']);
    const [inventory] = await db.select().from(inventories).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, product.id)));
    expect(Number(inventory!.onHand)).toBe(17);
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 120_000);
});
