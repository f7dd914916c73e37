/**
 * The compiled response serializer (core/response-serializer.ts) against zod's, for every response schema of every
 * route of the app: on sample data built from the schema (once with every nullable filled and every optional key
 * present, once with nulls and absent keys), with an undeclared key smuggled into every object (a `passwordHash`),
 * both must give the same JSON byte for byte and the smuggled key must never come out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { compileResponseSchema, serializationSchema, type CompiledResponse } from '../src/core/response-serializer.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';

const SMUGGLED = 'SMUGGLED-secret-hash';

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; minimum?: number; maximum?: number; format?: string; length?: number } } }[];
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  valueType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: $ZodType[];
}
const def = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checks = (d: Def) => (d.checks ?? []).map((c) => c._zod.def);

const FORMATS: Record<string, string> = {
  email: 'someone@example.test',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  guid: '123e4567-e89b-42d3-a456-426614174000',
  datetime: '2026-11-27T12:00:00.000Z',
  date: '2026-11-27',
  time: '12:00:00',
  url: 'https://example.test/a?b=1',
};

function sampleString(d: Def): string {
  const format = d.format ?? checks(d).find((c) => c.check === 'string_format')?.format;
  if (format && FORMATS[format]) return FORMATS[format];
  let text = 'Ça "va" \\ \n\u2028 ✓ <b>';
  for (const c of checks(d)) {
    if (c.check === 'min_length' && c.minimum !== undefined) text = text.padEnd(c.minimum, 'x');
    if (c.check === 'length_equals' && c.length !== undefined) text = text.padEnd(c.length, 'x').slice(0, c.length);
  }
  for (const c of checks(d)) if (c.check === 'max_length' && c.maximum !== undefined) text = text.slice(0, c.maximum);
  return text;
}

function sampleNumber(d: Def): number {
  const integer = checks(d).some((c) => c.check === 'number_format') || d.format !== undefined;
  let low = -Infinity;
  let high = Infinity;
  for (const c of checks(d)) {
    if (c.check === 'greater_than' && c.value !== undefined) low = Math.max(low, c.inclusive ? c.value : c.value + (integer ? 1 : 0.25));
    if (c.check === 'less_than' && c.value !== undefined) high = Math.min(high, c.inclusive ? c.value : c.value - (integer ? 1 : 0.25));
  }
  const base = integer ? 3 : 2.5;
  return Math.min(Math.max(base, low), high);
}

/** Data the schema accepts: `full` fills every nullable and optional key, else nulls and absent keys. */
function sample(schema: $ZodType, full: boolean, smuggle: boolean, depth = 0): unknown {
  const d = def(schema);
  switch (d.type) {
    case 'string':
      return sampleString(d);
    case 'number':
    case 'int':
      return sampleNumber(d);
    case 'boolean':
      return full;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return full ? { any: ['json', 1, null] } : 'text';
    case 'enum': {
      const values = Object.values(d.entries ?? {});
      return full ? values[0] : values.at(-1);
    }
    case 'literal':
      return d.values?.[0];
    case 'union': {
      const options = d.options ?? [];
      return sample(options[full ? 0 : options.length - 1]!, full, smuggle, depth);
    }
    case 'nullable':
      return full ? sample(d.innerType!, full, smuggle, depth) : null;
    case 'optional':
    case 'readonly':
      return sample(d.innerType!, full, smuggle, depth);
    case 'array': {
      let length = depth > 4 ? 0 : 2;
      for (const c of checks(d)) {
        if (c.check === 'min_length' && c.minimum !== undefined) length = Math.max(length, c.minimum);
        if (c.check === 'max_length' && c.maximum !== undefined) length = Math.min(length, c.maximum);
        if (c.check === 'length_equals' && c.length !== undefined) length = c.length;
      }
      return Array.from({ length }, () => sample(d.element!, full, smuggle, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = smuggle ? { passwordHash: SMUGGLED } : {};
      for (const [key, value] of Object.entries(d.shape ?? {})) {
        if (!full && def(value).type === 'optional') continue;
        out[key] = sample(value, full, smuggle, depth + 1);
      }
      if (smuggle) out.internalColumn = SMUGGLED;
      return out;
    }
    case 'record':
      return { first: sample(d.valueType!, full, smuggle, depth + 1), 'second "key"': sample(d.valueType!, !full, smuggle, depth + 1) };
    default:
      throw new Error(`no sample for a ${d.type}`);
  }
}

let t: TestApp;
let routes: CompiledResponse[];
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  routes = t.app.responseSerializers;
});
afterAll(async () => t.close());

describe('compiled response serializer', () => {
  it('compiles nearly every response schema of the app (the rest stay on zod)', () => {
    const compiled = routes.filter((r) => r.compiled);
    expect(routes.length).toBeGreaterThan(500);
    expect(compiled.length / routes.length).toBeGreaterThan(0.9);
    expect(routes.find((r) => r.method === 'GET' && r.url === '/api/user' && r.status === '200')?.compiled).toBeTruthy();
  });

  it('writes what zod writes and never an undeclared key, for every route', () => {
    const failures: string[] = [];
    let proven = 0;
    for (const route of routes) {
      if (!route.compiled) continue;
      const schema = route.schema as $ZodType;
      for (const full of [true, false]) {
        const name = `${route.method} ${route.url} ${route.status} (${full ? 'full' : 'sparse'})`;
        // zod refuses undeclared keys in a strict object (the reply was a 500): the compiled code drops them, so
        // zod's JSON for the clean data is what both the clean and the smuggled data must give.
        const clean = sample(schema, full, false);
        const smuggled = sample(schema, full, true);
        let expected: string;
        try {
          expected = route.zod(clean);
        } catch (error) {
          failures.push(`${name}: the sample does not fit the schema (${JSON.stringify((error as Error).cause ?? String(error)).slice(0, 300)})`);
          continue;
        }
        const actual = route.compiled(smuggled);
        if (route.compiled(clean) !== expected) failures.push(`${name}:\n  compiled ${route.compiled(clean)}\n  zod      ${expected}`);
        else if (actual !== expected) failures.push(`${name} (undeclared keys):\n  compiled ${actual}\n  zod      ${expected}`);
        else if (actual.includes(SMUGGLED)) failures.push(`${name}: the undeclared key came out: ${actual}`);
        else proven++;
      }
    }
    expect(failures).toEqual([]);
    expect(proven).toBe(routes.filter((r) => r.compiled).length * 2);
  });

  it('leaves schemas whose output is not fixed by their shape to zod', () => {
    const unfit = [
      z.object({ at: z.date() }),
      z.object({ name: z.string().trim() }),
      z.object({ name: z.string().transform((s) => s.toUpperCase()) }),
      z.object({ n: z.string().pipe(z.coerce.number()) }),
      z.object({ n: z.number().default(1) }),
      z.looseObject({ id: z.number() }),
      z.object({ id: z.number() }).catchall(z.string()),
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      z.object({ pair: z.tuple([z.string(), z.number()]) }),
      z.object({ list: z.array(z.string().optional()) }),
      z.record(z.enum(['a', 'b']), z.string()),
      z.lazy(() => z.string()),
    ];
    for (const schema of unfit) expect(serializationSchema(schema)).toBeNull();
    expect(compileResponseSchema(z.object({ at: z.date() }))).toBeNull();
  });

  it('strips undeclared keys from nested objects, arrays and records', () => {
    const schema = z.object({
      user: z.object({ id: z.number(), email: z.email(), note: z.string().nullable().optional() }),
      items: z.array(z.object({ name: z.string() })),
      byCode: z.record(z.string(), z.object({ qty: z.number() })),
      status: z.enum(['active', 'inactive']),
      strict: z.strictObject({ a: z.string() }).nullable(),
    });
    const stringify = compileResponseSchema(schema)!;
    const data = {
      user: { id: 1, email: 'a@example.test', passwordHash: SMUGGLED },
      items: [{ name: 'x', cost: SMUGGLED }],
      byCode: { A1: { qty: 2, secret: SMUGGLED } },
      status: 'active',
      strict: null,
      passwordHash: SMUGGLED,
    };
    const out = stringify(data);
    expect(out).not.toContain(SMUGGLED);
    expect(JSON.parse(out)).toEqual({ user: { id: 1, email: 'a@example.test' }, items: [{ name: 'x' }], byCode: { A1: { qty: 2 } }, status: 'active', strict: null });
    expect(() => stringify({ ...data, user: { email: 'a@example.test' } })).toThrow();
  });

  it('GET /api/user: the signed-in user, with no column the schema does not declare', async () => {
    const user = await createUser(t.database.db, { role: 'Practice Manager' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const res = await agent.get('/api/user');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|hash/i);
    const route = routes.find((r) => r.method === 'GET' && r.url === '/api/user' && r.status === '200')!;
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(res.body).toBe(route.zod(body));
    expect(route.compiled!({ ...body, passwordHash: SMUGGLED })).toBe(res.body);
  });
});
