import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { EXPORT_MAX_ROWS } from '../src/core/list-engine.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { signedInUser, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signedIn = (role: string, practiceIds: number[] = []) => signedInUser(t, { role, practiceIds });

/** RFC 4180 parsing, enough for these tests (quoted cells, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The CSV as objects keyed by the header row; checks the download headers on the way. */
function csvOf(res: LightMyRequestResponse, name: string): { header: string[]; rows: Record<string, string>[] } {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  expect(res.body.startsWith('\ufeff')).toBe(true); // BOM, for spreadsheet programs
  const [header, ...lines] = parseCsv(res.body.slice(1));
  return { header: header!, rows: lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? '']))) };
}

const filters = (...f: Array<{ field: string; condition: string; value?: unknown }>) => encodeURIComponent(JSON.stringify(f));

describe('list export (format=csv)', () => {
  it('answers the declared columns, with the JSON list’s search, filters and sort, without paging', async () => {
    const { agent } = await signedIn('Super Admin');
    const tag = `exp${Date.now().toString(36)}`;
    for (let i = 0; i < 7; i++) await createPractice(t.database.db, { name: `${tag} Clinic ${String.fromCharCode(71 - i)}`, code: `${tag}-${i}`, status: i === 3 ? 'inactive' : 'active' });
    await createPractice(t.database.db); // not matched by the search

    const params = `search=${tag}&column_filters=${filters({ field: 'status', condition: 'equal', value: 'active' })}&sort_column=name&sort_direction=desc`;
    const json = (await agent.get(`/api/admin/list/dental-practices?${params}&pagesize=100`)).json();
    const { header, rows } = csvOf(await agent.get(`/api/admin/list/dental-practices?${params}&pagesize=2&current_page=2&format=csv`), 'dental-practices');

    expect(header).toEqual(['id', 'name', 'code', 'email', 'phone', 'address', 'time_zone', 'currency', 'status', 'created_at']);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => Number(r.id))).toEqual(json.data.map((p: { id: number }) => p.id));
    expect(rows.map((r) => r.name)).toEqual([...'GFECBA'].map((l) => `${tag} Clinic ${l}`)); // D is inactive
    expect(rows.every((r) => r.status === 'active' && r.email === '' && !Number.isNaN(Date.parse(r.created_at!)))).toBe(true);
  });

  it('neutralises cells a spreadsheet would run as formulas, and keeps negative numbers numbers', async () => {
    const { agent } = await signedIn('Super Admin');
    const tag = `frm${Date.now().toString(36)}`;
    const evil = ['=HYPERLINK("http://x.test","y")', '+1+2', '-3-4', '@SUM(A1)', '\tTabbed', '\rReturn', 'Plain, "quoted"'];
    for (const [i, address] of evil.entries()) await createPractice(t.database.db, { name: `${tag} ${i}`, code: `${tag}-${i}`, address });
    const { rows } = csvOf(await agent.get(`/api/admin/list/dental-practices?search=${tag}&sort_column=code&format=csv`), 'dental-practices');
    expect(rows.map((r) => r.address)).toEqual(['\'=HYPERLINK("http://x.test","y")', "'+1+2", "'-3-4", "'@SUM(A1)", "'\tTabbed", "'\rReturn", 'Plain, "quoted"']);

    // A number column with a negative value is not a formula.
    await t.database.db.execute(sql`insert into activity_logs (action, subject, subject_id, user_id) values ('create', 'Brand', ${`=${tag}`}, -7)`);
    const logs = csvOf(await agent.get(`/api/admin/list/logs?search=${tag}&format=csv`), 'logs');
    expect(logs.rows).toHaveLength(1);
    expect(logs.rows[0]).toMatchObject({ subject_id: `'=${tag}`, user_id: '-7', dental_practice_id: '' });
    expect(logs.header).not.toContain('before'); // only declared columns
  });

  it('exports the ledger with consumed quantities as numbers a spreadsheet can sum; text that looks like a formula stays neutralised', async () => {
    const { agent } = await signedIn('Super Admin');
    const tag = `led${Date.now().toString(36)}`;
    const practice = await createPractice(t.database.db);
    const product = (await agent.post('/api/product/create', { name: `-cmd ${tag}`, sku: `G-${tag}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10', tracks_lots: false })).json().data;
    expect((await agent.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '5', reason: '=1+1' })).statusCode).toBe(200);
    const code = (await agent.post('/api/procedure-code/create', { code: `D${tag}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
    const done = await agent.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:30:00Z', status: 'completed', items: [{ product_id: product.id, quantity: '2' }] });
    expect(done.statusCode, done.body).toBe(201);

    const { rows } = csvOf(await agent.get(`/api/admin/list/stock-movements?dental_practice_id=${practice.id}&sort_column=id&sort_direction=asc&format=csv`), 'stock-movements');
    expect(rows.map((r) => r.quantity)).toEqual(['5.0000', '-2.0000']);
    expect(rows.map((r) => r.product_name)).toEqual([`'-cmd ${tag}`, `'-cmd ${tag}`]);
    expect(rows[0]!.reason).toBe("'=1+1");
  });

  it('exports only what the user may see: the practice scope applies before anything else', async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const inA = await createUser(t.database.db, { role: 'Viewer', practiceIds: [a.id], email: `a-${Date.now()}@example.test` });
    const inB = await createUser(t.database.db, { role: 'Viewer', practiceIds: [b.id] });
    const { agent, user: manager } = await signedIn('Practice Manager', [a.id]);

    const users = csvOf(await agent.get('/api/admin/list/users?format=csv'), 'users');
    const ids = users.rows.map((r) => Number(r.id));
    expect(ids).toContain(inA.id);
    expect(ids).toContain(manager.id);
    expect(ids).not.toContain(inB.id);
    expect(users.header).toEqual(['id', 'name', 'email', 'status', 'locale', 'roles', 'dental_practices', 'last_login_at', 'created_at']);
    // Even a filter naming the other practice's user finds nothing.
    const guessed = csvOf(await agent.get(`/api/admin/list/users?format=csv&column_filters=${filters({ field: 'id', condition: 'equal', value: inB.id })}`), 'users');
    expect(guessed.rows).toEqual([]);
    expect(guessed.header).toHaveLength(9); // the header row even when empty

    const practices = csvOf(await agent.get('/api/admin/list/dental-practices?format=csv'), 'dental-practices');
    expect(practices.rows.map((r) => Number(r.id))).toEqual([a.id]);

    await t.database.db.execute(sql`insert into activity_logs (action, subject, dental_practice_id) values ('update', 'Product', ${a.id}), ('update', 'Product', ${b.id})`);
    const logs = csvOf(await agent.get('/api/admin/list/logs?format=csv'), 'logs');
    expect(new Set(logs.rows.map((r) => r.dental_practice_id))).toEqual(new Set([String(a.id)]));

    // A role without the read permission gets no export either.
    const { agent: viewer } = await signedIn('Viewer', [a.id]);
    expect((await viewer.get('/api/admin/list/users?format=csv')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/admin/list/users?format=csv')).statusCode).toBe(401);
  });

  it('exports the permissions list too (every list route goes through the same path)', async () => {
    const { agent } = await signedIn('Super Admin');
    const { header, rows } = csvOf(await agent.get(`/api/admin/list/permissions?format=csv&column_filters=${filters({ field: 'subject', condition: 'equal', value: 'all' })}`), 'permissions');
    expect(header).toEqual(['id', 'name', 'action', 'subject', 'inverted', 'roles']);
    expect(rows).toContainEqual(expect.objectContaining({ action: 'manage', subject: 'all', inverted: 'false', roles: 'Super Admin' }));
  });

  it('is described in the OpenAPI document: a JSON page or a CSV, for every list path', async () => {
    const doc = (await new Agent(t.app).get('/api/openapi.json')).json();
    const lists = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/list/'));
    expect(lists).toEqual(expect.arrayContaining(['/api/admin/list/dental-practices', '/api/admin/list/logs', '/api/admin/list/permissions', '/api/admin/list/users']));
    for (const p of lists) {
      const get = doc.paths[p].get;
      expect(Object.keys(get.responses['200'].content).sort(), p).toEqual(['application/json', 'text/csv']);
      expect(get.responses['200'].content['application/json'].schema.properties).toHaveProperty('meta');
      expect(get.parameters.find((x: { name: string }) => x.name === 'format').schema.enum).toEqual(['json', 'csv']);
    }
  });

  it.each([
    ['format=xlsx', 'format'],
    ['format=CSV', 'format'],
    ['format=csv&sort_column=password_hash', 'sort_column'],
    ['format=csv&sort_column=roles', 'sort_column'], // declared but not sortable
    ['format=csv&column_filters=not-json', 'column_filters'],
    [`format=csv&column_filters=${filters({ field: 'password_hash', condition: 'equal', value: 'x' })}`, 'column_filters'],
    [`format=csv&column_filters=${filters({ field: 'created_at', condition: 'contain', value: 'x' })}`, 'column_filters'],
    [`format=csv&column_filters=${filters({ field: 'id', condition: 'equal', value: "1; drop table users" })}`, 'column_filters'],
    ['format=csv&search=' + 'x'.repeat(201), 'search'],
    ['format=csv&format=json', 'format'],
  ])('a bad request (%s) is a 422 naming %s, never a CSV or a 500', async (params, field) => {
    const { agent } = await signedIn('Super Admin');
    const res = await agent.get(`/api/admin/list/users?${params}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it(`caps an export at ${EXPORT_MAX_ROWS} rows; beyond that a 422 on format asks to filter more`, async () => {
    const { agent } = await signedIn('Super Admin');
    const practice = await createPractice(t.database.db);
    const insert = (n: number) =>
      t.database.db.execute(
        sql`insert into activity_logs (action, subject, subject_id, dental_practice_id, created_at)
            select 'update', 'Inventory', g::text, ${practice.id}, now() - g * interval '1 second' from generate_series(1, ${n}) g`,
      );
    await insert(EXPORT_MAX_ROWS);
    const inPractice = filters({ field: 'dental_practice_id', condition: 'equal', value: practice.id });

    const full = await agent.get(`/api/admin/list/logs?format=csv&column_filters=${inPractice}`);
    expect(full.statusCode).toBe(200);
    expect(full.body.trimEnd().split('\n')).toHaveLength(EXPORT_MAX_ROWS + 1);

    await insert(1);
    const over = await agent.get(`/api/admin/list/logs?format=csv&column_filters=${inPractice}`);
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['format']);
    expect(over.json().errors.format[0]).toMatch(/100000.*filter/i);

    // The JSON list of the same rows still pages as before.
    const page = await agent.get(`/api/admin/list/logs?column_filters=${inPractice}&pagesize=10`);
    expect(page.json().meta).toMatchObject({ total: EXPORT_MAX_ROWS + 1, per_page: 10 });

    // Filtering further makes the export possible again.
    const narrowed = filters({ field: 'dental_practice_id', condition: 'equal', value: practice.id }, { field: 'subject_id', condition: 'start_with', value: '9999' });
    const { rows } = csvOf(await agent.get(`/api/admin/list/logs?format=csv&column_filters=${narrowed}`), 'logs');
    expect(rows.map((r) => r.subject_id).sort()).toEqual(['9999', '99990', '99991', '99992', '99993', '99994', '99995', '99996', '99997', '99998', '99999']);
  });
});
