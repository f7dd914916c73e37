import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { activityLogs, brands, procedureTemplates, products } from '@enamel/db';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { uid } from './ledgers.ts';

let t: TestApp;
let admin: Agent;
let viewer: Agent;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  const reader = await createUser(t.database.db, { role: 'Viewer' });
  viewer = new Agent(t.app);
  await viewer.login(reader.email, reader.password);
});
afterAll(async () => t.close());


async function created(url: string, body: unknown) {
  const res = await admin.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Nitrile examination gloves, medium', sku: `GLV-${uid()}`, gtin: '4006381333931', usage_unit: 'each', purchase_unit: 'box',
  units_per_purchase_unit: 100, purchase_price: '8.90', tracks_lots: false, ...over,
});

describe('brands', () => {
  it('creates, lists, updates, deactivates and restores a brand, each change logged', async () => {
    const brand = await created('/api/brand/create', { name: `Septodont ${uid()}`, manufacturer: 'Septodont SA', website: 'https://www.septodont.com' });
    expect(brand).toMatchObject({ manufacturer: 'Septodont SA', status: 'active', products_count: 0 });
    const list = await admin.get(`/api/admin/list/brands?search=${encodeURIComponent(brand.name)}`);
    expect(list.json().data.map((b: { id: number }) => b.id)).toEqual([brand.id]);
    const updated = await admin.request('PATCH', `/api/brand/update/${brand.id}`, { json: { name: brand.name, manufacturer: 'Septodont', website: '' } });
    expect(updated.json().data).toMatchObject({ manufacturer: 'Septodont', website: null });
    // The brand delete carries the id in the body and deactivates (client-contract.md#paths).
    expect((await admin.post('/api/brand/delete', { id: brand.id })).json().data.status).toBe('inactive');
    expect((await admin.post(`/api/brand/restore/${brand.id}`)).json().data.status).toBe('active');
    const log = await t.database.db.select().from(activityLogs).where(eq(activityLogs.subjectId, String(brand.id)));
    expect(log.filter((l) => l.subject === 'Brand').map((l) => l.action)).toEqual(['create', 'update', 'deactivate', 'restore']);
  });

  it('keeps names unique whatever the case, and refuses to deactivate a brand active products use', async () => {
    const name = `Hu-Friedy ${uid()}`;
    const brand = await created('/api/brand/create', { name });
    const dup = await admin.post('/api/brand/create', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['A brand with this name already exists.']);
    await created('/api/product/create', product({ brand_id: brand.id }));
    const refused = await admin.post(`/api/brand/delete/${brand.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('1 active product(s) still use this brand. Deactivate them or move them to another brand first.');
    expect((await t.database.db.select().from(brands).where(eq(brands.id, brand.id)))[0]!.status).toBe('active');
  });

  it('refuses bad input with the field’s message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'This field is required.'],
      [{ name: 'x'.repeat(121) }, 'name', 'Must be at most 120 characters.'],
      [{ name: 'A', website: 'ftp://example.com' }, 'website', 'This value is not valid.'],
      [{ name: 'A', colour: 'red' }, 'colour', 'This field is not accepted.'],
      [{ name: 42 }, 'name', 'This value has the wrong type.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/brand/create', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toEqual([message]);
    }
  });
});

describe('categories', () => {
  it('builds a tree with paths, refuses cycles and duplicate names under one parent', async () => {
    const root = await created('/api/category/create', { name: `Infection control ${uid()}` });
    const gloves = await created('/api/category/create', { name: 'Gloves', parent_id: root.id });
    const nitrile = await created('/api/category/create', { name: 'Nitrile', parent_id: gloves.id });
    expect(nitrile.path).toBe(`${root.name} › Gloves › Nitrile`);

    const cycle = await admin.post(`/api/category/update/${root.id}`, { name: root.name, parent_id: nitrile.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id).toEqual(['A category cannot be placed under itself or one of its own subcategories.']);
    const self = await admin.post(`/api/category/update/${gloves.id}`, { name: 'Gloves', parent_id: gloves.id });
    expect(self.json().errors.parent_id).toEqual(['A category cannot be placed under itself or one of its own subcategories.']);
    const dup = await admin.post('/api/category/create', { name: 'gloves', parent_id: root.id });
    expect(dup.json().errors.name).toEqual(['This category already has a subcategory with this name.']);
    const missing = await admin.post('/api/category/create', { name: 'Orphan', parent_id: 999999 });
    expect(missing.json().errors.parent_id).toEqual(['This category does not exist.']);

    const all = (await admin.get('/api/category/all')).json().data as Array<{ id: number; path: string }>;
    expect(all.find((c) => c.id === nitrile.id)?.path).toBe(nitrile.path);
    const listed = await admin.get(`/api/admin/list/categories?search=${encodeURIComponent(root.name)}&sort_column=path&sort_direction=asc`);
    expect(listed.json().data.map((c: { name: string }) => c.name)).toEqual([root.name, 'Gloves', 'Nitrile']);

    // A parent with active children stays active; children first.
    const refused = await admin.post(`/api/category/delete/${gloves.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await admin.post(`/api/category/delete/${nitrile.id}`)).json().data.status).toBe('inactive');
    expect((await admin.post(`/api/category/delete/${gloves.id}`)).json().data.status).toBe('inactive');
  });
});

describe('products', () => {
  it('stores money exactly, derives the unit cost, and normalises the GTIN', async () => {
    const p = await created('/api/product/create', product({ purchase_price: '24.95', units_per_purchase_unit: 50, gtin: '4006381333931' }));
    expect(p).toMatchObject({ purchase_price: '24.9500', unit_cost: '0.4990', gtin: '04006381333931', brand_name: null });
    const listed = (await admin.get(`/api/admin/list/products?search=${p.sku}`)).json().data[0];
    expect(listed).toMatchObject({ id: p.id, unit_cost: '0.4990', purchase_price: '24.9500' });
  });

  it('refuses each bad value with its message and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(products))[0]!.n;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [product({ gtin: '4006381333932' }), 'gtin', 'This is not a valid GTIN/EAN barcode: check the digits.'],
      [product({ units_per_purchase_unit: 0 }), 'units_per_purchase_unit', 'This value is not allowed.'],
      [product({ units_per_purchase_unit: 2.5 }), 'units_per_purchase_unit', 'This value has the wrong type.'],
      [product({ purchase_price: '-1' }), 'purchase_price', 'Enter a number with at most 4 decimal places, such as 12.50.'],
      [product({ purchase_price: '1.23456' }), 'purchase_price', 'Enter a number with at most 4 decimal places, such as 12.50.'],
      [product({ usage_unit: 'bucket' }), 'usage_unit', 'This value is not allowed.'],
      [product({ sku: 'has space' }), 'sku', 'This value is not valid.'],
      [product({ brand_id: 999999 }), 'brand_id', 'This brand does not exist.'],
      [product({ category_id: 999999 }), 'category_id', 'This category does not exist.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/product/create', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toEqual([message]);
    }
    expect((await t.database.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
  });

  it('keeps SKUs unique whatever the case', async () => {
    const sku = `CMP-${uid()}`;
    await created('/api/product/create', product({ sku }));
    const dup = await admin.post('/api/product/create', product({ sku: sku.toLowerCase() }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.sku).toEqual(['Another product already has this SKU.']);
  });

  it('finds products as the user types, by name, SKU, brand or a scanned GS1 barcode with lot and expiry', async () => {
    const brand = await created('/api/brand/create', { name: `Kerr ${uid()}` });
    const p = await created('/api/product/create', product({ name: `Herculite composite A2 ${uid()}`, brand_id: brand.id, gtin: '04150000021126', tracks_lots: true }));
    const byName = (await admin.get(`/api/product/search?q=${encodeURIComponent(p.name.slice(0, 14))}`)).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toContain(p.id);
    expect(byName.barcode).toBeNull();
    expect((await admin.get(`/api/product/search?q=${encodeURIComponent(brand.name)}`)).json().data[0].id).toBe(p.id);
    expect((await admin.get(`/api/product/search?q=${p.sku.toLowerCase()}`)).json().data[0].id).toBe(p.id);
    const scan = (await admin.get(`/api/product/search?q=${encodeURIComponent(']d2010415000002112617270630\x1d10LOT-77')}`)).json();
    expect(scan.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect(scan.barcode).toEqual({ gtin: '04150000021126', lot: 'LOT-77', expiry: '2027-06-30', serial: null });
    // Wildcards are data, not patterns.
    expect((await admin.get('/api/product/search?q=%25%25%25')).json().data).toEqual([]);
    expect((await admin.get('/api/product/search?limit=500')).statusCode).toBe(422);
  });

  it('lists units of measurement and active products for pickers', async () => {
    expect((await admin.get('/api/product/unit-measurement')).json().data).toEqual(expect.arrayContaining(['each', 'box', 'carpule', 'cartridge']));
    const all = (await admin.get('/api/product/all')).json().data as Array<{ unit_cost: string }>;
    expect(all.length).toBeGreaterThan(0);
  });
});

describe('procedure codes and templates', () => {
  it('keeps codes unique (case-insensitive, stored upper-case) and validates the category', async () => {
    const code = `D${Math.floor(Math.random() * 9000 + 1000)}${uid().slice(-3)}`.slice(0, 16);
    const c = await created('/api/procedure-code/create', { code: code.toLowerCase(), name: 'Posterior composite, one surface', category: 'restorative' });
    expect(c.code).toBe(code.toUpperCase());
    const dup = await admin.post('/api/procedure-code/create', { code, name: 'Again', category: 'restorative' });
    expect(dup.json().errors.code).toEqual(['This procedure code already exists.']);
    const bad = await admin.post('/api/procedure-code/create', { code: 'D9999X', name: 'X', category: 'cosmetic' });
    expect(bad.json().errors.category).toEqual(['This value is not allowed.']);
  });

  it('a template lists consumables with their cost; a product in a template cannot be deleted; a code in use cannot be deactivated', async () => {
    const code = await created('/api/procedure-code/create', { code: `D7${uid()}`.slice(0, 16), name: 'Simple extraction', category: 'oral_surgery' });
    const gloves = await created('/api/product/create', product({ purchase_price: '8.90', units_per_purchase_unit: 100 }));
    const carpule = await created('/api/product/create', product({ name: 'Articaine 4% 1:100,000', usage_unit: 'carpule', purchase_price: '52.00', units_per_purchase_unit: 50, tracks_lots: true }));
    const template = await created('/api/procedure-template/create', {
      name: `Extraction ${uid()}`, procedure_code_id: code.id, description: 'Simple extraction under local anaesthesia',
      items: [{ product_id: gloves.id, quantity: 2 }, { product_id: carpule.id, quantity: '1.5' }],
    });
    // 2 × 0.089 + 1.5 × 1.04 = 0.178 + 1.56
    expect(template.consumable_cost).toBe('1.7380');
    expect(template.items.map((i: { line_cost: string }) => i.line_cost)).toEqual(['0.1780', '1.5600']);
    const row = (await admin.get(`/api/admin/list/procedures-templates?search=${encodeURIComponent(template.name)}`)).json().data[0];
    expect(row).toMatchObject({ id: template.id, items_count: 2, consumable_cost: '1.7380', procedure_code: code.code });

    const used = await admin.post(`/api/product/delete/${gloves.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(`This record is still used by the procedure templates ${template.name}, so it cannot be deleted. Deactivate it instead, or remove those first.`);
    expect((await admin.post(`/api/procedure-code/delete/${code.id}`)).statusCode).toBe(409);

    const updated = await admin.post(`/api/procedure-template/update/${template.id}`, { name: template.name, procedure_code_id: code.id, items: [{ product_id: carpule.id, quantity: 1 }] });
    expect(updated.json().data.consumable_cost).toBe('1.0400');
    expect((await admin.request('DELETE', `/api/product/delete/${gloves.id}`)).statusCode).toBe(204);
    expect((await admin.post(`/api/procedure-template/delete/${template.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(procedureTemplates).where(eq(procedureTemplates.id, template.id))).toEqual([]);
  });

  it('refuses bad items, naming the item: unknown product, duplicate product, zero or negative quantity', async () => {
    const code = await created('/api/procedure-code/create', { code: `D1${uid()}`.slice(0, 16), name: 'Prophylaxis', category: 'preventive' });
    const p = await created('/api/product/create', product());
    const base = { name: `Prophy ${uid()}`, procedure_code_id: code.id };
    const unknown = await admin.post('/api/procedure-template/create', { ...base, items: [{ product_id: 999999, quantity: 1 }] });
    expect(unknown.json().errors['items.0.product_id']).toEqual(['This product does not exist.']);
    const dup = await admin.post('/api/procedure-template/create', { ...base, items: [{ product_id: p.id, quantity: 1 }, { product_id: p.id, quantity: 2 }] });
    expect(dup.json().errors['items.1.product_id']).toEqual(['This product is already in the template; change its quantity instead.']);
    const zero = await admin.post('/api/procedure-template/create', { ...base, items: [{ product_id: p.id, quantity: 0 }] });
    expect(zero.json().errors['items.0.quantity']).toEqual(['Must be greater than zero.']);
    const negative = await admin.post('/api/procedure-template/create', { ...base, items: [{ product_id: p.id, quantity: -1 }] });
    expect(negative.statusCode).toBe(422);
    const noCode = await admin.post('/api/procedure-template/create', { ...base, procedure_code_id: 999999, items: [] });
    expect(noCode.json().errors.procedure_code_id).toEqual(['This procedure code does not exist.']);
  });
});

describe('catalog permissions', () => {
  it('a Viewer reads the catalog but cannot change it; anonymous is 401', async () => {
    expect((await viewer.get('/api/admin/list/products')).statusCode).toBe(200);
    expect((await viewer.get('/api/product/search?q=glove')).statusCode).toBe(200);
    expect((await viewer.post('/api/brand/create', { name: `Nope ${uid()}` })).statusCode).toBe(403);
    expect((await viewer.post('/api/product/create', product())).statusCode).toBe(403);
    expect((await viewer.post('/api/procedure-template/delete/1')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/admin/list/brands')).statusCode).toBe(401);
  });

  it('an unknown id is a 404, never a 500', async () => {
    for (const url of ['/api/brand/999999', '/api/category/999999', '/api/product/999999', '/api/procedure-code/999999', '/api/procedure-template/999999']) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.post('/api/brand/restore/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/product/update/999999', product())).statusCode).toBe(404);
    expect((await admin.get('/api/product/abc')).statusCode).toBe(422);
  });
});
