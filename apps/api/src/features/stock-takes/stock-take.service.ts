import { emitWebhookEvent } from '../webhooks/index.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Decimal, STOCK_TAKE_ACCURACY_TOLERANCE, STOCK_TAKE_DEFAULT_APPROVAL_THRESHOLD, type StockTakeCount, type StockTakeDetail, type StockTakeLine, type StockTakeReport,
  type stockTakeCountBodySchema, type stockTakeLineReviewBodySchema, type stockTakeStartBodySchema, type StockTakeStatus, toDecimal,
} from '@enamel/contracts';
import { categories, dentalPractices, practiceSettings, rowsOf, stockTakeCounts, stockTakeLines, stockTakes, storageLocations, users, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { unitCost as productUnitCost } from '../../core/catalog-sql.ts';
import { AppError, invalid } from '../../core/errors.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { isoDate } from '../../core/presenters.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { giveBackMany, locationOf, lockInventories, receive, takeMany, type MovementContext, type TakeInput, type Tx } from '../stock/index.ts';
import { cycleSelection, stockedProducts } from './stock-take.selection.ts';

type Take = typeof stockTakes.$inferSelect;
type Db = Database | Tx;
type GiveBackInput = Parameters<typeof giveBackMany>[2][number];
const ZERO = toDecimal(0);
const idList = (ids: readonly number[]) => sql`(${sql.join(ids.map((id) => sql`${id}::bigint`), sql`, `)})`;
const statusParam = (status: string) => [{ key: `stock_takes.status.${status}` as MessageKey }];

/** The stock take (404 when unknown): the route checks the reader's practice with it before anything else. */
export async function findTake(db: Db, id: number): Promise<Take> {
  const [row] = await db.select().from(stockTakes).where(eq(stockTakes.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The lock order of every stock-take write: the practice (active, share), then the stock take row (share for a count, update for approve/cancel). */
async function lockTake(tx: Tx, id: number, strength: 'share' | 'update'): Promise<Take> {
  const found = await findTake(tx, id);
  await lockActivePractice(tx, found.dentalPracticeId);
  const [take] = await tx.select().from(stockTakes).where(eq(stockTakes.id, id)).for(strength);
  if (!take) throw new AppError('not_found');
  return take;
}

function expectOpen(take: Take): void {
  if (take.status !== 'open') throw new AppError('conflict', 'stock_takes.wrong_status', undefined, { id: take.id, status: statusParam(take.status) });
}

async function thresholdOf(db: Db, practiceId: number): Promise<string> {
  const [row] = await db.select({ threshold: practiceSettings.stockTakeApprovalThreshold }).from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practiceId));
  return row?.threshold ?? STOCK_TAKE_DEFAULT_APPROVAL_THRESHOLD;
}

const costRow = sqlRow({ inventory_id: sqlCol.int, product_id: sqlCol.int, cost: sqlCol.decimal });
const heldRow = sqlRow({ inventory_id: sqlCol.int, quantity: sqlCol.decimal });

/** The average cost of the inventories' lots on hand (at the location, for a location's take), else the product's unit cost. */
const lineCostSql = (inventoryIds: SQL, locationId: number | null) =>
  sql`select i.id as inventory_id, i.product_id, coalesce(round(sum(l.quantity * l.unit_cost) filter (where l.quantity > 0) / nullif(sum(l.quantity) filter (where l.quantity > 0), 0), 4), ${productUnitCost}) as cost
      from inventories i join products on products.id = i.product_id left join lots l on l.inventory_id = i.id ${locationId === null ? sql`` : sql`and l.location_id = ${locationId}`}
      where i.id in ${inventoryIds} group by i.id, i.product_id, products.purchase_price, products.units_per_purchase_unit`;

/**
 * Starts a stock take: the selected inventories are locked (no movement of them is half-way), what each holds is its
 * expected quantity, and the last movement id is the watermark the movements since the start are counted from. A line's
 * unit cost is its lots' average cost on hand (the product's unit cost when none is on hand).
 */
export async function startTake(db: Database, actor: Actor, body: z.output<typeof stockTakeStartBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const practiceId = body.dental_practice_id;
    await lockActivePractice(tx, practiceId);
    if (body.kind === 'category') {
      if (body.category_id === null) throw invalid('category_id', 'validation.required');
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, body.category_id)).for('share');
      if (!category) throw invalid('category_id', 'stock_takes.unknown_category');
    }
    let locationId: number | null = null;
    if (body.kind === 'location') {
      if (body.location_id === null) throw invalid('location_id', 'validation.required');
      locationId = (await locationOf(tx, practiceId, body.location_id, 'location_id')).id;
    }
    let selected =
      body.kind === 'cycle'
        ? await cycleSelection(tx, practiceId, body.cycle_size)
        : await stockedProducts(tx, practiceId, body.kind === 'category' ? sql`and p.category_id = ${body.category_id}` : sql``);
    const nothing = () => invalid(body.kind === 'category' ? 'category_id' : body.kind === 'location' ? 'location_id' : 'kind', 'stock_takes.nothing_to_count');
    if (selected.length === 0) throw nothing();
    // The selection read them from the inventories: they exist, so locking them is one statement (no insert of missing ones).
    const locked = await lockInventories(tx, practiceId, selected.map((s) => s.product_id), { existing: true });
    // A location's take: after the locks, what each product holds there; the products holding anything there are its lines.
    const expected = new Map([...locked.values()].map((inventory) => [inventory.id, inventory.onHand]));
    if (locationId !== null) {
      const held = await rowsOf(
        tx,
        heldRow,
        sql`select inventory_id, sum(quantity) as quantity from lots where location_id = ${locationId} and inventory_id in ${idList(selected.map((s) => s.inventory_id))}
            group by inventory_id having sum(quantity) <> 0`,
      );
      expected.clear();
      for (const row of held) expected.set(row.inventory_id, row.quantity);
      selected = selected.filter((s) => expected.has(s.inventory_id));
      if (selected.length === 0) throw nothing();
    }
    // The unit costs and, in the same statement, the watermark (the last movement id), both after the locks.
    const costs = await rowsOf(tx, costRow.extend({ mark: sqlCol.int }), sql`select c.*, (select coalesce(max(id), 0) from stock_movements) as mark from (${lineCostSql(idList(selected.map((s) => s.inventory_id)), locationId)}) c`);
    const costOf = new Map(costs.map((c) => [c.inventory_id, c.cost]));
    const mark = { id: costs[0]!.mark };
    const [take] = await tx
      .insert(stockTakes)
      .values({ dentalPracticeId: practiceId, kind: body.kind, categoryId: body.kind === 'category' ? body.category_id : null, locationId, blind: body.blind, movementWatermark: mark.id, startedBy: actor.userId })
      .returning({ id: stockTakes.id });
    await tx.insert(stockTakeLines).values(
      selected.map((s) => ({ stockTakeId: take!.id, productId: s.product_id, inventoryId: s.inventory_id, expectedQuantity: expected.get(s.inventory_id)!, unitCost: costOf.get(s.inventory_id) ?? '0' })),
    );
    await recordActivity(tx, actor, {
      action: 'create', subject: 'StockTake', subjectId: take!.id, practiceId,
      after: { kind: body.kind, category_id: body.category_id, location_id: locationId, blind: body.blind, lines: selected.length },
    });
    return take!.id;
  });
}

/**
 * One person's count of one product of an open stock take (the product must be on it: a product of the take's practice).
 * A location's take also counts a product of the practice found there that the ledger did not hold there at the start:
 * it gets a line expecting 0 (the movements there since the start still count), so misplaced stock is a variance, not a refusal.
 */
export async function recordCount(db: Database, actor: Actor, id: number, body: z.output<typeof stockTakeCountBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const take = await lockTake(tx, id, 'share');
    expectOpen(take);
    const lineOf = async () =>
      (await tx.select({ id: stockTakeLines.id }).from(stockTakeLines).where(and(eq(stockTakeLines.stockTakeId, id), eq(stockTakeLines.productId, body.product_id))))[0];
    let line = await lineOf();
    if (!line && take.locationId !== null) {
      const [stocked] = await stockedProducts(tx, take.dentalPracticeId, sql`and p.id = ${body.product_id}`);
      if (stocked) {
        const [cost] = await rowsOf(tx, costRow, lineCostSql(idList([stocked.inventory_id]), take.locationId));
        // Two counters adding the same product at once: one line (the unique index), both counts on it.
        await tx.execute(
          sql`insert into stock_take_lines (stock_take_id, product_id, inventory_id, expected_quantity, unit_cost)
              values (${id}, ${stocked.product_id}, ${stocked.inventory_id}, 0, ${cost?.cost ?? '0'}) on conflict (stock_take_id, product_id) do nothing`,
        );
        line = await lineOf();
      }
    }
    if (!line) throw invalid('product_id', 'stock_takes.not_in_take');
    await tx.insert(stockTakeCounts).values({ stockTakeLineId: line.id, userId: actor.userId, quantity: toDecimal(body.quantity).toFixed(4) });
  });
}

/** The reviewer's choice of the count that stands and the reason of a line's variance. */
export async function reviewLine(db: Database, actor: Actor, id: number, lineId: number, body: z.output<typeof stockTakeLineReviewBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const take = await lockTake(tx, id, 'share');
    expectOpen(take);
    const [line] = await tx.select().from(stockTakeLines).where(and(eq(stockTakeLines.id, lineId), eq(stockTakeLines.stockTakeId, id))).for('update');
    if (!line) throw new AppError('not_found');
    if (body.chosen_count_id !== null) {
      const [count] = await tx.select({ id: stockTakeCounts.id }).from(stockTakeCounts).where(and(eq(stockTakeCounts.id, body.chosen_count_id), eq(stockTakeCounts.stockTakeLineId, lineId)));
      if (!count) throw invalid('chosen_count_id', 'stock_takes.unknown_count');
    }
    await tx.update(stockTakeLines).set({ chosenCountId: body.chosen_count_id, reason: body.reason, updatedAt: new Date() }).where(eq(stockTakeLines.id, lineId));
    await recordActivity(tx, actor, { action: 'update', subject: 'StockTake', subjectId: id, practiceId: take.dentalPracticeId, after: { line_id: lineId, chosen_count_id: body.chosen_count_id, reason: body.reason } });
  });
}

const lineRow = sqlRow({
  id: sqlCol.int, product_id: sqlCol.int, inventory_id: sqlCol.int, product_name: sqlCol.text, sku: sqlCol.text, gtin: sqlCol.text.nullable(), usage_unit: sqlCol.text,
  category_name: sqlCol.text.nullable(), expected_quantity: sqlCol.decimal, unit_cost: sqlCol.decimal, chosen_count_id: sqlCol.int.nullable(), reason: sqlCol.text.nullable(),
  movements_since: sqlCol.decimal.nullable(), variance: sqlCol.decimal.nullable(),
});
const countRow = sqlRow({ id: sqlCol.int, line_id: sqlCol.int, user_id: sqlCol.int.nullable(), user_name: sqlCol.text.nullable(), quantity: sqlCol.decimal, counted_at: sqlCol.instant });
const sinceRow = sqlRow({ inventory_id: sqlCol.int, quantity: sqlCol.decimal });
type LineRow = z.infer<typeof lineRow>;
type CountRow = z.infer<typeof countRow>;

async function linesOf(db: Db, id: number): Promise<LineRow[]> {
  return rowsOf(
    db,
    lineRow,
    sql`select l.id, l.product_id, l.inventory_id, p.name as product_name, p.sku, p.gtin, p.usage_unit, c.name as category_name, l.expected_quantity, l.unit_cost,
          l.chosen_count_id, l.reason, l.movements_since, l.variance
        from stock_take_lines l join products p on p.id = l.product_id left join categories c on c.id = p.category_id
        where l.stock_take_id = ${id} order by p.name, l.id`,
  );
}

async function countsOf(db: Db, id: number): Promise<Map<number, CountRow[]>> {
  const rows = await rowsOf(
    db,
    countRow,
    sql`select c.id, c.stock_take_line_id as line_id, c.user_id, nullif(trim(u.firstname || ' ' || u.lastname), '') as user_name, c.quantity, c.counted_at
        from stock_take_counts c join stock_take_lines l on l.id = c.stock_take_line_id left join users u on u.id = c.user_id
        where l.stock_take_id = ${id} order by c.id`,
  );
  const byLine = new Map<number, CountRow[]>();
  for (const row of rows) byLine.set(row.line_id, [...(byLine.get(row.line_id) ?? []), row]);
  return byLine;
}

/** Net ledger movements of the take's products since its start (above its watermark), per inventory; at its location only, for a location's take. */
async function movementsSince(db: Db, take: Take): Promise<Map<number, Decimal>> {
  const rows = await rowsOf(
    db,
    sinceRow,
    sql`select m.inventory_id, sum(m.quantity) as quantity from stock_movements m
        where m.inventory_id in (select inventory_id from stock_take_lines where stock_take_id = ${take.id}) and m.id > ${take.movementWatermark}
          ${take.locationId === null ? sql`` : sql`and m.location_id = ${take.locationId}`}
        group by m.inventory_id`,
  );
  return new Map(rows.map((r) => [r.inventory_id, toDecimal(r.quantity)]));
}

/** The count that stands: the chosen one, else the only one, else several equal ones; undecided when they differ. */
export function standingCount(counts: ReadonlyArray<{ id: number; quantity: string }>, chosenId: number | null): { quantity: string | null; needsChoice: boolean } {
  const chosen = chosenId !== null ? counts.find((c) => c.id === chosenId) : undefined;
  if (chosen) return { quantity: chosen.quantity, needsChoice: false };
  if (counts.length === 0) return { quantity: null, needsChoice: false };
  const first = toDecimal(counts[0]!.quantity);
  if (counts.every((c) => toDecimal(c.quantity).eq(first))) return { quantity: counts[counts.length - 1]!.quantity, needsChoice: false };
  return { quantity: null, needsChoice: true };
}

interface Figures {
  line: LineRow;
  counts: CountRow[];
  counted: string | null;
  needsChoice: boolean;
  since: Decimal | null;
  variance: Decimal | null;
  value: Decimal | null;
}

/** Each line's standing count, movements since, variance and value: stored once approved, from the ledger while open. */
function figuresOf(take: Take, lines: LineRow[], counts: Map<number, CountRow[]>, since: Map<number, Decimal>): Figures[] {
  return lines.map((line) => {
    const mine = counts.get(line.id) ?? [];
    const { quantity, needsChoice } = standingCount(mine, line.chosen_count_id);
    let lineSince: Decimal | null = null;
    let variance: Decimal | null = null;
    if (take.status === 'approved') {
      lineSince = line.movements_since === null ? null : toDecimal(line.movements_since);
      variance = line.variance === null ? null : toDecimal(line.variance);
    } else if (take.status === 'open') {
      lineSince = since.get(line.inventory_id) ?? ZERO;
      if (quantity !== null) variance = toDecimal(quantity).minus(toDecimal(line.expected_quantity).plus(lineSince));
    }
    return { line, counts: mine, counted: quantity, needsChoice, since: lineSince, variance, value: variance === null ? null : variance.times(line.unit_cost) };
  });
}

const accurate = (f: Figures) => {
  const expected = toDecimal(f.line.expected_quantity).plus(f.since ?? ZERO).abs();
  return f.variance!.abs().lte(expected.times(STOCK_TAKE_ACCURACY_TOLERANCE));
};

/** The take's report; `location`: the location a location's take counted (null: the whole practice, one group). */
export function reportOf(figures: Figures[], location: { id: number; name: string } | null): StockTakeReport {
  const counted = figures.filter((f) => f.variance !== null);
  const categories = new Map<string | null, Figures[]>();
  for (const f of counted) categories.set(f.line.category_name, [...(categories.get(f.line.category_name) ?? []), f]);
  const sum = (list: Figures[], abs: boolean) => list.reduce((s, f) => s.plus(abs ? f.value!.abs() : f.value!), ZERO).toFixed(4);
  const accurateLines = counted.filter(accurate).length;
  return {
    counted_lines: counted.length,
    accurate_lines: accurateLines,
    accuracy: counted.length === 0 ? null : accurateLines / counted.length,
    tolerance: STOCK_TAKE_ACCURACY_TOLERANCE,
    variance_value: sum(counted, false),
    absolute_variance_value: sum(counted, true),
    by_category: [...categories]
      .map(([name, list]) => ({ category_name: name, lines: list.length, accurate_lines: list.filter(accurate).length, variance_value: sum(list, false), absolute_variance_value: sum(list, true) }))
      .sort((a, b) => toDecimal(b.absolute_variance_value).cmp(a.absolute_variance_value)),
    by_location:
      counted.length === 0
        ? []
        : [{ location_id: location?.id ?? null, location_name: location?.name ?? null, lines: counted.length, accurate_lines: accurateLines, variance_value: sum(counted, false), absolute_variance_value: sum(counted, true) }],
  };
}

const absoluteValue = (figures: Figures[]) => figures.reduce((s, f) => s.plus(f.value?.abs() ?? ZERO), ZERO);
const presentCount = (c: CountRow): StockTakeCount => ({ id: c.id, user_id: c.user_id, user_name: c.user_name, quantity: toDecimal(c.quantity).toFixed(4), counted_at: isoDate(c.counted_at) });

/**
 * A stock take with its lines and report. A reader who may not review an open blind take (its counters) gets no expected
 * quantity, movements, variance or value, and no report: the server leaves them out, the screen cannot show them.
 */
export async function takeDetail(db: Database, id: number, mayReview: boolean): Promise<StockTakeDetail> {
  const take = await findTake(db, id);
  const [head] = await db
    .select({ practiceName: dentalPractices.name, currency: dentalPractices.currency, categoryName: categories.name, locationName: storageLocations.name })
    .from(dentalPractices)
    .leftJoin(categories, eq(categories.id, sql`${take.categoryId ?? null}::bigint`))
    .leftJoin(storageLocations, eq(storageLocations.id, sql`${take.locationId ?? null}::bigint`))
    .where(eq(dentalPractices.id, take.dentalPracticeId));
  const names = new Map(
    (await db.select({ id: users.id, name: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})` }).from(users).where(inArray(users.id, [take.startedBy ?? 0, take.approvedBy ?? 0]))).map((u) => [u.id, u.name]),
  );
  const canReview = mayReview || !take.blind || take.status !== 'open';
  const lines = await linesOf(db, id);
  const counts = await countsOf(db, id);
  const since = take.status === 'open' && canReview ? await movementsSince(db, take) : new Map<number, Decimal>();
  const figures = figuresOf(take, lines, counts, since);
  const threshold = await thresholdOf(db, take.dentalPracticeId);
  const show = (value: Decimal | null) => (canReview && value !== null ? value.toFixed(4) : null);
  const presentLine = (f: Figures): StockTakeLine => ({
    id: f.line.id, product_id: f.line.product_id, product_name: f.line.product_name, sku: f.line.sku, gtin: f.line.gtin, usage_unit: f.line.usage_unit, category_name: f.line.category_name,
    counts: f.counts.map(presentCount), chosen_count_id: f.line.chosen_count_id, counted_quantity: f.counted === null ? null : toDecimal(f.counted).toFixed(4), needs_choice: f.needsChoice,
    reason: f.line.reason, unit_cost: canReview ? toDecimal(f.line.unit_cost).toFixed(4) : null,
    expected_quantity: canReview ? toDecimal(f.line.expected_quantity).toFixed(4) : null, movements_since: show(f.since),
    expected_now: canReview && f.since !== null ? toDecimal(f.line.expected_quantity).plus(f.since).toFixed(4) : null,
    variance: show(f.variance), variance_value: show(f.value),
  });
  return {
    id: take.id, dental_practice_id: take.dentalPracticeId, dental_practice_name: head?.practiceName ?? '', currency: head?.currency ?? '', kind: take.kind as StockTakeDetail['kind'],
    category_id: take.categoryId, category_name: head?.categoryName ?? null, location_id: take.locationId, location_name: head?.locationName ?? null, status: take.status as StockTakeStatus, blind: take.blind,
    started_by: take.startedBy, started_by_name: take.startedBy === null ? null : (names.get(take.startedBy) ?? null), started_at: isoDate(take.startedAt),
    approved_by: take.approvedBy, approved_by_name: take.approvedBy === null ? null : (names.get(take.approvedBy) ?? null), approved_at: take.approvedAt ? isoDate(take.approvedAt) : null,
    cancelled_at: take.cancelledAt ? isoDate(take.cancelledAt) : null, cancel_reason: take.cancelReason,
    approval_threshold: toDecimal(threshold).toFixed(2), can_review: canReview,
    needs_second_approver: canReview && absoluteValue(figures).gt(threshold),
    lines: figures.map(presentLine),
    report: canReview ? reportOf(figures, take.locationId !== null && head?.locationName ? { id: take.locationId, name: head.locationName } : null) : null,
  };
}

const lotRow = sqlRow({ id: sqlCol.int, inventory_id: sqlCol.int, lot_number: sqlCol.text.nullable(), expiry_date: sqlCol.text.nullable(), unit_cost: sqlCol.decimal, quantity: sqlCol.decimal, received_at: sqlCol.instant });

/**
 * Approves an open stock take in one transaction: the take row is locked FOR UPDATE and its status read again after the
 * lock (two approvals at once: the second finds it approved, 409), then the counted products' inventories; every line's
 * variance is counted − (expected at start + movements since), and each non-zero one is one `adjust` movement through
 * the ledger. Above the practice's threshold (Σ |variance × unit cost|), the approver may neither have started the take
 * nor counted on it.
 */
export async function approveTake(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const take = await lockTake(tx, id, 'update');
    expectOpen(take);
    const lines = await linesOf(tx, id);
    const counts = await countsOf(tx, id);
    const undecided = lines.find((line) => standingCount(counts.get(line.id) ?? [], line.chosen_count_id).needsChoice);
    if (undecided) throw new AppError('conflict', 'stock_takes.choose_count', undefined, { product: undecided.product_name });
    const countedLines = lines.filter((line) => (counts.get(line.id) ?? []).length > 0);
    await lockInventories(tx, take.dentalPracticeId, countedLines.map((line) => line.product_id));
    const figures = figuresOf(take, lines, counts, await movementsSince(tx, take)).filter((f) => f.variance !== null);
    const threshold = await thresholdOf(tx, take.dentalPracticeId);
    const counters = new Set(figures.flatMap((f) => f.counts.map((c) => c.user_id)));
    if (absoluteValue(figures).gt(threshold) && actor.userId !== null && (actor.userId === take.startedBy || counters.has(actor.userId))) {
      throw new AppError('conflict', 'stock_takes.own_approval', undefined, { id: take.id, threshold: toDecimal(threshold).toFixed(2) });
    }
    const changed = figures.filter((f) => !f.variance!.eq(0));
    const lotsHeld = changed.length === 0 ? [] : await rowsOf(
      tx,
      lotRow,
      sql`select id, inventory_id, lot_number, expiry_date::text as expiry_date, unit_cost, quantity, received_at from lots
          where inventory_id in ${idList(changed.map((f) => f.line.inventory_id))} and quantity > 0 ${take.locationId === null ? sql`` : sql`and location_id = ${take.locationId}`}
          order by inventory_id, received_at desc, id desc`,
    );
    const reasonOf = (f: Figures) => `stock take #${take.id}${f.line.reason ? `: ${f.line.reason}` : ''}`;
    const ctx = (reason: string): MovementContext => ({ practiceId: take.dentalPracticeId, userId: actor.userId, reason });
    // Found more than the ledger holds: into the most recently received lot on hand (same number, expiry and cost), in one
    // batch per reason; a product with no lot on hand gets it into its running lot (a receive, at the line's unit cost).
    // A location's take: the lots at its location only, and the running lot there (receive makes it when missing).
    const intoLots = new Map<string, GiveBackInput[]>();
    for (const f of changed.filter((f) => f.variance!.gt(0))) {
      const lot = lotsHeld.find((l) => l.inventory_id === f.line.inventory_id);
      if (lot) intoLots.set(reasonOf(f), [...(intoLots.get(reasonOf(f)) ?? []), { productId: f.line.product_id, taken: [{ lotId: lot.id, quantity: f.variance!.toFixed(4), unitCost: lot.unit_cost }] }]);
      else await receive(tx, ctx(reasonOf(f)), { productId: f.line.product_id, quantity: f.variance!.toFixed(4), type: 'adjust', unitCost: f.line.unit_cost, locationId: take.locationId });
    }
    for (const [reason, inputs] of intoLots) await giveBackMany(tx, ctx(reason), inputs, 'adjust');
    // Found less: out of the lots on hand, FEFO among them (expired ones included: the shelf is what it is), one batch per reason.
    // A location's take: out of that location's lots only.
    const byReason = new Map<string, TakeInput[]>();
    for (const f of changed.filter((f) => f.variance!.lt(0))) {
      const held = lotsHeld.filter((l) => l.inventory_id === f.line.inventory_id).map((l) => l.id);
      const from = take.locationId !== null ? { lotIds: held, locationId: take.locationId } : held.length ? { lotIds: held } : {};
      byReason.set(reasonOf(f), [...(byReason.get(reasonOf(f)) ?? []), { productId: f.line.product_id, quantity: f.variance!.abs().toFixed(4), type: 'adjust', ...from }]);
    }
    for (const [reason, inputs] of byReason) await takeMany(tx, ctx(reason), inputs);
    if (figures.length > 0) {
      const values = sql.join(figures.map((f) => sql`(${f.line.id}::bigint, ${f.since!.toFixed(4)}::numeric, ${f.variance!.toFixed(4)}::numeric)`), sql`, `);
      await tx.execute(sql`update stock_take_lines set movements_since = v.since, variance = v.variance, updated_at = now() from (values ${values}) as v(id, since, variance) where stock_take_lines.id = v.id`);
    }
    await tx.update(stockTakes).set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date(), updatedAt: new Date() }).where(eq(stockTakes.id, id));
    await recordActivity(tx, actor, {
      action: 'approve', subject: 'StockTake', subjectId: id, practiceId: take.dentalPracticeId,
      after: { adjusted_lines: changed.length, counted_lines: figures.length, variance_value: figures.reduce((s, f) => s.plus(f.value!), ZERO).toFixed(4) },
    });
    await emitWebhookEvent(tx, take.dentalPracticeId, 'stock_take.approved', {
      stock_take: { id, kind: take.kind, adjusted_lines: changed.length, counted_lines: figures.length, variance_value: figures.reduce((s, f) => s.plus(f.value!), ZERO).toFixed(4) },
    });
  });
}

/** Cancels an open stock take: nothing is adjusted, its counts stay for the record. */
export async function cancelTake(db: Database, actor: Actor, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const take = await lockTake(tx, id, 'update');
    expectOpen(take);
    await tx.update(stockTakes).set({ status: 'cancelled', cancelledBy: actor.userId, cancelledAt: new Date(), cancelReason: reason, updatedAt: new Date() }).where(eq(stockTakes.id, id));
    await recordActivity(tx, actor, { action: 'cancel', subject: 'StockTake', subjectId: id, practiceId: take.dentalPracticeId, after: { reason } });
  });
}

