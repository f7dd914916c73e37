import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { activityLogs, procedureTemplateItems, products } from '@enamel/db';
import { successionOf } from '../src/features/products/index.ts';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';
import { commit, validated } from './imports-helpers.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin } from './test-app.ts';

const app = listeningAppWithAdmin();
const today = () => new Date().toISOString().slice(0, 10);

async function newProduct(over: Record<string, unknown> = {}) {
  const res = await app.admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `SUC-${uid()}`, usage_unit: 'box', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '8.90', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; sku: string; name: string };
}
const replace = (id: number, body: Record<string, unknown>) => app.admin.request('PUT', `/api/product/${id}/successor`, { json: body });
const stored = async (id: number) => (await app.t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
const detail = async (id: number) => (await app.admin.get(`/api/product/${id}`)).json().data;

async function template(items: Array<{ product_id: number; quantity: string }>) {
  const code = await app.admin.post('/api/procedure-code/create', { code: `S${uid().slice(0, 8)}`.toUpperCase(), name: 'Composite filling', category: 'restorative' });
  expect(code.statusCode, code.body).toBe(201);
  const res = await app.admin.post('/api/procedure-template/create', { name: `Filling ${uid()}`, procedure_code_id: code.json().data.id, items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

describe('succession in the catalog', () => {
  it('"Replace with…" names a successor (today and 1 by default), both details show it, the change is logged; a null successor clears it', async () => {
    const old = await newProduct();
    const next = await newProduct();
    const res = await replace(old.id, { successor_id: next.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ successor_id: next.id, succession: { successor: { id: next.id, name: next.name }, succession_date: today(), succession_factor: '1.000000', predecessors: [] } });
    expect((await detail(next.id)).succession.predecessors).toEqual([{ id: old.id, name: old.name, sku: old.sku, usage_unit: 'box', status: 'active', succession_date: today(), succession_factor: '1.000000' }]);
    const log = await app.t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Product'), eq(activityLogs.subjectId, String(old.id)), eq(activityLogs.action, 'update')));
    expect(log.at(-1)!.after).toMatchObject({ successorId: next.id, successionDate: today(), successionFactor: '1.000000' });

    expect((await replace(old.id, { successor_id: null })).json().data).toMatchObject({ successor_id: null, succession: { successor: null, succession_date: null, succession_factor: null } });
    expect(await stored(old.id)).toMatchObject({ successorId: null, successionDate: null, successionFactor: null });
  });

  it('the product form sets it with a date and factor; a body without successor_id keeps it; null clears it', async () => {
    const next = await newProduct();
    const body = { name: 'Composite A2, 4 g', sku: `SUC-${uid()}`, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '45.50' };
    const created = await app.admin.post('/api/product/create', { ...body, successor_id: next.id, succession_date: '2026-03-01', succession_factor: '0.5' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(await stored(id)).toMatchObject({ successorId: next.id, successionDate: '2026-03-01', successionFactor: '0.500000' });
    expect((await app.admin.request('PUT', `/api/product/update/${id}`, { json: { ...body, name: 'Composite A2' } })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ name: 'Composite A2', successorId: next.id, successionFactor: '0.500000' });
    expect((await app.admin.request('PUT', `/api/product/update/${id}`, { json: { ...body, successor_id: null } })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ successorId: null, successionDate: null, successionFactor: null });
  });

  it('refuses a product succeeding itself, a cycle (A→B→A, A→B→C→A), an inactive or unknown successor, a factor of 0 or below, a date or factor without successor: 422 on the field, nothing changed', async () => {
    const a = await newProduct();
    const b = await newProduct();
    const c = await newProduct();
    const gone = await newProduct();
    expect((await app.admin.post(`/api/product/deactivate/${gone.id}`)).statusCode).toBe(200);
    expect((await replace(a.id, { successor_id: b.id })).statusCode).toBe(200);
    expect((await replace(b.id, { successor_id: c.id })).statusCode).toBe(200);
    const before = await app.t.database.db.select().from(products).where(inArray(products.id, [a.id, b.id, c.id]));
    const cases: Array<[number, Record<string, unknown>, string, string]> = [
      [a.id, { successor_id: a.id }, 'successor_id', 'A product cannot replace itself.'],
      [b.id, { successor_id: a.id }, 'successor_id', 'This would make a cycle of successors: the chosen product is already replaced, directly or through others, by this one.'],
      [c.id, { successor_id: a.id }, 'successor_id', 'This would make a cycle of successors: the chosen product is already replaced, directly or through others, by this one.'],
      [c.id, { successor_id: gone.id }, 'successor_id', 'The successor product is deactivated. Restore it or choose an active product.'],
      [c.id, { successor_id: 987654321 }, 'successor_id', 'This product does not exist.'],
      [c.id, { successor_id: b.id, succession_factor: '0' }, 'succession_factor', 'Must be greater than zero.'],
      [c.id, { successor_id: b.id, succession_factor: -2 }, 'succession_factor', ''],
      [c.id, { successor_id: null, succession_date: '2026-01-01' }, 'succession_date', 'A succession date or conversion factor needs a successor product.'],
      [c.id, { successor_id: null, succession_factor: '2' }, 'succession_factor', 'A succession date or conversion factor needs a successor product.'],
      [c.id, { successor_id: b.id, succession_date: '2026-02-30' }, 'succession_date', ''],
    ];
    for (const [id, body, field, message] of cases) {
      const res = await replace(id, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), `${JSON.stringify(body)} ${res.body}`).toEqual([field]);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    // The form's body too.
    const form = { name: 'x', sku: `SUC-${uid()}`, usage_unit: 'box', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '1' };
    expect((await app.admin.request('PUT', `/api/product/update/${b.id}`, { json: { ...form, successor_id: a.id } })).json().errors.successor_id).toHaveLength(1);
    expect((await app.admin.post('/api/product/create', { ...form, succession_date: '2026-01-01' })).json().errors.succession_date).toHaveLength(1);
    expect((await app.admin.post('/api/product/create', { ...form, successor_id: gone.id })).statusCode).toBe(422);
    expect(await app.t.database.db.select().from(products).where(inArray(products.id, [a.id, b.id, c.id]))).toEqual(before);
    expect(await app.t.database.db.select().from(products).where(eq(products.sku, form.sku))).toEqual([]);
  });

  it('keeps a successor that was deactivated later when the form saves other fields, but it cannot be newly named', async () => {
    const a = await newProduct();
    const b = await newProduct();
    expect((await replace(a.id, { successor_id: b.id, succession_factor: '2' })).statusCode).toBe(200);
    expect((await app.admin.post(`/api/product/deactivate/${b.id}`)).statusCode).toBe(200);
    const row = await stored(a.id);
    const form = { name: 'Renamed', sku: row.sku, usage_unit: 'box', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '1', successor_id: b.id, succession_date: row.successionDate, succession_factor: '2' };
    expect((await app.admin.request('PUT', `/api/product/update/${a.id}`, { json: form })).statusCode).toBe(200);
    // A successor cannot be deleted while a product names it.
    expect((await app.admin.post(`/api/product/delete/${b.id}`)).statusCode).toBe(409);
  });

  it('two writes fired at once that would close a cycle between them: one wins, the other is a 422, no cycle is stored', async () => {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')! };
    const put = (id: number, successor: number) => fetch(`${app.base}/api/product/${id}/successor`, { method: 'PUT', headers, body: JSON.stringify({ successor_id: successor }) }).then((r) => r.status);
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = [await newProduct(), await newProduct(), await newProduct()];
      // A→B and B→A at once.
      expect((await Promise.all([put(a.id, b.id), put(b.id, a.id)])).sort()).toEqual([200, 422]);
      // A→B→C→A: with A→B stored, B→C and C→A fired at once.
      await replace(b.id, { successor_id: null });
      expect(await put(a.id, b.id)).toBe(200);
      expect((await Promise.all([put(b.id, c.id), put(c.id, a.id)])).sort()).toEqual([200, 422]);
      const chains = await successionOf(app.t.database.db, [a.id, b.id, c.id]);
      for (const id of [a.id, b.id, c.id]) expect(chains.get(id)!.successors.map((s) => s.productId)).not.toContain(id);
    }
  }, 120_000);

  it('switches every template naming the old product to its successor, quantities converted, in one step, logged per template', async () => {
    const old = await newProduct();
    const next = await newProduct();
    const other = await newProduct();
    const t1 = await template([{ product_id: old.id, quantity: '3' }, { product_id: other.id, quantity: '1' }]);
    const t2 = await template([{ product_id: next.id, quantity: '1' }, { product_id: old.id, quantity: '2' }]);
    expect((await app.admin.post('/api/product/987654321/switch-templates')).statusCode).toBe(404);
    expect((await replace(987654321, { successor_id: old.id })).statusCode).toBe(404);
    // No successor yet.
    const none = await app.admin.post(`/api/product/${old.id}/switch-templates`);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.successor_id).toEqual(['This product has no successor to switch the templates to.']);
    expect((await replace(old.id, { successor_id: next.id, succession_factor: '0.5' })).statusCode).toBe(200);
    expect((await detail(old.id)).succession.templates_count).toBe(2);

    const viewer = new Agent(app.t.app);
    const reader = await createUser(app.t.database.db, { role: 'Viewer' });
    await viewer.login(reader.email, reader.password);
    expect((await viewer.post(`/api/product/${old.id}/switch-templates`)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/product/${old.id}/successor`, { json: { successor_id: null } })).statusCode).toBe(403);

    const res = await app.admin.post(`/api/product/${old.id}/switch-templates`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.switched).toBe(2);
    const items = async (id: number) =>
      (await app.t.database.db.select({ product: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity }).from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, id))).sort((x, y) => x.product - y.product);
    expect(await items(t1.id)).toEqual([{ product: next.id, quantity: '1.5000' }, { product: other.id, quantity: '1.0000' }].sort((x, y) => x.product - y.product));
    expect(await items(t2.id)).toEqual([{ product: next.id, quantity: '2.0000' }]);
    expect((await detail(old.id)).succession.templates_count).toBe(0);
    const logs = await app.t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'ProcedureTemplate'), inArray(activityLogs.subjectId, [String(t1.id), String(t2.id)]), eq(activityLogs.action, 'update')));
    expect(logs).toHaveLength(2);
    // Nothing left to switch: a no-op.
    expect((await app.admin.post(`/api/product/${old.id}/switch-templates`)).json().data.switched).toBe(0);
    // Now free of templates, the old product can be deactivated.
    expect((await app.admin.post(`/api/product/deactivate/${old.id}`)).statusCode).toBe(200);
  });

  it('a double click on "switch all templates" (two calls at once): both answer 200, each template is switched and logged once', async () => {
    const old = await newProduct();
    const next = await newProduct();
    const t1 = await template([{ product_id: old.id, quantity: '4' }]);
    const t2 = await template([{ product_id: old.id, quantity: '1' }, { product_id: next.id, quantity: '1' }]);
    expect((await replace(old.id, { successor_id: next.id, succession_factor: '0.5' })).statusCode).toBe(200);
    const [a, b] = await Promise.all([app.admin.post(`/api/product/${old.id}/switch-templates`), app.admin.post(`/api/product/${old.id}/switch-templates`)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const results = [a.json().data, b.json().data] as Array<{ switched: number; templates: Array<{ id: number }> }>;
    // Between them every template once; each answer lists only the templates it switched.
    expect(results.map((r) => r.switched).sort()).toEqual([0, 2]);
    for (const r of results) expect(r.templates).toHaveLength(r.switched);
    const logs = await app.t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'ProcedureTemplate'), inArray(activityLogs.subjectId, [String(t1.id), String(t2.id)]), eq(activityLogs.action, 'update')));
    expect(logs).toHaveLength(2);
    const items = await app.t.database.db.select({ template: procedureTemplateItems.procedureTemplateId, product: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity }).from(procedureTemplateItems).where(inArray(procedureTemplateItems.procedureTemplateId, [t1.id, t2.id]));
    expect(items.sort((x, y) => x.template - y.template)).toEqual([
      { template: t1.id, product: next.id, quantity: '2.0000' },
      { template: t2.id, product: next.id, quantity: '1.5000' },
    ]);
  });

  it('a switch whose converted quantity would not fit a template line is a 422 naming the template, and nothing is switched', async () => {
    const old = await newProduct();
    const next = await newProduct();
    const fine = await template([{ product_id: old.id, quantity: '1' }]);
    const big = await template([{ product_id: old.id, quantity: '1000' }]);
    expect((await replace(old.id, { successor_id: next.id, succession_factor: '99999999' })).statusCode).toBe(200);
    const res = await app.admin.post(`/api/product/${old.id}/switch-templates`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors ?? {}), res.body).toEqual(['succession_factor']);
    expect(res.json().errors.succession_factor).toEqual([`After conversion by the factor, a quantity in the template “${big.name}” would be above 9999999999.9999. Lower the factor or that template’s quantity.`]);
    const items = await app.t.database.db.select({ product: procedureTemplateItems.productId }).from(procedureTemplateItems).where(inArray(procedureTemplateItems.procedureTemplateId, [fine.id, big.id]));
    expect(items.map((i) => i.product)).toEqual([old.id, old.id]);
    const logs = await app.t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'ProcedureTemplate'), inArray(activityLogs.subjectId, [String(fine.id), String(big.id)]), eq(activityLogs.action, 'update')));
    expect(logs).toHaveLength(0);
  });

  it('successionOf reads the chain both ways, multiplying the factors', async () => {
    const [a, b, c] = [await newProduct(), await newProduct(), await newProduct()];
    await replace(a.id, { successor_id: b.id, succession_date: '2026-01-01', succession_factor: '0.5' });
    await replace(b.id, { successor_id: c.id, succession_date: '2026-06-01', succession_factor: '4' });
    const chains = await successionOf(app.t.database.db, [a.id, c.id]);
    expect(chains.get(a.id)!.successors).toEqual([
      { productId: b.id, date: '2026-01-01', factor: '0.500000' },
      { productId: c.id, date: '2026-06-01', factor: '2.000000' },
    ]);
    expect(chains.get(c.id)!.predecessors).toEqual([
      { productId: b.id, date: '2026-06-01', factor: '4.000000' },
      { productId: a.id, date: '2026-01-01', factor: '2.000000' },
    ]);
  });

  it('imports successors by SKU with per-row errors, and writes the valid rows', async () => {
    const a = await newProduct();
    const b = await newProduct();
    const gone = await newProduct();
    await app.admin.post(`/api/product/deactivate/${gone.id}`);
    await replace(b.id, { successor_id: a.id });
    const header = 'sku,name,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,successor_sku,succession_date,succession_factor';
    const row = (sku: string, successor: string, date = '', factor = '') => `${sku},Product ${sku},box,box,1,2.00,${successor},${date},${factor}`;
    const n = uid();
    const csv = [
      header,
      row(`IMP-OK-${n}`, b.sku, '2026-04-01', '0.5'), // 2: good
      row(`IMP-SELF-${n}`, `IMP-SELF-${n}`), // 3
      row(`IMP-UNK-${n}`, 'NO-SUCH-SKU'), // 4
      row(`IMP-GONE-${n}`, gone.sku), // 5
      row(a.sku, b.sku), // 6: a → b while b → a
      row(`IMP-DATE-${n}`, '', '2026-04-01'), // 7
      row(`IMP-ZERO-${n}`, b.sku, '', '0'), // 8
      row(`IMP-BADDAY-${n}`, b.sku, '2026-13-01'), // 9
      row(`IMP-PLAIN-${n}`, ''), // 10: good, no succession
    ].join('\n');
    const job = await validated(app.admin, 'product', 'succession.csv', `${csv}\n`);
    const at = (r: number) => job.errors.filter((e) => e.row === r).map((e) => `${e.column}: ${e.message}`);
    expect(job.valid_rows, JSON.stringify(job.errors)).toBe(2);
    expect(at(3)).toEqual(['successor_sku: A product cannot replace itself.']);
    expect(at(4)).toEqual(['successor_sku: “NO-SUCH-SKU” is neither in the catalog nor a valid row of this file.']);
    expect(at(5)).toEqual(['successor_sku: The successor product is deactivated. Restore it or choose an active product.']);
    expect(at(6)[0]).toMatch(/^successor_sku: This would make a cycle/);
    expect(at(7)).toEqual(['succession_date: A succession date or conversion factor needs a successor product.']);
    expect(at(8)[0]).toMatch(/^succession_factor: /);
    expect(at(9)[0]).toMatch(/^succession_date: /);
    expect(await commit(app.admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', created: 2 });
    const [ok] = await app.t.database.db.select().from(products).where(eq(products.sku, `IMP-OK-${n}`));
    expect(ok).toMatchObject({ successorId: b.id, successionDate: '2026-04-01', successionFactor: '0.500000' });
    const [plain] = await app.t.database.db.select().from(products).where(eq(products.sku, `IMP-PLAIN-${n}`));
    expect(plain).toMatchObject({ successorId: null, successionDate: null, successionFactor: null });
    // An empty successor cell keeps the stored succession.
    const again = await validated(app.admin, 'product', 'keep.csv', `${header}\n${row(`IMP-OK-${n}`, '')}\n`);
    await commit(app.admin, again.id, 'valid');
    expect(await stored(ok!.id)).toMatchObject({ successorId: b.id, successionFactor: '0.500000' });
  });

  it('a successor the same file adds is linked after it is written, wherever it stands in the file (a chain too); a bad one refuses the row', async () => {
    const header = 'sku,name,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,successor_sku,succession_date,succession_factor';
    const row = (sku: string, successor: string, date = '', factor = '') => `${sku},Product ${sku},box,box,1,2.00,${successor},${date},${factor}`;
    const n = uid();
    const [a, b, c, bad, gone] = ['A', 'B', 'C', 'BAD', 'GONE'].map((x) => `IMP-NEW-${x}-${n}`) as [string, string, string, string, string];
    const csv = [
      header,
      row(a, b.toLowerCase(), '2026-05-01', '0.5'), // 2: its successor comes further down (named in another case)
      row(c, ''), // 3
      row(b, c, '2026-06-01', '2'), // 4: its successor came before
      row(bad, `IMP-NEW-NONE-${n}`), // 5: in neither the catalog nor the file
      `${gone},Product ${gone},parsec,box,1,2.00,${a},,`, // 6: an invalid row…
      row(`IMP-NEW-D-${n}`, gone), // 7: …cannot be a successor
    ].join('\n');
    const job = await validated(app.admin, 'product', 'same-file.csv', `${csv}\n`);
    const at = (r: number) => job.errors.filter((e) => e.row === r).map((e) => `${e.column}: ${e.message}`);
    expect(job.valid_rows, JSON.stringify(job.errors)).toBe(3);
    expect(at(5)).toEqual([`successor_sku: “IMP-NEW-NONE-${n}” is neither in the catalog nor a valid row of this file.`]);
    expect(at(6)[0]).toMatch(/^usage_unit: /);
    expect(at(7)).toEqual([`successor_sku: “${gone}” is neither in the catalog nor a valid row of this file.`]);
    expect(await commit(app.admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', created: 3 });
    const bySku = async (sku: string) => (await app.t.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
    const [pa, pb, pc] = [await bySku(a), await bySku(b), await bySku(c)];
    expect(pa).toMatchObject({ successorId: pb.id, successionDate: '2026-05-01', successionFactor: '0.500000' });
    expect(pb).toMatchObject({ successorId: pc.id, successionDate: '2026-06-01', successionFactor: '2.000000' });
    expect(pc).toMatchObject({ successorId: null, successionDate: null, successionFactor: null });
    expect((await detail(pc.id)).succession.predecessors.map((p: { id: number }) => p.id)).toEqual([pb.id]);
  });

  it('new products of one file that name each other in a cycle write nothing', async () => {
    const header = 'sku,name,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,successor_sku';
    const n = uid();
    const [a, b] = [`IMP-CYC-A-${n}`, `IMP-CYC-B-${n}`];
    const job = await validated(app.admin, 'product', 'new-cycle.csv', `${header}\n${a},A,box,box,1,2.00,${b}\n${b},B,box,box,1,2.00,${a}\n`);
    expect(job.valid_rows, JSON.stringify(job.errors)).toBe(2);
    const done = await commit(app.admin, job.id, 'valid');
    expect(done.status).toBe('failed');
    expect(done.failure).toMatch(/cycle of successors/);
    expect(await app.t.database.db.select().from(products).where(eq(products.sku, a))).toHaveLength(0);
  });

  it('an import whose rows make a cycle among themselves writes nothing', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    const header = 'sku,name,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,successor_sku';
    const job = await validated(app.admin, 'product', 'cycle.csv', `${header}\n${a.sku},A,box,box,1,2.00,${b.sku}\n${b.sku},B,box,box,1,2.00,${a.sku}\n`);
    expect(job.valid_rows).toBe(2);
    const done = await commit(app.admin, job.id, 'valid');
    expect(done.status).toBe('failed');
    expect(done.failure).toMatch(/cycle of successors/);
    expect((await stored(a.id)).successorId).toBeNull();
    expect((await stored(b.id)).successorId).toBeNull();
  });
});
