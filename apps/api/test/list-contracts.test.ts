/**
 * Every server-mode list answers as its contract in `@enamel/contracts` says: the OpenAPI document has
 * no list route without a contract, each page's rows parse with the contract's row schema, every
 * declared sort and filter works and nothing undeclared does, filtering on the value a row shows finds
 * that row, and the CSV export carries exactly the declared columns. Run on demo data (a short history).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_CONTRACTS, contractProblems, type ListColumnDeclaration, type ListContract } from '@enamel/contracts';
import { supplierOffers, suppliers } from '@enamel/db';
import { emitWebhookEvent } from '../src/features/webhooks/index.ts';
import type { Agent } from './agent.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
let practiceId = 0;
let parLocationId = 0;
let webhookId = 0;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  const seeded = await admin.post('/api/seeder/data', { months: 2, volume: 0.05 });
  expect(seeded.statusCode, seeded.body).toBe(200);
  const practices = await admin.get('/api/admin/list/dental-practices?sort_column=id');
  practiceId = practices.json().data[0].id;
  // A supplier and an offer, whether or not the demo data has some, so that their lists have rows.
  const supplier = await admin.post('/api/supplier/create', { name: 'List contract supplier', currency: 'EUR' });
  const product = (await admin.get('/api/product/all')).json().data[0];
  await admin.post('/api/supplier-offer/create', { supplier_id: supplier.json().data.id, product_id: product.id, purchase_unit: 'box', units_per_purchase_unit: '10', price: '12.5', preferred: true });
  // One export, so that the recent-exports list has a row.
  await admin.get(`/api/reports/report-data?report=expiring-lots&dental_practice_id=${practiceId}&format=csv`);
  // One purchase order sent, so the purchase-orders list has a row with every column filled (whatever the seeder makes).
  const poProduct = (await admin.get('/api/admin/list/products?pagesize=1')).json().data[0];
  const [poSupplier] = await t.database.db.insert(suppliers).values({ name: `Contract Dental ${Date.now()}`, email: 'orders@contract.test', currency: 'USD' }).returning();
  const [offer] = await t.database.db.insert(supplierOffers).values({ supplierId: poSupplier!.id, productId: poProduct.id, purchaseUnit: 'box', price: '12.5' }).onConflictDoNothing().returning();
  const po = await admin.post('/api/purchase-orders', { dental_practice_id: practiceId, supplier_id: poSupplier!.id, lines: [{ product_id: poProduct.id, supplier_offer_id: offer!.id, quantity: '2' }] });
  expect(po.statusCode, po.body).toBe(201);
  expect((await admin.post(`/api/purchase-orders/${po.json().data.id}/send`)).statusCode).toBe(200);
  // An operatory with a par level, so the par-level list (of one location) has a row.
  const operatory = await admin.post('/api/storage-location/create', { dental_practice_id: practiceId, name: `Contract operatory ${Date.now()}`, kind: 'operatory' });
  parLocationId = operatory.json().data.id;
  expect((await admin.post('/api/location-par-level/set', { location_id: parLocationId, product_id: poProduct.id, par_quantity: '5' })).statusCode).toBe(200);
  // A webhook with one delivery waiting, so the webhook lists have rows.
  const hook = await admin.post('/api/webhook/create', { dental_practice_id: practiceId, name: 'Contract hook', url: 'https://93.184.216.34/contract', events: ['stock.low'] });
  expect(hook.statusCode, hook.body).toBe(201);
  webhookId = hook.json().data.id;
  await t.database.db.transaction((tx) => emitWebhookEvent(tx, practiceId, 'stock.low', { alert: { product: 'Contract gloves' } }));
}, 120_000);
afterAll(async () => t.close());

/** Lists of one practice name it in the query. */
const PRACTICE_LISTS = new Set(['/api/admin/list/inventories', '/api/admin/list/stock-movements', '/api/admin/list/procedures', '/api/admin/list/order-suggestions', '/api/admin/list/storage-locations']);

function url(contract: ListContract, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (PRACTICE_LISTS.has(contract.path)) query.set('dental_practice_id', String(practiceId));
  if (contract.path === '/api/admin/list/location-par-levels') query.set('location_id', String(parLocationId));
  if (contract.path === '/api/admin/list/webhook-deliveries') query.set('subscription_id', String(webhookId));
  return `${contract.path}?${query.toString()}`;
}
/** Lists the demo data leaves empty (no archive has been made yet); every other list must have rows to check. */
const EMPTY_ALLOWED = new Set(['/api/admin/list/archive-logs']);
const filterParam = (field: string, condition: string, value: unknown) => ({ column_filters: JSON.stringify([{ field, condition, value }]) });

/** A filter every column of a type accepts, whatever the data. */
const ANY_VALUE: Record<ListColumnDeclaration['type'], [string, unknown]> = {
  string: ['contain', 'a'],
  number: ['greater_than_equal', 0],
  date: ['greater_than', '2000-01-01'],
  bool: ['equal', true],
};

it('the OpenAPI document has no list route without a contract, and documents each with its contract’s row', async () => {
  type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>> };
  const doc = (await admin.get('/api/openapi.json')).json<Doc>();
  const listPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin/list/'));
  expect(listPaths.sort()).toEqual(LIST_CONTRACTS.map((c) => c.path).sort());
  for (const contract of LIST_CONTRACTS) {
    const page = doc.paths[contract.path]!.get!.responses['200']!.content!['application/json']!.schema;
    const items = (page.properties!.data as { items: { properties: Record<string, unknown> } }).items;
    expect(Object.keys(items.properties).sort(), contract.path).toEqual(Object.keys(contract.row.shape).sort());
  }
});

describe.each(LIST_CONTRACTS.map((contract) => [contract.path, contract] as const))('%s', (_path, contract) => {
  const columns = Object.entries<ListColumnDeclaration>(contract.columns);

  it('declares only columns that are fields of its row, typed alike', () => {
    expect(contractProblems(contract)).toEqual([]);
  });

  it('answers pages whose rows parse with the contract’s row schema', async () => {
    const res = await admin.get(url(contract, { pagesize: '100' }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as unknown[];
    if (!EMPTY_ALLOWED.has(contract.path)) expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const parsed = contract.row.strict().safeParse(row);
      expect(parsed.success, `${JSON.stringify(row)}\n${parsed.error?.message}`).toBe(true);
    }
  });

  it('sorts by each sortable column both ways, and refuses the others (422)', async () => {
    for (const [field, column] of columns)
      for (const direction of ['asc', 'desc']) {
        const res = await admin.get(url(contract, { sort_column: field, sort_direction: direction }));
        expect(res.statusCode, `${field} ${direction}: ${res.body}`).toBe(column.sort ? 200 : 422);
      }
  });

  it('filters on each filterable column, and refuses a filter on the others (422)', async () => {
    for (const [field, column] of columns) {
      const [condition, value] = ANY_VALUE[column.type];
      const res = await admin.get(url(contract, filterParam(field, condition, value)));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(column.filter ? 200 : 422);
    }
  });

  it('finds a row by filtering on the very value it shows', async () => {
    const rows = (await admin.get(url(contract, { pagesize: '5' }))).json().data as Array<Record<string, unknown>>;
    for (const row of rows.slice(0, 3))
      for (const [field, column] of columns) {
        const shown = row[field];
        if (!column.filter || shown === null || shown === undefined) continue;
        const value = column.type === 'date' && typeof shown === 'string' ? shown.slice(0, 10) : shown;
        const res = await admin.get(url(contract, { ...filterParam(field, 'equal', value), pagesize: '100' }));
        expect(res.statusCode, `${field} = ${JSON.stringify(value)}: ${res.body}`).toBe(200);
        const ids = (res.json().data as Array<{ id: unknown }>).map((r) => r.id);
        if (res.json().meta.total <= 100) expect(ids, `${field} = ${JSON.stringify(value)}`).toContain(row.id);
      }
  });

  it('searches its searchable columns', async () => {
    const res = await admin.get(url(contract, { search: 'a' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('exports a CSV whose header is exactly the declared columns', async () => {
    const res = await admin.get(url(contract, { format: 'csv' }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const header = res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header.split(',')).toEqual(columns.map(([field]) => field));
  });
});
