import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Money carries its currency and is never converted: catalog prices are in the organisation's currency (a
 * setting), a lot's cost in its practice's; receiving takes the catalog price as the cost only when the two match.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const currency = async () => (await admin.get('/api/organisation')).json().data.currency as string;

describe('the organisation currency', () => {
  it('reads USD until changed; a change while products have prices needs confirm (409), is logged, and anyone signed in reads it', async () => {
    expect(await currency()).toBe('USD');
    await admin.post('/api/product/create', { name: `Bib ${uid()}`, sku: `BIB-${uid()}`, usage_unit: 'each', purchase_unit: 'pack', units_per_purchase_unit: 100, purchase_price: '12.00', tracks_lots: false });
    const refused = await admin.post('/api/organisation/update', { currency: 'gbp' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/from USD to GBP re-reads the prices of \d+ products in GBP without converting them/);
    expect(await currency()).toBe('USD');
    const changed = await admin.post('/api/organisation/update', { currency: 'gbp', confirm: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ currency: 'GBP' });
    const [logged] = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Configuration'), eq(activityLogs.subjectId, 'organisation')));
    expect(logged).toMatchObject({ action: 'update', before: { currency: 'USD' }, after: expect.objectContaining({ currency: 'GBP' }) });
    const staff = await signInAs(t, { role: 'Clinical Staff' });
    expect((await staff.get('/api/organisation')).json().data.currency).toBe('GBP');
  });

  it('refuses a code that is no currency, and anyone but an organisation-wide settings manager', async () => {
    for (const body of [{ currency: 'XYZ' }, { currency: 'EURO' }, { currency: 12 }, {}, { currency: 'EUR', confirm: 'yes' }]) {
      const res = await admin.post('/api/organisation/update', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await admin.post('/api/organisation/update', { currency: 'XYZ' })).json().errors.currency).toBeDefined();
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [(await createPractice(t.database.db)).id] });
    expect((await manager.post('/api/organisation/update', { currency: 'EUR', confirm: true })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisation' })).statusCode).toBe(401);
  });

  it('receiving takes the catalog price as the cost only in a practice of the catalog currency', async () => {
    const catalog = await currency();
    const product = (await admin.post('/api/product/create', { name: `Gauze ${uid()}`, sku: `GZ-${uid()}`, usage_unit: 'each', purchase_unit: 'pack', units_per_purchase_unit: 10, purchase_price: '5.00', tracks_lots: false })).json().data;
    const same = await createPractice(t.database.db, { currency: catalog });
    const other = await createPractice(t.database.db, { currency: catalog === 'JPY' ? 'EUR' : 'JPY' });
    const received = await admin.post('/api/inventory/receive', { dental_practice_id: same.id, product_id: product.id, quantity: '10' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.lots[0].unit_cost).toBe('0.5000');
    const refused = await admin.post('/api/inventory/receive', { dental_practice_id: other.id, product_id: product.id, quantity: '10' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.unit_cost[0]).toBe(`The catalog price is in ${catalog} and this practice keeps its stock in ${other.currency}: enter the unit cost in ${other.currency}.`);
    const priced = await admin.post('/api/inventory/receive', { dental_practice_id: other.id, product_id: product.id, quantity: '10', unit_cost: '70' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data).toMatchObject({ on_hand: '10.0000', value: '700.0000' });
  });
});
