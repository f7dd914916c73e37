import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEnamelClient } from '@enamel/client';
import { roles } from '@enamel/db';
import { SCHEMA_FILE, generateTypes } from '../../../packages/client/scripts/generate-types.ts';
import { buildOpenApiDocument } from '../src/openapi-document.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const app = listeningAppWithAdmin();

describe('@enamel/client', () => {
  it('has types generated from the current OpenAPI document (run `npm run client:generate` when this fails)', async () => {
    const document = await buildOpenApiDocument();
    // The document built without a server is the one the server answers.
    expect(document).toEqual((await app.admin.get('/api/openapi.json')).json());
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8') === (await generateTypes(document)), 'packages/client/src/schema.d.ts is out of date: run npm run client:generate').toBe(true);
  }, 300_000);

  it('lists low stock and records a procedure with an API token against the real app (typed paths, bodies and answers)', async () => {
    const db = app.t.database.db;
    const practice = await createPractice(db);
    const product = (await app.admin.post('/api/product/create', { name: `Bibs ${uid()}`, sku: `CLI-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '5.00', tracks_lots: false })).json().data as { id: number };
    expect((await app.admin.post('/api/inventory/add', { dental_practice_id: practice.id, product_id: product.id, reorder_point: '10', par_level: '50' })).statusCode).toBe(201);
    expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '8' })).statusCode).toBe(200);
    const code = (await app.admin.post('/api/procedure-code/create', { code: `C${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data as { id: number };

    // An integration's API token (a Practice Manager in this practice), as the README's example uses one.
    const [manager] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Practice Manager'));
    const created = await app.admin.post('/api/api-token/create', { name: `Client ${uid()}`, role_id: manager!.id, dental_practice_ids: [practice.id] });
    expect(created.statusCode, created.body).toBe(201);
    const client = createEnamelClient({ baseUrl: app.base, token: created.json<{ secret: string }>().secret });
    const low = await client.GET('/api/admin/dashboard/low-stock-data', { params: { query: { dental_practice_id: practice.id } } });
    expect(low.response.status, JSON.stringify(low.error)).toBe(200);
    expect(low.data!.data.items.map((i) => [i.product_id, i.on_hand])).toEqual([[product.id, '8.0000']]);

    const body = { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed' as const, items: [{ product_id: product.id, quantity: '3' }] };
    const key = `client-${uid()}`;
    const recorded = await client.POST('/api/procedure/create', { params: { header: { 'idempotency-key': key } }, body });
    expect(recorded.response.status, JSON.stringify(recorded.error)).toBe(201);
    expect(recorded.data!.data.items.map((i) => [i.product_id, i.quantity])).toEqual([[product.id, '3.0000']]);
    const retried = await client.POST('/api/procedure/create', { params: { header: { 'idempotency-key': key } }, body });
    expect([retried.response.status, retried.response.headers.get('idempotent-replayed'), retried.data!.data.id]).toEqual([201, 'true', recorded.data!.data.id]);

    const refused = await client.POST('/api/procedure/create', { body: { ...body, items: [{ product_id: product.id, quantity: '-1' }] } });
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({ code: 'validation_failed' });
    const after = await client.GET('/api/admin/dashboard/low-stock-data', { params: { query: { dental_practice_id: practice.id } } });
    expect(after.data!.data.items.map((i) => i.on_hand)).toEqual(['5.0000']);
  });

  it('sends a token as Authorization: Bearer', async () => {
    const seen: string[] = [];
    const client = createEnamelClient({
      baseUrl: 'http://enamel.test/',
      token: 'enm_secret',
      fetch: async (request: Request) => {
        seen.push(`${request.method} ${request.url} ${request.headers.get('authorization')}`);
        return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.GET('/api/roles');
    expect(seen).toEqual(['GET http://enamel.test/api/roles Bearer enm_secret']);
  });
});
