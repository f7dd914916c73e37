import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Page = { data: Array<{ id: number; name?: string; product_name?: string }>; meta: { current_page: number; last_page: number; total: number }; links: Record<'first' | 'last' | 'prev' | 'next', string | null> };

/** Every page of a list, reached only by following `links.next` from the first answer. */
async function followNext(url: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next: string | null = url;
  while (next) {
    const res = await admin.get(next);
    expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
    const page = res.json<Page>();
    pages.push(page);
    next = page.links.next;
    if (pages.length > 20) throw new Error('links.next never ends');
  }
  return pages;
}

const filters = (...f: Array<{ field: string; condition: string; value?: unknown }>) => encodeURIComponent(JSON.stringify(f));

describe('list links', () => {
  it('keep the search, the filters and the sort: links.next is the next page of the same filtered list', async () => {
    const tag = `lnk${Date.now().toString(36)}`;
    for (let i = 0; i < 7; i++) await createPractice(t.database.db, { name: `${tag} Clinic ${i}`, code: `${tag}-${i}`, status: i === 2 ? 'inactive' : 'active' });
    for (let i = 0; i < 4; i++) await createPractice(t.database.db); // outside the search

    const url = `/api/admin/list/dental-practices?search=${tag}%20clinic&column_filters=${filters({ field: 'status', condition: 'equal', value: 'active' })}&sort_column=name&sort_direction=desc&pagesize=2`;
    const pages = await followNext(url);
    expect(pages.map((p) => p.meta.current_page)).toEqual([1, 2, 3]);
    expect(pages.flatMap((p) => p.data.map((r) => r.name))).toEqual([6, 5, 4, 3, 1, 0].map((i) => `${tag} Clinic ${i}`));

    // first / prev / last lead to the same list too.
    const second = (await admin.get(pages[0]!.links.next!)).json<Page>();
    expect((await admin.get(second.links.prev!)).json().data).toEqual(pages[0]!.data);
    expect((await admin.get(second.links.first!)).json().data).toEqual(pages[0]!.data);
    expect((await admin.get(second.links.last!)).json().data).toEqual(pages[2]!.data);
    // The page parameters are the link's own, never repeated.
    const next = new URL(second.links.next!, 'http://x').searchParams;
    expect(next.getAll('current_page')).toEqual(['3']);
    expect(next.getAll('pagesize')).toEqual(['2']);
    expect(next.get('search')).toBe(`${tag} clinic`);
  });

  it('keep the practice of a practice-scoped list (the ledger of one practice)', async () => {
    const tag = `lnp${Date.now().toString(36)}`;
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const product = (await admin.post('/api/product/create', { name: `Gloves ${tag}`, sku: `G-${tag}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10', tracks_lots: false })).json().data;
    for (let i = 1; i <= 5; i++) {
      for (const p of [practice, other]) expect((await admin.post('/api/inventory/receive', { dental_practice_id: p.id, product_id: product.id, quantity: String(i) })).statusCode).toBe(200);
    }
    const pages = await followNext(`/api/admin/list/stock-movements?dental_practice_id=${practice.id}&sort_column=quantity&sort_direction=asc&pagesize=2`);
    expect(pages.map((p) => p.meta.current_page)).toEqual([1, 2, 3]);
    const rows = pages.flatMap((p) => p.data as Array<{ id: number; quantity?: string }>);
    expect(rows.map((r) => r.quantity)).toEqual(['1.0000', '2.0000', '3.0000', '4.0000', '5.0000']);
  });
});

describe('list links on a list whose rows carry per-reader fields', () => {
  it('the users list keeps its search and still says what the reader may do on every page', async () => {
    const tag = `lnu${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i++) await createUser(t.database.db, { role: 'Viewer', email: `${tag}-${i}@example.test` });
    const pages = await followNext(`/api/admin/list/users?search=${tag}&sort_column=id&sort_direction=asc&pagesize=2`);
    expect(pages.map((p) => p.meta.current_page)).toEqual([1, 2, 3]);
    const rows = pages.flatMap((p) => p.data as Array<{ id: number; email?: string; can_update?: boolean }>);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.email?.startsWith(tag) && r.can_update === true)).toBe(true);
  });
});
