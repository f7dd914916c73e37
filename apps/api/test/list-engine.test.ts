import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { listQuerySchema, type ListQuery } from '@enamel/contracts';
import { runList, type ListDefinition } from '../src/core/list-engine.ts';
import { AppError } from '../src/core/errors.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A table made only for these tests, with one column of every type. */
const gadgets = pgTable('list_engine_gadgets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 100 }),
  qty: integer('qty'),
  bought_at: timestamp('bought_at', { withTimezone: true }),
  sterile: boolean('sterile'),
  secret: varchar('secret', { length: 20 }),
});

const list: ListDefinition<Record<string, unknown>> = {
  path: '/gadgets',
  columns: {
    id: { type: 'number', expr: gadgets.id, sort: true },
    name: { type: 'string', expr: gadgets.name, sort: true, filter: true, search: true },
    qty: { type: 'number', expr: gadgets.qty, sort: true, filter: true },
    bought_at: { type: 'date', expr: gadgets.bought_at, sort: true, filter: true },
    sterile: { type: 'bool', expr: gadgets.sterile, filter: true },
    secret: { type: 'string', expr: gadgets.secret },
  },
  defaultSort: { field: 'id', direction: 'asc' },
  tiebreaker: gadgets.id,
  query: (db) => db.select({ id: gadgets.id, name: gadgets.name }).from(gadgets).$dynamic(),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`CREATE TABLE list_engine_gadgets (id bigserial primary key, name varchar(100), qty integer, bought_at timestamptz, sterile boolean, secret varchar(20))`);
  await t.database.db.insert(gadgets).values([
    { name: 'Gloves 100%', qty: 10, bought_at: new Date('2026-01-05T10:00:00Z'), sterile: true, secret: 'a' },
    { name: 'Gauze_pads', qty: 0, bought_at: new Date('2026-02-10T10:00:00Z'), sterile: false, secret: 'b' },
    { name: 'Burs', qty: 25, bought_at: null, sterile: null, secret: 'c' },
    { name: null, qty: null, bought_at: new Date('2026-03-01T00:00:00Z'), sterile: true, secret: 'd' },
    { name: "Robert'); DROP TABLE list_engine_gadgets;--", qty: 5, bought_at: new Date('2026-01-05T23:00:00Z'), sterile: false, secret: 'e' },
  ]);
});
afterAll(async () => t.close());

const q = (params: Record<string, unknown>): ListQuery => listQuerySchema.parse(params);
const names = async (params: Record<string, unknown>) => (await runList(t.database.db, list, q(params))).data.map((r) => r.name);
const filter = (field: string, condition: string, value?: unknown) => ({ column_filters: JSON.stringify([{ field, condition, value }]) });
async function fails(params: Record<string, unknown>, field: string) {
  try {
    await runList(t.database.db, list, q(params));
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation_failed');
    expect(Object.keys((err as AppError).fieldErrors ?? {})).toEqual([field]);
    return;
  }
  throw new Error('expected a 422');
}

describe('list engine: string conditions', () => {
  it.each([
    ['contain', 'au', ['Gauze_pads']],
    ['contain', '100%', ['Gloves 100%']], // % is data, not a wildcard
    ['contain', 'e_', ['Gauze_pads', "Robert'); DROP TABLE list_engine_gadgets;--"]], // so is _
    ['not_contain', 'g', ['Burs', null]],
    ['equal', 'burs', ['Burs']],
    ['not_equal', 'burs', ['Gloves 100%', 'Gauze_pads', null, "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['start_with', 'g', ['Gloves 100%', 'Gauze_pads']],
    ['end_with', 'pads', ['Gauze_pads']],
    ['is_null', undefined, [null]],
    ['is_not_null', undefined, ['Gloves 100%', 'Gauze_pads', 'Burs', "Robert'); DROP TABLE list_engine_gadgets;--"]],
  ])('%s %s', async (condition, value, expected) => {
    expect(await names(filter('name', condition, value))).toEqual(expected);
  });
});

describe('list engine: number, date and bool conditions', () => {
  it.each([
    ['equal', 10, ['Gloves 100%']],
    ['not_equal', '10', ['Gauze_pads', 'Burs', null, "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['greater_than', 5, ['Gloves 100%', 'Burs']],
    ['greater_than_equal', 5, ['Gloves 100%', 'Burs', "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['less_than', 5, ['Gauze_pads']],
    ['less_than_equal', 5, ['Gauze_pads', "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['is_null', undefined, [null]],
  ])('qty %s %s', async (condition, value, expected) => {
    expect(await names(filter('qty', condition, value))).toEqual(expected);
  });

  it.each([
    ['equal', '2026-01-05', ['Gloves 100%', "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['not_equal', '2026-01-05', ['Gauze_pads', 'Burs', null]],
    ['greater_than', '2026-02-01', ['Gauze_pads', null]],
    ['less_than', '2026-02-01', ['Gloves 100%', "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['greater_than', '2026-01-05T12:00:00Z', ['Gauze_pads', null, "Robert'); DROP TABLE list_engine_gadgets;--"]],
    ['is_null', undefined, ['Burs']],
    ['is_not_null', undefined, ['Gloves 100%', 'Gauze_pads', null, "Robert'); DROP TABLE list_engine_gadgets;--"]],
  ])('bought_at %s %s', async (condition, value, expected) => {
    expect(await names(filter('bought_at', condition, value))).toEqual(expected);
  });

  it('bool filters offer All, True and False', async () => {
    expect(await names(filter('sterile', 'equal', true))).toEqual(['Gloves 100%', null]);
    expect(await names(filter('sterile', 'equal', 'false'))).toEqual(['Gauze_pads', "Robert'); DROP TABLE list_engine_gadgets;--"]);
    expect(await names(filter('sterile', 'equal', 'all'))).toHaveLength(5);
    expect(await names(filter('sterile', 'is_null'))).toEqual(['Burs']);
  });
});

describe('list engine: search, sort, paging', () => {
  it('searches the searchable columns, case-insensitively, wildcards as data', async () => {
    expect(await names({ search: 'GLOVES' })).toEqual(['Gloves 100%']);
    expect(await names({ search: '%' })).toEqual(['Gloves 100%']);
    expect(await names({ search: 'a' /* secret column is not searchable */ })).toEqual(['Gauze_pads', "Robert'); DROP TABLE list_engine_gadgets;--"]);
  });

  it('sorts by a declared column both ways, nulls at the start of ascending', async () => {
    expect(await names({ sort_column: 'qty', sort_direction: 'asc' })).toEqual([null, 'Gauze_pads', "Robert'); DROP TABLE list_engine_gadgets;--", 'Gloves 100%', 'Burs']);
    expect(await names({ sort_column: 'qty', sort_direction: 'desc' })).toEqual(['Burs', 'Gloves 100%', "Robert'); DROP TABLE list_engine_gadgets;--", 'Gauze_pads', null]);
  });

  it('pages with the contract’s paging shape, including past the end', async () => {
    const page2 = await runList(t.database.db, list, q({ pagesize: 2, current_page: 2 }));
    expect(page2.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 });
    expect(page2.links).toEqual({ first: '/gadgets?current_page=1&pagesize=2', last: '/gadgets?current_page=3&pagesize=2', prev: '/gadgets?current_page=1&pagesize=2', next: '/gadgets?current_page=3&pagesize=2' });
    const past = await runList(t.database.db, list, q({ pagesize: 2, current_page: 9 }));
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 5, from: null, to: null, last_page: 3 });
    const byOffset = await runList(t.database.db, list, q({ pagesize: 2, offset: 4 }));
    expect(byOffset.meta).toMatchObject({ current_page: 3, from: 5, to: 5 });
  });

  it('refuses, as a 422 naming the parameter, what is not declared or does not fit', async () => {
    await fails({ sort_column: 'secret' }, 'sort_column');
    await fails({ sort_column: 'id; drop table users' }, 'sort_column');
    await fails(filter('secret', 'equal', 'a'), 'column_filters');
    await fails(filter('qty', 'contain', '1'), 'column_filters');
    await fails(filter('qty', 'equal', 'ten'), 'column_filters');
    await fails(filter('bought_at', 'greater_than_equal', '2026-01-01'), 'column_filters');
    await fails(filter('bought_at', 'equal', 'yesterday'), 'column_filters');
    await fails(filter('sterile', 'equal', 'maybe'), 'column_filters');
    await fails({ column_filters: '{not json' }, 'column_filters');
    await fails({ column_filters: '{"field":"name"}' }, 'column_filters');
    // the table is still there: nothing was executed as SQL
    expect(await names({})).toHaveLength(5);
  });

  it('rejects bad paging values at the schema', () => {
    for (const bad of [{ pagesize: 0 }, { pagesize: 101 }, { pagesize: -1 }, { pagesize: 'ten' }, { current_page: 0 }, { sort_direction: 'sideways' }]) {
      expect(listQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('list engine over HTTP (dental practices)', () => {
  it('answers 422 naming the parameter, and scopes to the user’s practices before filtering', async () => {
    const mine = await createPractice(t.database.db, { name: 'Zeta Smiles' });
    await createPractice(t.database.db, { name: 'Zeta Other' });
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [mine.id] });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', condition: 'start_with', value: 'Zeta' }]));
    const res = await agent.get(`/api/admin/list/dental-practices?column_filters=${filters}`);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Zeta Smiles']);
    for (const [query, field] of [['sort_column=password', 'sort_column'], ['pagesize=0', 'pagesize'], ['pagesize=101', 'pagesize'], ['pagesize=-1', 'pagesize'], ['current_page=x', 'current_page'], ['column_filters=%5B1%5D', 'column_filters']] as const) {
      const bad = await agent.get(`/api/admin/list/dental-practices?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(Object.keys(bad.json().errors), query).toEqual([field]);
    }
  });
});
