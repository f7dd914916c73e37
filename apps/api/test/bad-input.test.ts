import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { brands, importJobs, inventories, procedureTemplates, products, stockMovements, users } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { multipart } from './imports-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { blockingReferences } from '../src/core/record-uses.ts';
import en from '../src/locales/en.json' with { type: 'json' };
import bn from '../src/locales/bn.json' with { type: 'json' };
import es from '../src/locales/es.json' with { type: 'json' };
import fr from '../src/locales/fr.json' with { type: 'json' };
import ptBR from '../src/locales/pt-BR.json' with { type: 'json' };
import zhCN from '../src/locales/zh-CN.json' with { type: 'json' };

/** SQL that makes the database itself refuse, one per error class the error handler maps (the safety net under validation). */
const DATABASE_REFUSALS: Record<string, string> = {
  '22P02': `select 'abc'::integer`,
  '22007': `select 'not a date'::date`,
  '22008': `select '2024-02-30'::date`,
  '22003': `select 2147483648::integer`,
  '22021': `select convert_from('\\x00'::bytea, 'UTF8')`,
  '22001': `insert into brands (name) values (repeat('x', 121))`,
  '2201X': `select 1 offset -1`,
  '22P05': `select '"\\u0000"'::jsonb`,
  '23502': `insert into brands (name) values (null)`,
  '23503': `insert into user_roles (user_id, role_id) values (999999999, 999999999)`,
  '23505': `insert into roles (name) select name from roles limit 1`,
  '23514': `insert into products (name, sku, usage_unit, purchase_unit, units_per_purchase_unit, purchase_price) values ('x', 'x', 'each', 'each', 0, 1)`,
  '54000': `select repeat('x', 2000000000)`,
};

let t: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app, database) =>
      app.get<{ Params: { code: string } }>('/api/test-only/refusal/:code', async (request) => {
        await database.db.execute(sql.raw(DATABASE_REFUSALS[request.params.code]!));
        return { reached: true };
      }),
  });
  user = await createUser(t.database.db, { role: 'Viewer' });
  agent = new Agent(t.app);
  await agent.login(user.email, user.password);
});
afterAll(async () => t.close());

const long = 'x'.repeat(5000);
/** Every auth call, a valid body for it, and which field a bad value goes in. */
const calls: Array<{ url: string; valid: Record<string, unknown>; field: string }> = [
  { url: '/api/forget-password', valid: { email: 'someone@example.test' }, field: 'email' },
  { url: '/api/reset-password', valid: { email: 'someone@example.test', token: 'abc', password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' }, field: 'password' },
  { url: '/api/profile', valid: { name: 'A Name', email: 'someone@example.test', locale: 'en' }, field: 'name' },
  { url: '/api/profile/password', valid: { current_password: 'whatever', password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' }, field: 'password' },
  { url: '/api/user/verify-password', valid: { password: 'whatever' }, field: 'password' },
  { url: '/login', valid: { email: 'someone@example.test', password: 'whatever', remember: false }, field: 'password' },
];

describe.each(calls)('bad input to POST $url', ({ url, valid, field }) => {
  async function unchanged() {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstname: 'Test', lastname: 'User' });
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  }

  it('an empty body is a 422 naming the missing fields', async () => {
    const res = await agent.post(url, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    for (const key of Object.keys(valid).filter((k) => k !== 'remember')) expect(res.json().errors[key]).toEqual(['This field is required.']);
    await unchanged();
  });

  it('a wrong type is a 422 on that field', async () => {
    const res = await agent.post(url, { ...valid, [field]: 12345 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual(['This value has the wrong type.']);
    await unchanged();
  });

  it('an overlong string is a 422 on that field', async () => {
    const res = await agent.post(url, { ...valid, [field]: long });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]![0]).toMatch(/^Must be at most \d+ characters\.$/);
    await unchanged();
  });

  it('an unknown field is a 422 naming it', async () => {
    const res = await agent.post(url, { ...valid, is_admin: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.is_admin).toEqual(['This field is not accepted.']);
    await unchanged();
  });

  it('malformed JSON is a 400', async () => {
    const res = await agent.request('POST', url, { payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', message: 'The request body is not valid JSON.' });
    await unchanged();
  });

  it('a JSON array or a bare string is a 422, not a crash', async () => {
    for (const payload of ['[]', '"hello"', 'null']) {
      const res = await agent.request('POST', url, { payload, headers: { 'content-type': 'application/json' } });
      expect([400, 422]).toContain(res.statusCode);
    }
    await unchanged();
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await agent.post(url, { ...valid, [field]: 'y'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    await unchanged();
  });

  it('another content type is a 415', async () => {
    const res = await agent.request('POST', url, { payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    await unchanged();
  });
});

describe('bad input elsewhere', () => {
  it('an email that is not an email is a 422 with that message', async () => {
    const res = await new Agent(t.app).post('/api/forget-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('an unknown locale in the profile is a 422', async () => {
    const res = await agent.post('/api/profile', { name: 'A Name', email: user.email, locale: 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ locale: ['This value is not allowed.'] });
  });

  it('a huge or odd session cookie is just "not signed in"', async () => {
    for (const cookie of [`enamel_session=${'a'.repeat(4000)}`, 'enamel_session=%%%', 'enamel_session=']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await agent.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

/** The database's refusals that validation did not foresee are the client's 4xx, on PGlite and PostgreSQL alike. */
describe('database errors are 4xx, never 500', () => {
  const expected: Record<string, [number, Record<string, unknown>]> = {
    '22P02': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22007': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22008': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22003': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22021': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22001': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '2201X': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '22P05': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '23502': [422, { code: 'validation_failed', errors: { name: ['This field is required.'] } }],
    '23503': [409, { code: 'conflict', message: 'This refers to a record that does not exist, or the record is still used elsewhere.' }],
    '23505': [409, { code: 'conflict', message: 'A record with these values already exists.' }],
    '23514': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
    '54000': [422, { code: 'validation_failed', message: 'A value is out of range or not in the expected form.' }],
  };
  it.each(Object.keys(DATABASE_REFUSALS))('SQLSTATE %s', async (code) => {
    const res = await agent.get(`/api/test-only/refusal/${code}`);
    const [status, body] = expected[code]!;
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject(body);
  });
});

describe('no request answers 500: values the database would refuse are refused at the edge', () => {
  let admin: Agent;
  let practiceId: number;
  let product: { id: number };
  let lotted: { id: number };
  const uid = (() => {
    let n = 0;
    return () => `${Date.now().toString(36)}${++n}`;
  })();
  beforeAll(async () => {
    const me = await createUser(t.database.db, { role: 'Super Admin' });
    admin = new Agent(t.app);
    await admin.login(me.email, me.password);
    practiceId = (await createPractice(t.database.db)).id;
    const made = async (url: string, body: unknown) => {
      const res = await admin.post(url, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    product = await made('/api/product/create', { name: `Gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '9.90' });
    lotted = await made('/api/product/create', { name: `Articaine ${uid()}`, sku: `ART-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true });
  });
  const rows = async (table: typeof brands | typeof products | typeof stockMovements | typeof importJobs | typeof inventories | typeof procedureTemplates) =>
    Number((await t.database.db.select({ n: count() }).from(table))[0]!.n);
  const nul = 'This text contains a NUL character (U+0000), which is not allowed.';

  it('a NUL character in any text field of a write is a 422 naming that field, and nothing is written', async () => {
    const before = await rows(brands);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/brand/create', { name: 'Acme\u0000' }, 'name'],
      ['/api/brand/create', { name: 'Acme', manufacturer: '\u0000' }, 'manufacturer'],
      ['/api/product/create', { name: 'P', sku: 'P-1', usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '1', description: 'a\u0000b' }, 'description'],
      ['/api/procedure-code/create', { code: 'D1', name: 'x\u0000', category: 'restorative' }, 'name'],
      ['/api/profile', { name: 'A\u0000', email: 'a@example.test', locale: 'en' }, 'name'],
      ['/api/permission/create', { name: 'p', action: 'read', subject: 'Brand', conditions: { 'key\u0000': 1 } }, 'conditions.key\u0000'],
      ['/api/inventory/receive', { dental_practice_id: practiceId, product_id: product.id, quantity: '1', reason: '\u0000' }, 'reason'],
    ];
    for (const [url, body, field] of cases) {
      const res = await admin.post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(res.json().errors[field], url).toEqual([nul]);
    }
    const nested = await admin.post('/api/procedure-template/create', { name: 'T', procedure_code_id: 1, items: [{ product_id: product.id, quantity: '1\u0000' }] });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors['items.0.quantity']).toEqual([nul]);
    expect(await rows(brands)).toBe(before);
  });

  it('a NUL character in a search or a text filter is a 422 on that parameter', async () => {
    const search = await admin.get('/api/admin/list/products?search=a%00b');
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.search).toEqual([nul]);
    const filter = await admin.get(`/api/admin/list/products?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'name', condition: 'contain', value: 'a\u0000b' }]))}`);
    expect(filter.statusCode).toBe(422);
    expect(filter.json().errors.column_filters).toEqual(['The filter value for “name” is not valid.']);
    const picker = await admin.get('/api/product/search?q=%00');
    expect(picker.statusCode).toBe(422);
    expect(picker.json().errors.q).toEqual([nul]);
  });

  const filter = (field: string, condition: string, value: unknown) => `column_filters=${encodeURIComponent(JSON.stringify([{ field, condition, value }]))}`;

  it('a number filter beyond int4 is a 422 on an integer column, and fine on a bigint id', async () => {
    expect((await admin.get(`/api/admin/list/products?${filter('units_per_purchase_unit', 'less_than', 2147483648)}`)).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/list/products?${filter('units_per_purchase_unit', 'less_than', 2147483647)}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/list/products?${filter('id', 'less_than', 2147483648)}`)).statusCode).toBe(200);
  });

  it.each([1.5, 1e308, 1e20, 1e-320, '1.5', 'NaN'])('a number filter of %s on an integer column is a 422 on the filter', async (value) => {
    const res = await admin.get(`/api/admin/list/products?${filter('units_per_purchase_unit', 'greater_than', value)}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.column_filters[0]).toMatch(/“units_per_purchase_unit”/);
    // Ids (bigint) and counts (declared integer) too.
    expect((await admin.get(`/api/admin/list/products?${filter('id', 'equal', value)}`)).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/list/brands?${filter('products_count', 'less_than', value)}`)).statusCode).toBe(422);
  });

  it('a number filter on a decimal column takes decimals and refuses what numeric cannot hold plainly', async () => {
    const both = await admin.get(`/api/admin/list/products?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'purchase_price', condition: 'equal', value: '9.90' }, { field: 'units_per_purchase_unit', condition: 'equal', value: 100 }]))}`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
    for (const value of [1e308, 1e20, 1e-320, -1e16]) {
      const res = await admin.get(`/api/admin/list/products?${filter('purchase_price', 'greater_than', value)}`);
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().errors.column_filters).toEqual(['The filter value for “purchase_price” is not valid.']);
    }
  });

  it.each(['2024-02-30', '0000-01-01', '99999-01-01', '1899-12-31', '2201-01-01', '2024-13-01', '2024-02-30T10:00:00Z', '+275760-09-13T00:00:00Z', 'yesterday'])(
    'a date filter of %s is a 422 on the filter',
    async (value) => {
      const res = await admin.get(`/api/admin/list/products?${filter('created_at', 'greater_than', value)}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.column_filters).toEqual(['The filter value for “created_at” must be a real date (YYYY-MM-DD) or date-time between 1900 and 2200.']);
    },
  );

  it('real dates and date-times still filter', async () => {
    for (const value of ['2024-02-29', '2026-11-20T10:30:00Z', '2200-12-31']) expect((await admin.get(`/api/admin/list/products?${filter('created_at', 'less_than', value)}`)).statusCode, value).toBe(200);
  });

  it.each(['2024-02-30', '0000-01-01', '99999-01-01', '1899-12-31', '2201-01-01', '2023-02-29'])('an expiry date of %s on receive is a 422 naming it, and nothing is received', async (expiry) => {
    const before = await rows(stockMovements);
    const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: lotted.id, quantity: '5', lot_number: 'L1', expiry_date: expiry });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ expiry_date: ['Enter a real date as YYYY-MM-DD, between 1900 and 2200.'] });
    expect(await rows(stockMovements)).toBe(before);
  });

  it('a performed_at outside real dates is a 422 naming it', async () => {
    for (const at of ['0000-01-01T00:00:00Z', '2024-02-30T10:00:00Z', '1899-12-31T23:00:00Z', '2201-01-01T00:00:00Z']) {
      const res = await admin.post('/api/procedure/create', { dental_practice_id: practiceId, procedure_code_id: 1, performed_at: at });
      expect(res.statusCode, at).toBe(422);
      expect(res.json().errors.performed_at, at).toHaveLength(1);
    }
  });

  it('ids beyond what a number carries exactly are a 422; ids beyond int4 are just unknown', async () => {
    const huge = await admin.post('/api/inventory/receive', { dental_practice_id: 1e20, product_id: product.id, quantity: '1' });
    expect(huge.statusCode).toBe(422);
    expect(Object.keys(huge.json().errors)).toEqual(['dental_practice_id']);
    const unknown = await admin.post('/api/inventory/receive', { dental_practice_id: 2147483648, product_id: product.id, quantity: '1' });
    expect([404, 409, 422]).toContain(unknown.statusCode);
    expect((await admin.get('/api/product/9007199254740993')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/list/products?pagesize=1e308')).statusCode).toBe(422);
  });

  it('a multipart upload without a boundary, or cut off before its closing boundary, is a 400 and creates no job', async () => {
    const before = await rows(importJobs);
    const { payload, headers } = multipart('brands.csv', 'name\nAcme\n');
    const text = payload.toString('latin1');
    for (const kind of ['brand', 'category', 'product', 'procedure-code', 'inventory', 'procedure']) {
      const noBoundary = await admin.request('POST', `/api/${kind}/import`, { payload, headers: { 'content-type': 'multipart/form-data' } });
      expect(noBoundary.statusCode, noBoundary.body).toBe(400);
      expect(noBoundary.json()).toMatchObject({ code: 'bad_request', message: 'The upload was cut off or is not a valid multipart/form-data body. Send the file again.' });
      const cut = await admin.request('POST', `/api/${kind}/import`, { payload: text.slice(0, text.length - 12), headers });
      expect(cut.statusCode, cut.body).toBe(400);
      const notMultipart = await admin.request('POST', `/api/${kind}/import`, { payload: 'hello', headers });
      expect(notMultipart.statusCode, notMultipart.body).toBe(400);
    }
    expect(await rows(importJobs)).toBe(before);
  });

  it('an uploaded file name with control characters is stored without them', async () => {
    const { payload, headers } = multipart('bra\u0000nds.csv', `name\nAcme ${uid()}\n`);
    const res = await admin.request('POST', '/api/brand/import', { payload, headers });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.file_name).toBe('brands.csv');
  });

  it('deleting a product with stock history is a 409 naming what uses it, and the product stays', async () => {
    const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: product.id, quantity: '10' });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await admin.post(`/api/product/delete/${product.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    const practice = (await admin.get(`/api/dental-practice/${practiceId}`)).json().data.name;
    expect(refused.json().message).toBe(`This record is still used by the inventories of ${practice}; 1 stock movement(s) in ${practice}, so it cannot be deleted. Deactivate it instead, or remove those first.`);
    expect(await t.database.db.select({ id: products.id }).from(products).where(eq(products.id, product.id))).toHaveLength(1);
  });

  it('deleting a template that procedures were recorded from is a 409 naming them, and the template stays', async () => {
    const code = (await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
    const template = (await admin.post('/api/procedure-template/create', { name: `Exam ${uid()}`, procedure_code_id: code.id, items: [] })).json().data;
    for (let i = 0; i < 2; i++) {
      const done = await admin.post('/api/procedure/create', { dental_practice_id: practiceId, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-11-20T10:30:00Z' });
      expect(done.statusCode, done.body).toBe(201);
    }
    const refused = await admin.request('DELETE', `/api/procedure-template/delete/${template.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    const practice = (await admin.get(`/api/dental-practice/${practiceId}`)).json().data.name;
    expect(refused.json().message).toBe(`This record is still used by 2 procedure(s) in ${practice}, so it cannot be deleted. Deactivate it instead, or remove those first.`);
    expect((await admin.request('DELETE', `/api/procedure-template/delete/${template.id}`, { headers: { 'accept-language': 'fr' } })).json().message).toBe(
      `Cet enregistrement est encore utilisé par 2 acte(s) dans ${practice} : il ne peut pas être supprimé. Désactivez-le plutôt, ou retirez d’abord ces éléments.`,
    );
    expect(await t.database.db.select({ id: procedureTemplates.id }).from(procedureTemplates).where(eq(procedureTemplates.id, template.id))).toHaveLength(1);
  });

  it('every table whose rows can stand in the way of a delete is named in all six languages', () => {
    const names = [...blockingReferences.values()].flat().map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['stock_movements', 'procedures', 'inventories', 'procedure_items', 'procedure_template_items']));
    for (const messages of [en, bn, es, fr, ptBR, zhCN]) for (const name of names) expect((messages.uses as Record<string, string>)[name], name).toMatch(/\{\{(count|names)\}\}/);
  });
});
