/**
 * Generative test: walks the OpenAPI document (GET /api/openapi.json) and sends every operation
 * malformed and boundary values — wrong types, missing and extra fields, NUL, 100 KB strings, huge,
 * negative and fractional numbers, impossible dates, bad multipart — signed in as a Super Admin with
 * a valid XSRF token and the ids of records that exist, so the values reach validation and the
 * database. No answer may be a 5xx, the app must still answer afterwards, and at least 80 % of the
 * requests must get past 401/403/404/419 (else the test would only be exercising the guards).
 *
 * Seeded and reproducible; to run it with another seed:
 *   FUZZ_SEED=12345 npx vitest run --project api test/openapi-fuzz.test.ts
 * A failure prints the seed and each failing request (method, URL, body) with its answer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILTER_CONDITIONS } from '@enamel/contracts';
import { supplierOffers, suppliers } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { multipart } from './imports-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Requests per operation: ~150 operations, so about 1,500 requests per database. */
const CASES = 10;
const AUTH_STATUSES = new Set([401, 403, 404, 419]);

/**
 * Left out, because they would end or replace the session this test runs in, or re-seed the
 * database instead of validating input: sign-out, changing the signed-in user's own password
 * (revokes the session), and the demo-data seeder.
 */
const SKIPPED = new Set(['POST /logout', 'POST /api/profile/password', 'POST /api/seeder/data']);

type Schema = {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};
interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Request {
  method: string;
  url: string;
  json?: unknown;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

let t: TestApp;
let admin: Agent;
const ids: Record<string, Array<number | string>> = {};

const uid = (() => {
  let n = 0;
  return () => `${Date.now().toString(36)}${++n}`;
})();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const practiceA = await createPractice(db);
  const practiceB = await createPractice(db);
  const me = await createUser(db, { role: 'Super Admin', practiceIds: [practiceA.id, practiceB.id] });
  const other = await createUser(db, { role: 'Clinical Staff', practiceIds: [practiceA.id] });
  admin = new Agent(t.app);
  await admin.login(me.email, me.password);

  const made = async (url: string, body: unknown) => {
    const res = await admin.post(url, body);
    expect([200, 201], `${url}: ${res.body}`).toContain(res.statusCode);
    return res.json().data;
  };
  const brand = await made('/api/brand/create', { name: `Fuzz brand ${uid()}` });
  const category = await made('/api/category/create', { name: `Fuzz category ${uid()}` });
  const lotted = await made('/api/product/create', { name: `Fuzz lotted ${uid()}`, sku: `FZL-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true, brand_id: brand.id, category_id: category.id });
  const plain = await made('/api/product/create', { name: `Fuzz plain ${uid()}`, sku: `FZP-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '9.90' });
  const code = await made('/api/procedure-code/create', { code: `FZ${uid()}`.slice(0, 16), name: 'Fuzz code', category: 'restorative' });
  const template = await made('/api/procedure-template/create', { name: `Fuzz template ${uid()}`, procedure_code_id: code.id, items: [{ product_id: lotted.id, quantity: '1' }] });
  const inventory = await made('/api/inventory/receive', { dental_practice_id: practiceA.id, product_id: lotted.id, quantity: '500', lot_number: 'FZ-1', expiry_date: '2031-01-31' });
  await made('/api/inventory/receive', { dental_practice_id: practiceA.id, product_id: plain.id, quantity: '500' });
  const procedure = await made('/api/procedure/create', { dental_practice_id: practiceA.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-11-20T10:30:00Z', status: 'completed' });
  const role = await made('/api/role/create', { name: `Fuzz role ${uid()}`, permission_ids: [] });
  const permission = await made('/api/permission/create', { name: `Fuzz permission ${uid()}`, action: 'read', subject: 'Brand' });
  const { payload, headers } = multipart('brands.csv', `name\nFuzz imported ${uid()}\n`);
  const job = await admin.request('POST', '/api/brand/import', { payload, headers });
  expect(job.statusCode, job.body).toBe(202);
  const reportExport = await admin.post('/api/reports/exports', { report: 'reorder-list', dental_practice_id: practiceA.id, format: 'csv' });
  expect(reportExport.statusCode, reportExport.body).toBe(202);

  // A supplier, its offer and a purchase order sent and partly received (so receive and return reach their checks).
  const [supplier] = await db.insert(suppliers).values({ name: `Fuzz supplier ${uid()}`, email: 'fuzz@supplier.test', currency: practiceA.currency }).returning();
  const [offer] = await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: lotted.id, purchaseUnit: 'box', unitsPerPurchaseUnit: '50', price: '40' }).returning();
  const po = await made('/api/purchase-orders', { dental_practice_id: practiceA.id, supplier_id: supplier!.id, lines: [{ product_id: lotted.id, supplier_offer_id: offer!.id, quantity: '1000' }] });
  await made(`/api/purchase-orders/${po.id}/send`, undefined);
  await made(`/api/purchase-orders/${po.id}/receive`, { lines: [{ line_id: po.lines[0].id, quantity: '2', lot_number: 'FZ-PO', expiry_date: '2031-01-31' }] });
  // An operatory with a par level (the restock list and the par-level routes reach their checks).
  const operatory = await made('/api/storage-location/create', { dental_practice_id: practiceA.id, name: `Fuzz operatory ${uid()}`, kind: 'operatory' });
  const par = await made('/api/location-par-level/set', { location_id: operatory.id, product_id: plain.id, par_quantity: '50' });

  // Only records this test made: never the signed-in user, a seeded role or permission.
  Object.assign(ids, {
    practice: [practiceA.id, practiceB.id],
    user: [other.id],
    brand: [brand.id],
    category: [category.id],
    product: [lotted.id, plain.id],
    procedure_code: [code.id],
    procedure_template: [template.id],
    inventory: [inventory.id],
    lot: inventory.lots.map((l: { id: number }) => l.id),
    procedure: [procedure.id],
    procedure_item: procedure.items.map((i: { id: number }) => i.id),
    role: [role.id],
    permission: [permission.id],
    import: [job.json().data.id],
    report_export: [reportExport.json().data.id],
    supplier: [supplier!.id],
    supplier_offer: [offer!.id],
    purchase_order: [po.id],
    purchase_order_line: po.lines.map((l: { id: number }) => l.id),
    location: [operatory.id],
    par_level: [par.id],
  });
}, 120_000);
afterAll(async () => t?.close());

/** Which pool of real ids a field or path segment names. */
const RESOURCES: Array<[RegExp, string]> = [
  [/^(to_)?dental_practice|^dental-practice/, 'practice'],
  [/^(from|to)_practice/, 'practice'],
  [/^replenishment\/order-suggestions/, 'inventory'],
  [/^procedure[-_]template/, 'procedure_template'],
  [/^procedure[-_]code/, 'procedure_code'],
  [/^procedure\/update\/procedure-item|^procedure_item/, 'procedure_item'],
  [/^procedure/, 'procedure'],
  [/^product/, 'product'],
  [/^brand/, 'brand'],
  [/^(category|parent)/, 'category'],
  [/^inventory/, 'inventory'],
  [/^lot/, 'lot'],
  [/^role/, 'role'],
  [/^permission/, 'permission'],
  [/^user/, 'user'],
  [/^import/, 'import'],
  [/^reports\/exports/, 'report_export'],
  [/^purchase-orders/, 'purchase_order'],
  [/^supplier_offer/, 'supplier_offer'],
  [/^supplier/, 'supplier'],
  [/^line/, 'purchase_order_line'],
  [/^location-par-level/, 'par_level'],
  [/^((from|to)_)?location|^storage-location/, 'location'],
];
function poolFor(name: string): Array<number | string> | undefined {
  const hit = RESOURCES.find(([re]) => re.test(name));
  return hit ? ids[hit[1]] : undefined;
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100 * 1024);
const nastyString = fc.constantFrom(NUL, '\u0000', HUGE, '', '   ', '%00', '\uD800', "'; drop table users; --", '😀'.repeat(40), '1e308', '-1', 'NaN', 'null', 'ÿ'.repeat(300));
const nastyNumber = fc.constantFrom(-1, 0, 1.5, -0.5, 1e308, -1e308, 1e20, -1e20, 1e-320, 2147483647, 2147483648, -2147483649, 9007199254740991, 9007199254740992, Number.MAX_VALUE, 0.00001);
const nastyDate = fc.constantFrom('2024-02-30', '0000-01-01', '99999-01-01', '1899-12-31', '2024-13-01', '2023-02-29', '2024-02-30T10:00:00Z', '0001-01-01T00:00:00Z', '275760-09-13T00:00:00Z', '9999-12-31T23:59:59Z', '2024-02-29');
const wrongType = fc.constantFrom<unknown>(true, false, null, [], {}, [1, 'a'], { a: { b: [] } }, 'string', 12345);
const nasty: fc.Arbitrary<unknown> = fc.oneof(nastyString, nastyNumber, nastyDate, wrongType);

/** A value the schema would plausibly accept: real ids for id fields, well-formed dates and codes. */
function plausible(schema: Schema, name: string, path: string): fc.Arbitrary<unknown> {
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: fc.constant(null) }) : a);
  if (schema.enum) return nullable(fc.constantFrom(...schema.enum));
  if (schema.anyOf) {
    const kinds = schema.anyOf.map((s) => s.type).join(',');
    if (kinds === 'string,number') return nullable(fc.constantFrom<unknown>('1', '2.5', 3, '0.0001', '10.25'));
    return nullable(fc.oneof(...schema.anyOf.map((s) => plausible(s, name, path))));
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const pool = name === 'id' ? poolFor(path.replace(/^\/api\//, '')) : /_ids?$/.test(name) ? poolFor(name) : undefined;
      if (pool) return nullable(fc.constantFrom(...pool));
      const min = Math.max(schema.minimum ?? 0, 0);
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      // A fractional field (a service level in [0.5, 0.999]) gets fractions; a whole-number one whole numbers.
      if (schema.type === 'number') return nullable(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
      return nullable(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
    }
    case 'boolean':
      return nullable(fc.boolean());
    case 'array': {
      const item = plausible(schema.items ?? {}, name, path);
      return nullable(fc.array(item, { maxLength: Math.min(schema.maxItems ?? 3, 3) }));
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, plausible(s, k, path)]));
      return nullable(fc.record(shape, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) }));
    }
    case 'string':
    default: {
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /date$/.test(name)) return nullable(fc.constantFrom('2029-05-31', '2030-12-01'));
      if (schema.format === 'date-time') return nullable(fc.constantFrom('2026-11-20T10:30:00Z', '2026-01-02T08:00:00+01:00'));
      if (schema.format === 'email') return nullable(fc.constant(`fuzz-${uid()}@example.test`));
      if (name === 'time_zone') return fc.constantFrom('Europe/Paris', 'UTC');
      if (name === 'currency') return fc.constantFrom('EUR', 'usd');
      if (/password/.test(name)) return fc.constant('Fuzz-Password-2026!');
      if (name === 'conditions') return fc.constantFrom({ dentalPracticeId: 1 }, {});
      if (schema.pattern) return nullable(fc.constant(`FZ${uid()}`.slice(0, schema.maxLength ?? 16)));
      const poolString = name === 'id' ? poolFor(path.replace(/^\/api\//, '')) : undefined;
      if (poolString) return fc.constantFrom(...poolString);
      return nullable(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }).map((s) => (schema.minLength ? `Fuzz ${s}` : s)));
    }
  }
}

/** Every place in a JSON value a mutation can hit, as key paths. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
}
function setAt(value: unknown, path: Array<string | number>, next: unknown, remove = false): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

type Body = { json?: unknown; payload?: string; contentType?: string };
/** A plausible body with one thing wrong (or, sometimes, nothing wrong, or everything). */
function bodyArb(schema: Schema, path: string): fc.Arbitrary<Body> {
  const valid = plausible(schema, '', path);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(valid, fc.nat(), nasty).map(([b, i, v]) => { const ps = pathsOf(b); return { json: ps.length ? setAt(b, ps[i % ps.length]!, v) : v }; }) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat()).map(([b, i]) => { const ps = pathsOf(b); return { json: ps.length ? setAt(b, ps[i % ps.length]!, undefined, true) : b }; }) },
    { weight: 1, arbitrary: fc.tuple(valid, nasty).map(([b, v]) => ({ json: b && typeof b === 'object' && !Array.isArray(b) ? { ...b, fuzz_extra: v } : b })) },
    { weight: 1, arbitrary: valid.map((b) => ({ json: b })) },
    { weight: 1, arbitrary: nasty.map((v) => ({ json: v })) },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ payload: '{"a": ', contentType: 'application/json' }, { payload: '', contentType: 'application/json' }, { payload: 'a=1', contentType: 'application/x-www-form-urlencoded' }, { payload: '\u0000', contentType: 'text/plain' }, { payload: `{"name":"a\\u0000b"}`, contentType: 'application/json' }) },
  );
}

/** Column filters for a list: its row's fields, conditions of their types, plausible or nasty values. */
function filtersArb(row: Schema | undefined): fc.Arbitrary<string> {
  const fields = Object.entries(row?.properties ?? {}).map(([name, s]) => {
    const type: keyof typeof FILTER_CONDITIONS = s.type === 'integer' || s.type === 'number' ? 'number' : s.type === 'boolean' ? 'bool' : /(_at|date|expiry)$/.test(name) ? 'date' : 'string';
    return { name, type };
  });
  if (!fields.length) fields.push({ name: 'id', type: 'number' });
  const value = fc.oneof(nasty, fc.constantFrom<unknown>('2026-11-20', '2026-11-20T10:30:00Z', 1, '2', 'a', true, 'all'));
  const filter = fc.tuple(fc.constantFrom(...fields), fc.nat(), value, fc.boolean()).map(([f, i, v, odd]) => {
    const conditions = FILTER_CONDITIONS[f.type];
    return { field: odd && i % 7 === 0 ? 'no_such_field' : f.name, condition: odd && i % 5 === 0 ? 'regex' : conditions[i % conditions.length], value: v };
  });
  return fc.oneof({ weight: 8, arbitrary: fc.array(filter, { minLength: 1, maxLength: 3 }).map((fs) => JSON.stringify(fs)) }, { weight: 1, arbitrary: fc.constantFrom('[{', 'null', '{}', '\u0000', HUGE.slice(0, 20_000)) });
}

/** Path values: mostly real ids, sometimes ones that cannot exist or cannot be ids. */
function pathValueArb(name: string, path: string): fc.Arbitrary<string> {
  const resource = path.replace(/^\/api\//, '');
  const pool = name === 'kind' ? ['brand', 'product', 'inventory', 'procedure'] : name === 'lineId' ? ids.purchase_order_line! : poolFor(resource) ?? [1];
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...pool.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '2147483648', '9007199254740993', '1e308', 'abc', '%00', 'nul%00', '%F0%9F%98%80', 'x'.repeat(190)) },
  );
}

function requestArb(op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const row = op.responses?.['200']?.content?.['application/json']?.schema.properties?.data?.items;
  const pathArb = fc.tuple(...pathParams.map((p) => pathValueArb(p.name, op.path))).map((values) =>
    pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]!.startsWith('%') || values[i]!.includes('%') ? values[i]! : encodeURIComponent(values[i]!)), op.path),
  );
  // Every parameter plausible (or absent), then at most one of them nasty: so the others do not stop the request first.
  const queryArb = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(p.name === 'column_filters' ? filtersArb(row) : plausible(p.schema, p.name, op.path), { freq: 3 }))),
      fc.nat(),
      nasty,
      fc.boolean(),
    )
    .map(([values, which, bad, mutate]) => {
      const q = new URLSearchParams();
      queryParams.forEach((p, i) => {
        const v = mutate && i === which % queryParams.length ? bad : values[i];
        if (v !== null && v !== undefined) q.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
      });
      return q.toString();
    });
  const json = op.requestBody?.content['application/json']?.schema;
  const upload = op.method === 'POST' && !op.requestBody && op.path.endsWith('/import');
  const body: fc.Arbitrary<Body | null> = json ? bodyArb(json, op.path) : upload ? uploadArb() : fc.constant(null);
  // Declared headers (the Idempotency-Key of stock writes): absent, a plausible key, or a malformed one (empty, blank, too long, not ASCII, control).
  const headerArb = fc.tuple(
    ...headerParams.map(() =>
      fc.option(fc.oneof({ weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...'abcXYZ019-_:.'), minLength: 1, maxLength: 40 }) }, { weight: 2, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(256), 'caf\u00e9', 'a\u007fb', '\u00ff'.repeat(300)) }), { freq: 2 }),
    ),
  );
  return fc.tuple(pathArb, queryArb, body, headerArb).map(([path, query, b, values]) => {
    const req: Request = { method: op.method, url: query ? `${path}?${query}` : path };
    if (b?.json !== undefined) req.json = b.json;
    if (b?.payload !== undefined) req.payload = b.payload;
    if (b?.contentType) req.headers = { 'content-type': b.contentType };
    headerParams.forEach((p, i) => {
      const v = values[i];
      if (v !== null && v !== undefined) req.headers = { ...req.headers, [p.name]: v };
    });
    return req;
  });
}

/** Multipart bodies: well-formed files with bad content, and broken envelopes. */
function uploadArb(): fc.Arbitrary<Body> {
  const content = fc.constantFrom('name\nGood brand\n', 'name\na\u0000b\n', `name\n${'y'.repeat(5000)}\n`, 'sku,name\n,,,,\n', '\u0000\u0001\u0002', 'PK\u0003\u0004broken zip', '', 'name\n"unterminated\n');
  const fileName = fc.constantFrom('file.csv', 'file.xlsx', 'file.xls', 'file.txt', 'a\u0000b.csv', '../../etc/passwd', '');
  return fc.tuple(content, fileName, fc.nat(6)).map(([c, f, kind]) => {
    const { payload, headers } = multipart(f, c);
    const text = payload.toString('latin1');
    const type = headers['content-type'];
    switch (kind) {
      case 0: return { payload: text, contentType: 'multipart/form-data' }; // no boundary
      case 1: return { payload: text.slice(0, Math.floor(text.length * 0.7)), contentType: type }; // cut before the closing boundary
      case 2: return { payload: text.replace(/name="file"/, 'name="other"'), contentType: type };
      case 3: return { payload: 'not multipart at all', contentType: type };
      case 4: return { payload: text, contentType: 'multipart/form-data; boundary=' }; // empty boundary
      default: return { payload: text, contentType: type };
    }
  });
}

/** A stable seed per operation, so one operation's cases do not depend on the others. */
function seedFor(key: string): number {
  let h = SEED | 0;
  for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

it('no operation of the OpenAPI document answers a 5xx to malformed or boundary input', async () => {
  const doc = (await admin.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }>();
  const operations: Operation[] = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })))
    .filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));
  // Deletions last, so the records every other operation aims at exist while it runs.
  const destructive = (op: Operation) => /\/(delete|deactivate)/.test(op.path);
  operations.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  expect(operations.length).toBeGreaterThan(100);

  const started = Date.now();
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let sent = 0;
  let pastAuth = 0;
  const slow: Array<[string, number]> = [];
  for (const op of operations) {
    const opStarted = Date.now();
    const cases = fc.sample(requestArb(op), { seed: seedFor(`${op.method} ${op.path}`), numRuns: CASES });
    for (const req of cases) {
      const res = await admin.request(req.method as 'GET', req.url, {
        ...(req.json !== undefined ? { json: req.json } : {}),
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
        ...(req.headers ? { headers: req.headers } : {}),
      });
      sent++;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (!AUTH_STATUSES.has(res.statusCode)) pastAuth++;
      if (res.statusCode >= 500) {
        const body = req.json !== undefined ? JSON.stringify(req.json) : typeof req.payload === 'string' ? JSON.stringify(req.payload) : '';
        failures.push(`${res.statusCode} ← ${req.method} ${req.url.slice(0, 300)} ${req.headers?.['content-type'] ?? ''} ${body.slice(0, 300)}\n    ${res.body.slice(0, 300)}`);
      }
    }
    slow.push([`${op.method} ${op.path}`, Date.now() - opStarted]);
  }
  if (process.env.FUZZ_PROFILE) console.info(slow.sort((a, b) => b[1] - a[1]).slice(0, 25));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const share = pastAuth / sent;
  console.info(`openapi fuzz (seed ${SEED}): ${sent} requests to ${operations.length} operations in ${seconds} s; ${(share * 100).toFixed(1)} % past auth; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  expect(failures, `seed ${SEED}: ${failures.length} requests answered 5xx\n${failures.join('\n')}`).toEqual([]);
  expect(share, `only ${(share * 100).toFixed(1)} % of requests got past 401/403/404/419`).toBeGreaterThanOrEqual(0.8);
  // Still answering, still signed in.
  expect((await admin.get('/api/user')).statusCode).toBe(200);
  expect((await admin.get('/readyz')).statusCode).toBe(200);
}, 600_000);
