import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stockTakeDetailSchema, stockTakeListContract } from '@enamel/contracts';
import { categories, inventories, practiceSettings, stockMovements, stockTakeCounts, stockTakes } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

type Json = ReturnType<typeof JSON.parse>;
type Res = { statusCode: number; body: string; json: () => Json };

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
});
afterAll(async () => t.close());

async function ok(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
function refused(res: Res, status: number, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (field) expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
  return res.json() as { message: string; errors?: Record<string, unknown> };
}

const product = async (over: Record<string, unknown> = {}) =>
  ok(await admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'box', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '10.00', ...over }), 201);
const receive = (practiceId: number, productId: number, quantity: string, unitCost = '10.0000') =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost });
const onHand = async (practiceId: number, productId: number) => {
  const [row] = await t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return Number(row?.onHand ?? 0);
};

/** A practice stocking two products (10 and 4 boxes at 10.00), its threshold, and its manager, second manager and clinical staff. */
async function world(threshold = '250') {
  const db = t.database.db;
  const practice = await createPractice(db);
  await db.insert(practiceSettings).values({ dentalPracticeId: practice.id, stockTakeApprovalThreshold: threshold });
  const a = await product();
  const b = await product();
  await ok(await receive(practice.id, a.id, '10'));
  await ok(await receive(practice.id, b.id, '4'));
  const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
  const second = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
  const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [practice.id] });
  return { practice, a, b, manager, second, staff };
}
type World = Awaited<ReturnType<typeof world>>;

const start = async (w: World, agent: Agent = w.manager, body: Record<string, unknown> = {}) =>
  stockTakeDetailSchema.parse(await ok(await agent.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'all', ...body }), 201));
const count = (agent: Agent, id: number, productId: number, quantity: unknown) => agent.post(`/api/stock-takes/${id}/counts`, { product_id: productId, quantity });
const lineOf = (detail: { lines: Array<{ product_id: number }> }, productId: number) => detail.lines.find((l) => l.product_id === productId)! as ReturnType<typeof stockTakeDetailSchema.parse>['lines'][number];

describe('start, count, review, approve', () => {
  it('records the expected quantities at the start, hides them from a blind take’s counters, and approves one adjust per variance', async () => {
    const w = await world();
    const take = await start(w);
    expect(take.status).toBe('open');
    expect(take.blind).toBe(true);
    expect(take.lines.map((l) => [l.product_id, l.expected_quantity])).toEqual(expect.arrayContaining([[w.a.id, '10.0000'], [w.b.id, '4.0000']]));

    // The counter (Clinical Staff: may count, may not approve) never receives the expected quantity of a blind take.
    const blindView = stockTakeDetailSchema.parse(await ok(await count(w.staff, take.id, w.a.id, '8')));
    expect(blindView.can_review).toBe(false);
    expect(blindView.report).toBeNull();
    for (const line of blindView.lines) expect([line.expected_quantity, line.variance, line.variance_value, line.expected_now, line.unit_cost]).toEqual([null, null, null, null, null]);
    expect(JSON.stringify(await ok(await w.staff.get(`/api/stock-takes/${take.id}`)))).not.toContain('"10.0000"');
    await ok(await count(w.staff, take.id, w.b.id, 5));

    const review = stockTakeDetailSchema.parse(await ok(await w.manager.get(`/api/stock-takes/${take.id}`)));
    expect(review.can_review).toBe(true);
    expect(lineOf(review, w.a.id)).toMatchObject({ counted_quantity: '8.0000', variance: '-2.0000', variance_value: '-20.0000' });
    expect(lineOf(review, w.b.id)).toMatchObject({ counted_quantity: '5.0000', variance: '1.0000', variance_value: '10.0000' });
    expect(review.report).toMatchObject({ counted_lines: 2, accurate_lines: 0, variance_value: '-10.0000', absolute_variance_value: '30.0000' });

    await ok(await w.manager.post(`/api/stock-takes/${take.id}/lines/${lineOf(review, w.a.id).id}`, { reason: 'broken box' }));
    const approved = stockTakeDetailSchema.parse(await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`)));
    expect(approved.status).toBe('approved');
    expect(approved.approved_at).not.toBeNull();
    expect(await onHand(w.practice.id, w.a.id)).toBe(8);
    expect(await onHand(w.practice.id, w.b.id)).toBe(5);
    const adjusts = await t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, w.practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts.map((m) => [m.productId, m.quantity]).sort()).toEqual([[w.a.id, '-2.0000'], [w.b.id, '1.0000']].sort());
    expect(adjusts.find((m) => m.productId === w.a.id)!.reason).toBe(`stock take #${take.id}: broken box`);
    // Once approved, the history shows the variances to every reader.
    const history = stockTakeDetailSchema.parse(await ok(await w.staff.get(`/api/stock-takes/${take.id}`)));
    expect(lineOf(history, w.a.id).variance).toBe('-2.0000');
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('reconciles: a procedure consuming the product while the count is open is no variance', async () => {
    const w = await world();
    const take = await start(w);
    const code = await ok(await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' }), 201);
    const template = await ok(await admin.post('/api/procedure-template/create', { name: `Exam ${uid()}`, procedure_code_id: code.id, items: [{ product_id: w.a.id, quantity: '3' }] }), 201);
    // Performed earlier today, recorded now: it is a movement since the start whatever its date.
    await ok(await admin.post('/api/procedure/create', { dental_practice_id: w.practice.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: '2026-01-05T10:30:00Z', status: 'completed' }), 201);
    expect(await onHand(w.practice.id, w.a.id)).toBe(7);
    await ok(await count(w.staff, take.id, w.a.id, '7'));
    const review = stockTakeDetailSchema.parse(await ok(await w.manager.get(`/api/stock-takes/${take.id}`)));
    expect(lineOf(review, w.a.id)).toMatchObject({ expected_quantity: '10.0000', movements_since: '-3.0000', expected_now: '7.0000', variance: '0.0000', variance_value: '0.0000' });
    await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`));
    expect(await onHand(w.practice.id, w.a.id)).toBe(7);
    const adjusts = await t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, w.practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts).toEqual([]);
  });

  it('keeps both counts of a product counted twice and asks which stands before approving', async () => {
    const w = await world();
    const take = await start(w);
    await ok(await count(w.staff, take.id, w.a.id, '9'));
    await ok(await count(w.manager, take.id, w.a.id, '10'));
    const review = stockTakeDetailSchema.parse(await ok(await w.second.get(`/api/stock-takes/${take.id}`)));
    const line = lineOf(review, w.a.id);
    expect(line.counts.map((c) => c.quantity)).toEqual(['9.0000', '10.0000']);
    expect(line).toMatchObject({ needs_choice: true, counted_quantity: null, variance: null });
    expect(refused(await w.second.post(`/api/stock-takes/${take.id}/approve`), 409).message).toContain(w.a.name);
    // A count of another line is no choice for this one.
    const other = await t.database.db.insert(stockTakeCounts).values({ stockTakeLineId: lineOf(review, w.b.id).id, quantity: '4' }).returning();
    refused(await w.second.post(`/api/stock-takes/${take.id}/lines/${line.id}`, { chosen_count_id: other[0]!.id }), 422, 'chosen_count_id');
    await ok(await w.second.post(`/api/stock-takes/${take.id}/lines/${line.id}`, { chosen_count_id: line.counts[0]!.id }));
    await ok(await w.second.post(`/api/stock-takes/${take.id}/approve`));
    expect(await onHand(w.practice.id, w.a.id)).toBe(9);
  });

  it('selects one category, or a cycle count', async () => {
    const w = await world();
    const [category] = await t.database.db.insert(categories).values({ name: `Disposables ${uid()}` }).returning();
    const c = await product({ category_id: category!.id });
    await ok(await receive(w.practice.id, c.id, '2'));
    const byCategory = await start(w, w.manager, { kind: 'category', category_id: category!.id });
    expect(byCategory.lines.map((l) => l.product_id)).toEqual([c.id]);
    expect(byCategory.category_name).toBe(category!.name);
    refused(await w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'category' }), 422, 'category_id');
    refused(await w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'category', category_id: 999_999_999 }), 422, 'category_id');
    const cycle = await start(w, w.manager, { kind: 'cycle', cycle_size: 2 });
    expect(cycle.lines).toHaveLength(2);
  });

  it('a cycle count takes the products never counted before those counted', async () => {
    const w = await world();
    const full = await start(w);
    await ok(await count(w.staff, full.id, w.a.id, '10'));
    await ok(await w.manager.post(`/api/stock-takes/${full.id}/approve`));
    const cycle = await start(w, w.manager, { kind: 'cycle', cycle_size: 1 });
    expect(cycle.lines.map((l) => l.product_id)).toEqual([w.b.id]);
  });
});

describe('bad input and safety', () => {
  it('refuses a negative or malformed count (422), a product of another practice (422), another practice’s stock take (404)', async () => {
    const w = await world();
    const take = await start(w);
    refused(await count(w.staff, take.id, w.a.id, '-1'), 422, 'quantity');
    refused(await count(w.staff, take.id, w.a.id, -1), 422, 'quantity');
    refused(await count(w.staff, take.id, w.a.id, 'lots'), 422, 'quantity');
    const elsewhere = await world();
    refused(await count(w.staff, take.id, elsewhere.a.id === w.a.id ? 0 : (await product()).id, '1'), 422, 'product_id');
    // A product stocked by another practice only.
    const theirs = await product();
    await ok(await receive(elsewhere.practice.id, theirs.id, '3'));
    refused(await count(w.staff, take.id, theirs.id, '1'), 422, 'product_id');
    // Another practice's stock take: not even visible.
    refused(await count(elsewhere.staff, take.id, w.a.id, '1'), 404);
    refused(await elsewhere.manager.get(`/api/stock-takes/${take.id}`), 404);
    refused(await elsewhere.manager.post(`/api/stock-takes/${take.id}/approve`), 404);
    refused(await elsewhere.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'all' }), 404);
    // Counting is allowed to the staff, approving is not.
    refused(await w.staff.post(`/api/stock-takes/${take.id}/approve`), 403);
    const rows = await t.database.db.select().from(stockTakeCounts);
    expect(rows.every((r) => Number(r.quantity) >= 0)).toBe(true);
  });

  it('above the threshold nobody approves a take they started or counted; someone else may', async () => {
    const w = await world('25');
    const take = await start(w);
    await ok(await count(w.second, take.id, w.a.id, '7')); // −3 × 10.00 = 30.00 > 25
    const review = stockTakeDetailSchema.parse(await ok(await w.manager.get(`/api/stock-takes/${take.id}`)));
    expect(review.needs_second_approver).toBe(true);
    refused(await w.manager.post(`/api/stock-takes/${take.id}/approve`), 409); // started it
    refused(await w.second.post(`/api/stock-takes/${take.id}/approve`), 409); // counted it
    expect(await onHand(w.practice.id, w.a.id)).toBe(10);
    const third = await signInAs(t, { role: 'Practice Manager', practiceIds: [w.practice.id] });
    await ok(await third.post(`/api/stock-takes/${take.id}/approve`));
    expect(await onHand(w.practice.id, w.a.id)).toBe(7);
  });

  it('below the threshold the starter may approve their own take', async () => {
    const w = await world('25');
    const take = await start(w);
    await ok(await count(w.manager, take.id, w.a.id, '9'));
    await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`));
    expect(await onHand(w.practice.id, w.a.id)).toBe(9);
  });

  it('refuses approving, counting or cancelling an approved or cancelled take (409), nothing written', async () => {
    const w = await world();
    const take = await start(w);
    await ok(await count(w.staff, take.id, w.a.id, '9'));
    await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`));
    refused(await w.manager.post(`/api/stock-takes/${take.id}/approve`), 409);
    refused(await w.manager.post(`/api/stock-takes/${take.id}/cancel`, { reason: 'late' }), 409);
    refused(await count(w.staff, take.id, w.a.id, '1'), 409);
    expect(await onHand(w.practice.id, w.a.id)).toBe(9);

    const other = await start(w);
    await ok(await count(w.staff, other.id, w.a.id, '1'));
    refused(await w.manager.post(`/api/stock-takes/${other.id}/cancel`, {}), 422, 'reason');
    const cancelled = stockTakeDetailSchema.parse(await ok(await w.manager.post(`/api/stock-takes/${other.id}/cancel`, { reason: 'wrong shelf' })));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'wrong shelf' });
    refused(await w.manager.post(`/api/stock-takes/${other.id}/approve`), 409);
    expect(await onHand(w.practice.id, w.a.id)).toBe(9);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('lists the reader’s practices’ stock takes only', async () => {
    const w = await world();
    const mine = await start(w);
    const elsewhere = await world();
    const theirs = await start(elsewhere);
    const page = await w.manager.get(`${stockTakeListContract.path}?per_page=100`);
    expect(page.statusCode, page.body).toBe(200);
    const ids = page.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const row = page.json().data.find((r: { id: number }) => r.id === mine.id);
    expect(row).toMatchObject({ kind: 'all', status: 'open', lines_count: 2, counted_count: 0 });
    const [stored] = await t.database.db.select().from(stockTakes).where(eq(stockTakes.id, mine.id));
    expect(stored!.startedBy).not.toBeNull();
  });
});
