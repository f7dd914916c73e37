import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { purchaseOrderLines, purchaseOrders, stockOutDays, suppliers, inventories, practiceSettings } from '@enamel/db';
import { budgetImpact } from '../src/features/stock/index.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Supply spend against the monthly budget (PRODUCT.md §10): received value of the month in the practice's zone,
 * plus what is sent and not received where the order's currency is the practice's; other currencies listed apart.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Spend = {
  month: string;
  budget: string | null;
  received: string;
  committed: string;
  remaining: string | null;
  committed_other: Array<{ currency: string; committed: string }>;
  months: Array<{ month: string; received: string }>;
  stock_outs: { days: number; products: number };
};

async function spend(practiceId: number, date?: string, agent = admin) {
  const res = await agent.get(`/api/admin/dashboard/supply-spend-data?dental_practice_id=${practiceId}${date ? `&forecast_date=${date}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Spend; meta: { currency: string } }>();
}

async function product() {
  const res = await admin.post('/api/product/create', { name: `Gauze ${uid()}`, sku: `SKU-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '9.00' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

/** A receipt through the ledger, then placed at `at` (the marker in `reason` finds it). */
async function receiveAt(practiceId: number, productId: number, quantity: string, unitCost: string, at: string) {
  const reason = `r-${uid()}`;
  const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost, reason });
  expect(res.statusCode, res.body).toBe(200);
  await t.database.db.execute(sql`update stock_movements set occurred_at = ${at}::timestamptz where dental_practice_id = ${practiceId} and reason = ${reason}`);
}

async function supplier(currency: string) {
  const [row] = await t.database.db.insert(suppliers).values({ name: `Dental Supply ${uid()}`, currency }).returning();
  return row!;
}

/** A purchase order written directly (the purchase-order feature is another's): lines as [quantity, received, unit price]. */
async function order(practiceId: number, supplierId: number, currency: string, status: string, lines: Array<[string, string, string]>, productId: number, sentAt: Date | null = new Date()) {
  const [po] = await t.database.db
    .insert(purchaseOrders)
    .values({ dentalPracticeId: practiceId, supplierId, number: `PO-${uid()}`, status, currency, sentAt })
    .returning();
  for (const [quantity, received, price] of lines) {
    await t.database.db.insert(purchaseOrderLines).values({ purchaseOrderId: po!.id, productId, purchaseUnit: 'box', quantity, receivedQuantity: received, unitPrice: price });
  }
  return po!;
}

describe('supply spend', () => {
  it('counts receipts by the practice’s months (its zone), committed only in its currency, and this month’s stock-outs', async () => {
    // Auckland is UTC+13 in March 2025: its March begins on 28 February at 11:00 UTC.
    const practice = await createPractice(t.database.db, { currency: 'NZD', timeZone: 'Pacific/Auckland' });
    const gauze = await product();
    await receiveAt(practice.id, gauze.id, '10', '2.5', '2025-02-28T11:30:00Z'); // 1 March 00:30 local: March
    await receiveAt(practice.id, gauze.id, '4', '1.25', '2025-02-28T10:30:00Z'); // 28 February 23:30 local: February
    await receiveAt(practice.id, gauze.id, '3', '10', '2025-03-19T10:59:00Z'); // 19 March 23:59 local: March, before the date
    await receiveAt(practice.id, gauze.id, '100', '1', '2025-03-19T11:30:00Z'); // 20 March 00:30 local: after the start of the date
    await receiveAt(practice.id, gauze.id, '7', '1', '2024-03-31T10:00:00Z'); // March 2024: thirteen months back, not shown
    // A consumption is no spend.
    const used = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: (await admin.post('/api/procedure-code/create', { code: `S${uid()}`.slice(0, 16), name: 'Scale', category: 'preventive' })).json().data.id, performed_at: '2025-03-10T01:00:00Z', items: [{ product_id: gauze.id, quantity: '2' }] });
    expect(used.statusCode, used.body).toBe(201);

    const nz = await supplier('NZD');
    const us = await supplier('USD');
    const sent = new Date('2025-03-05T00:00:00Z');
    await order(practice.id, nz.id, 'NZD', 'sent', [['10', '4', '3.5'], ['2', '0', '100']], gauze.id, sent); // 21 + 200
    await order(practice.id, nz.id, 'NZD', 'partially_received', [['5', '5', '9'], ['3', '1', '10']], gauze.id, sent); // 0 + 20
    await order(practice.id, us.id, 'USD', 'sent', [['1', '0', '99']], gauze.id, sent); // listed apart
    await order(practice.id, nz.id, 'NZD', 'draft', [['100', '0', '10']], gauze.id, null);
    await order(practice.id, nz.id, 'NZD', 'received', [['1', '1', '10']], gauze.id, sent);
    await order(practice.id, nz.id, 'NZD', 'cancelled', [['1', '0', '10']], gauze.id, sent);
    await order(practice.id, nz.id, 'NZD', 'sent', [['1', '0', '500']], gauze.id, new Date('2025-03-25T00:00:00Z')); // sent after the date
    const other = await createPractice(t.database.db, { currency: 'NZD' });
    await order(other.id, nz.id, 'NZD', 'sent', [['1', '0', '777']], gauze.id, sent);

    const [inventory] = await t.database.db.select().from(inventories).where(sql`${inventories.dentalPracticeId} = ${practice.id}`);
    await t.database.db.insert(stockOutDays).values([
      { dentalPracticeId: practice.id, inventoryId: inventory!.id, productId: gauze.id, day: '2025-03-02', kind: 'shortfall', shortQuantity: '2' },
      { dentalPracticeId: practice.id, inventoryId: inventory!.id, productId: gauze.id, day: '2025-03-31', kind: 'zero_on_hand' },
      { dentalPracticeId: practice.id, inventoryId: inventory!.id, productId: gauze.id, day: '2025-02-28', kind: 'zero_on_hand' },
    ]);

    const noBudget = await spend(practice.id, '2025-03-20');
    expect(noBudget.meta.currency).toBe('NZD');
    expect(noBudget.data).toMatchObject({
      month: '2025-03',
      budget: null,
      remaining: null,
      received: '55.0000',
      committed: '241.0000',
      committed_other: [{ currency: 'USD', committed: '99.0000' }],
      stock_outs: { days: 2, products: 1 },
    });
    expect(noBudget.data.months).toHaveLength(12);
    expect(noBudget.data.months[0]).toEqual({ month: '2024-04', received: '0.0000' });
    expect(noBudget.data.months.at(-2)).toEqual({ month: '2025-02', received: '5.0000' });
    expect(noBudget.data.months.at(-1)).toEqual({ month: '2025-03', received: '55.0000' });

    await admin.post(`/api/configuration/update/${practice.id}`, { monthly_supply_budget: 250 });
    const budgeted = (await spend(practice.id, '2025-03-20')).data;
    expect(budgeted).toMatchObject({ budget: '250.0000', remaining: '-46.0000' });
    // February as of its last day: only what was received in February up to that day.
    expect((await spend(practice.id, '2025-02-28')).data).toMatchObject({ month: '2025-02', received: '0.0000', stock_outs: { days: 1, products: 1 } });
    expect((await spend(practice.id, '2025-03-01')).data).toMatchObject({ month: '2025-03', received: '0.0000' });
    expect((await spend(practice.id, '2025-03-02')).data.months.at(-2)).toEqual({ month: '2025-02', received: '5.0000' });
  });

  it('shows money only to who may read the practice’s stock, and nothing of another practice', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    expect((await spend(practice.id, undefined, manager)).data).toMatchObject({ budget: null, received: '0.0000', committed: '0.0000', committed_other: [] });
    expect((await manager.get(`/api/admin/dashboard/supply-spend-data?dental_practice_id=${other.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/admin/dashboard/supply-spend-data?dental_practice_id=abc`)).statusCode).toBe(422);
  });
});

describe('budget impact of sending an order', () => {
  it('adds the order to this month’s received and committed, in the practice’s currency only', async () => {
    const practice = await createPractice(t.database.db, { currency: 'GBP' });
    const gloves = await product();
    await receiveAt(practice.id, gloves.id, '10', '5', new Date().toISOString()); // 50 spent this month
    const gb = await supplier('GBP');
    const open = await order(practice.id, gb.id, 'GBP', 'sent', [['3', '0', '10']], gloves.id); // 30 committed
    const db = t.database.db;

    // Without a budget nothing is ever over.
    expect(await budgetImpact(db, practice.id, '1000000', 'GBP')).toEqual({ budget: null, currency: 'GBP', spent: '50.0000', committed: '30.0000', after: '1000080.0000', over: false, comparable: true });

    await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, monthlySupplyBudget: '100.00' });
    expect(await budgetImpact(db, practice.id, '20', 'GBP')).toMatchObject({ budget: '100.0000', after: '100.0000', over: false });
    expect(await budgetImpact(db, practice.id, '20.01', 'GBP')).toMatchObject({ after: '100.0100', over: true });
    // Another currency is not added (never converted): the month as it stands.
    expect(await budgetImpact(db, practice.id, '5000', 'USD')).toMatchObject({ after: '80.0000', over: false, comparable: false });
    // The order being sent, already marked sent, is not counted twice.
    expect(await budgetImpact(db, practice.id, '30', 'GBP', new Date(), open.id)).toMatchObject({ committed: '0.0000', after: '80.0000', over: false });
    // Last month's receipts are not this month's spend.
    await receiveAt(practice.id, gloves.id, '100', '5', new Date(Date.now() - 40 * 86_400_000).toISOString());
    expect((await budgetImpact(db, practice.id, '0', 'GBP')).spent).toBe('50.0000');
    await expect(budgetImpact(db, 999_999_999, '1', 'GBP')).rejects.toThrow();
  });
});
