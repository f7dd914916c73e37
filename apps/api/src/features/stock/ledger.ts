import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, dayIn, type Decimal, toDecimal, weightedCost } from '@enamel/contracts';
import { builtOnce, inventories, lots, practiceSettings, products, rowsOf, type MovementType } from '@enamel/db';
import { idArray, idArrayText, numericArray, sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { asCtes, oneStatement, type Write } from '../../core/sql-writes.ts';
import { lockActivePractice } from '../../core/active-practice.ts';
import { unitCost as productUnitCost } from '../../core/catalog-sql.ts';
import { AppError } from '../../core/errors.ts';
import { allocate, fefoOrder, fefoOrderAt, firstUsableDay, givable, isExpired } from './fefo.ts';
import { mainStoreOf } from './locations.ts';
import { recordShortfall } from './stock-outs.ts';
import type { Tx } from '../../core/transaction.ts';
export type { Tx };

/**
 * The stock ledger: the only code that changes stock. Every change is an immutable movement;
 * a lot's remaining quantity and an inventory's on-hand are kept equal to the sum of their
 * movements in the same transaction. Callers pass the transaction handle (on PGlite only it may
 * be used inside a transaction). Rows are locked inventories first (in product order), then lots
 * (in id order), so concurrent procedures on the same products wait for each other instead of
 * losing an update or deadlocking. A command's items go through in one batch (`takeMany`,
 * `giveBackMany`): one statement per table, whatever the number of items, and one movement
 * insert. Every movement goes through `lockInventories`, which first checks (and share-locks, once per
 * transaction) that the practice is active: a deactivated practice takes no stock in or out.
 */

export interface MovementContext {
  practiceId: number;
  userId: number | null;
  occurredAt?: Date;
  reason?: string | null;
  procedureId?: number | null;
  procedureItemId?: number | null;
  counterpartPracticeId?: number | null;
  /** The purchase order line a receipt or a return to the supplier is against. */
  purchaseOrderLineId?: number | null;
  /** Locations: takes prefer lots at this location (a procedure's operatory) unless the input names its own. */
  preferLocationId?: number | null;
}

export interface Inventory {
  id: number;
  productId: number;
  onHand: string;
  tracksLots: boolean;
  productName: string;
}

/**
 * `practice:product` pairs whose inventory row this process has seen committed (found, not created, by its own
 * transaction): rows that exist stay (only a practice's deletion or a restore removes them), so their next use needs no
 * insert. Bounded; forgotten when it grows too big or is found wrong.
 */
const committedInventories = new Set<string>();
const KNOWN_INVENTORIES_MAX = 200_000;

/** The inventories of a practice's products (an `idArrayText`), locked in product order; one text whatever their number. */
const lockInventoriesStatement = builtOnce((db: Tx) =>
  db
    .select({ id: inventories.id, productId: inventories.productId, onHand: inventories.onHand, tracksLots: products.tracksLots, productName: products.name })
    .from(inventories)
    .innerJoin(products, eq(products.id, inventories.productId))
    .where(and(eq(inventories.dentalPracticeId, sql.placeholder('practice')), sql`${inventories.productId} = any(${sql.placeholder('products')}::bigint[])`))
    .orderBy(asc(inventories.productId))
    .for('update', { of: inventories }),
);

/**
 * The products' inventories in the practice, created on first use, locked for this transaction, in product order. When
 * they are all known to exist, one SELECT ... FOR UPDATE. Otherwise first one insert of them all in product order (ON
 * CONFLICT DO NOTHING: two first uses wait for each other there, in that order), then the SELECT, which sees and locks
 * them all: every transaction waits on inserts before it takes a row lock, and takes row locks in product order, so
 * two never deadlock. A row is remembered only once found committed: one this transaction created may yet roll back.
 * `existing`: the caller has just read these inventories (a stock take's selection), so none is created: one SELECT.
 */
export async function lockInventories(tx: Tx, practiceId: number, productIds: readonly number[], options: { existing?: boolean } = {}): Promise<Map<number, Inventory>> {
  await lockActivePractice(tx, practiceId);
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const key = (productId: number) => `${practiceId}:${productId}`;
  const createMissing = async () =>
    new Set(
      (
        await tx
          .insert(inventories)
          .values(ids.map((productId) => ({ dentalPracticeId: practiceId, productId })))
          .onConflictDoNothing()
          .returning({ productId: inventories.productId })
      ).map((row) => row.productId),
    );
  const lockAll = () => lockInventoriesStatement(tx, { practice: practiceId, products: idArrayText(ids) });
  const allKnown = options.existing === true || ids.every((id) => committedInventories.has(key(id)));
  let created = allKnown ? new Set<number>() : await createMissing();
  let rows = await lockAll();
  if (rows.length !== ids.length && allKnown && options.existing !== true) {
    // Known, yet gone (a restore, a deleted practice): forget what was known, create them as on a first use.
    committedInventories.clear();
    created = await createMissing();
    rows = await lockAll();
  }
  if (rows.length !== ids.length) throw new AppError('not_found');
  if (committedInventories.size > KNOWN_INVENTORIES_MAX) committedInventories.clear();
  for (const row of rows) if (!created.has(row.productId)) committedInventories.add(key(row.productId));
  return new Map(rows.map((row) => [row.productId, row]));
}

/** The product's inventory in the practice, created on first use, locked for this transaction. */
export async function lockInventory(tx: Tx, practiceId: number, productId: number): Promise<Inventory> {
  return (await lockInventories(tx, practiceId, [productId])).get(productId)!;
}

async function allowsNegative(tx: Tx, practiceId: number): Promise<boolean> {
  const [row] = await tx.select({ allow: practiceSettings.allowNegativeStock }).from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practiceId));
  return row?.allow ?? CONFIGURATION_DEFAULTS.allow_negative_stock;
}

interface MovementRow {
  inventory: Inventory;
  lotId: number;
  type: MovementType;
  quantity: Decimal;
  unitCost: string;
  /** The procedure item it is for, when not the context's. */
  procedureItemId?: number | null;
  /** Its lot's location, when the caller holds it (the locked lots); else read from the lot in the insert. */
  locationId?: number;
  /** The procedure and instant it is for, when not the context's (a take of several procedures at once). */
  procedureId?: number | null;
  occurredAt?: Date;
}

/** Σ quantity per key, in first-seen order. */
function sumBy(rows: readonly MovementRow[], key: (row: MovementRow) => number): Array<[number, Decimal]> {
  const sums = new Map<number, Decimal>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? toDecimal(0)).plus(row.quantity));
  return [...sums];
}

const movementIdRow = sqlRow({ id: sqlCol.int });

/**
 * `(id, delta)` rows for an UPDATE ... FROM: one statement, and two parameters, for any number of rows (the text keeps its
 * shape). Arrays and `unnest`, not JSON: the planner counts an unnested array's elements (ten for a generic plan), where it
 * takes `jsonb_to_recordset` for 100 rows and hash-joins a whole table to them (a sequential scan of every lot or item).
 */
const deltas = (sums: Array<[number, Decimal]>): SQL =>
  sql`unnest(${idArray(sums.map(([id]) => id))}, ${numericArray(sums.map(([, delta]) => delta.toFixed(4)))}) as v(id, delta)`;

/**
 * Writes movements (already decided, on locked rows) in one statement: the insert (its rows one JSON parameter) and, in the same
 * statement (data-modifying CTEs), the update of the lots and of the inventories they change (the rollup triggers see
 * the insert at its end, as before), and the caller's own writes that go with them (`also`: the cost of the items
 * a procedure consumed, its activity log entry), so a command's writes after its reads are one round trip. Returns
 * the movements' ids in the rows' order.
 */
async function writeMovements(tx: Tx, ctx: MovementContext, rows: readonly MovementRow[], also: readonly Write[] = []): Promise<number[]> {
  if (rows.length === 0) {
    const alone = oneStatement(also);
    if (alone) await tx.execute(alone);
    return [];
  }
  const occurredAt = ctx.occurredAt ?? new Date();
  // The rows as one JSON parameter (a few parameters whatever the number of rows: quick to build and to send).
  const records = JSON.stringify(
    rows.map((row, n) => ({
      n, inventory_id: row.inventory.id, product_id: row.inventory.productId, lot_id: row.lotId, type: row.type, quantity: row.quantity.toFixed(4), unit_cost: row.unitCost,
      procedure_id: row.procedureId !== undefined ? row.procedureId : (ctx.procedureId ?? null),
      procedure_item_id: row.procedureItemId !== undefined ? row.procedureItemId : (ctx.procedureItemId ?? null),
      occurred_at: (row.occurredAt ?? occurredAt).toISOString(), location_id: row.locationId ?? null,
    })),
  );
  // Locations: a movement is at its lot's location (check:ledger proves it), read from the lot when the caller does not hold it.
  const insert = sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, lot_id, location_id, type, quantity, unit_cost, reason, procedure_id, procedure_item_id,
      counterpart_practice_id, purchase_order_line_id, user_id, occurred_at)
    select ${ctx.practiceId}::bigint, x.inventory_id, x.product_id, x.lot_id, coalesce(x.location_id, (select l.location_id from lots l where l.id = x.lot_id)), x.type, x.quantity, x.unit_cost,
      ${ctx.reason ?? null}::text, x.procedure_id, x.procedure_item_id, ${ctx.counterpartPracticeId ?? null}::bigint, ${ctx.purchaseOrderLineId ?? null}::bigint, ${ctx.userId}::bigint, x.occurred_at
    from jsonb_to_recordset(${records}::jsonb) as x(n int, inventory_id bigint, product_id bigint, lot_id bigint, location_id bigint, type varchar(16), quantity numeric(16, 4), unit_cost numeric(14, 4),
      procedure_id bigint, procedure_item_id bigint, occurred_at timestamptz)
    order by x.n
    returning id`;
  const byInventory = sumBy(rows, (row) => row.inventory.id);
  const inserted = await rowsOf(
    tx,
    movementIdRow,
    sql`with moved as (${insert}),
      lot_changes as (update lots set quantity = lots.quantity + v.delta from ${deltas(sumBy(rows, (row) => row.lotId))} where lots.id = v.id returning 1),
      inventory_changes as (update inventories set on_hand = inventories.on_hand + v.delta from ${deltas(byInventory)} where inventories.id = v.id returning 1)
      ${also.length ? sql`, ${asCtes(also)}` : sql``}
    select id from moved`,
    // One text per set of writes whatever the number of rows: prepared once per connection (named-statements.ts).
    { named: true },
  );
  const changed = new Map(rows.map((row) => [row.inventory.id, row.inventory]));
  for (const [id, delta] of byInventory) changed.get(id)!.onHand = toDecimal(changed.get(id)!.onHand).plus(delta).toFixed(4);
  return inserted.map((row) => row.id);
}

export interface ReceiveInput {
  productId: number;
  quantity: string;
  unitCost: string;
  lotNumber?: string | null;
  expiryDate?: string | null;
  type?: Extract<MovementType, 'receive' | 'transfer_in' | 'return' | 'adjust' | 'move'>;
  /** Locations: where it goes (a location of the practice, checked by the caller); absent: the practice's main store. */
  locationId?: number | null;
}

/**
 * Stock in: into the lot with the same number and expiry (a new one otherwise). Products that do
 * not track lots use one running lot (no number, no expiry).
 */
export async function receive(tx: Tx, ctx: MovementContext, input: ReceiveInput): Promise<{ lotId: number; movementId: number }> {
  const inventory = await lockInventory(tx, ctx.practiceId, input.productId);
  const lotNumber = inventory.tracksLots ? (input.lotNumber?.trim() || null) : null;
  const expiry = inventory.tracksLots ? (input.expiryDate ?? null) : null;
  const locationId = input.locationId ?? (await mainStoreOf(tx, ctx.practiceId));
  const [existing] = await tx
    .select({ id: lots.id, quantity: lots.quantity, unitCost: lots.unitCost })
    .from(lots)
    .where(and(eq(lots.inventoryId, inventory.id), eq(lots.locationId, locationId), lotNumber === null ? isNull(lots.lotNumber) : eq(lots.lotNumber, lotNumber), expiry === null ? isNull(lots.expiryDate) : eq(lots.expiryDate, expiry)))
    .orderBy(asc(lots.id))
    .limit(1)
    .for('update');
  let lotId = existing?.id;
  if (lotId === undefined) {
    const [lot] = await tx.insert(lots).values({ inventoryId: inventory.id, locationId, lotNumber, expiryDate: expiry, unitCost: input.unitCost, receivedAt: ctx.occurredAt ?? new Date() }).returning({ id: lots.id });
    lotId = lot!.id;
  } else if (input.type !== 'adjust') {
    // Received again into the same lot (locked above): its cost becomes the weighted average of what it holds.
    await tx.update(lots).set({ unitCost: weightedCost(existing!.quantity, existing!.unitCost, input.quantity, input.unitCost) }).where(eq(lots.id, lotId));
  }
  const [movementId] = await writeMovements(tx, ctx, [{ inventory, lotId, type: input.type ?? 'receive', quantity: toDecimal(input.quantity), unitCost: input.unitCost, locationId }]);
  return { lotId, movementId: movementId! };
}

export interface Taken {
  lotId: number;
  quantity: string;
  unitCost: string;
  movementId: number;
}

export type TakeType = Extract<MovementType, 'consume' | 'transfer_out' | 'expire' | 'waste' | 'return' | 'adjust' | 'move'>;

export interface TakeInput {
  productId: number;
  quantity: string;
  type: TakeType;
  /** From this lot only (a write-off of an expired lot, a count correction). */
  lotId?: number;
  /** From these lots only, FEFO among them (a return of what came in on an order line). */
  lotIds?: readonly number[];
  /** The procedure item the movements are for, when not the context's. */
  procedureItemId?: number | null;
  /** Locations: lots at this location first (the procedure's operatory), then the rest, each in FEFO order (fefo.ts). */
  locationId?: number | null;
  /**
   * Several procedures in one take (a sync batch, `recordProcedures`): this input's procedure, instant and operatory in
   * place of the context's. Its FEFO day, its movements and its stock-out day are its own, exactly as if it were taken
   * alone after the inputs before it.
   */
  context?: Required<Pick<MovementContext, 'procedureId' | 'occurredAt' | 'preferLocationId'>>;
}

interface LockedLot {
  id: number;
  inventoryId: number;
  quantity: string;
  unitCost: string;
  expiryDate: string | null;
  receivedAt: string;
  locationId: number;
}

/**
 * The lots of the inventories (an `idArrayText`) that hold stock, and the lots `named` whatever they hold (a write-off, a
 * return against an order line), locked in id order. Two texts, whatever the number of items.
 */
const lotsStatement = (withNamed: boolean) =>
  builtOnce((db: Tx) =>
    db
      .select({
        id: lots.id, inventoryId: lots.inventoryId, quantity: lots.quantity, unitCost: lots.unitCost, expiryDate: lots.expiryDate, locationId: lots.locationId,
        receivedAt: sql<string>`to_char(${lots.receivedAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
      })
      .from(lots)
      .where(
        and(
          sql`${lots.inventoryId} = any(${sql.placeholder('inventories')}::bigint[])`,
          withNamed ? or(gt(lots.quantity, '0'), sql`${lots.id} = any(${sql.placeholder('named')}::bigint[])`) : gt(lots.quantity, '0'),
        ),
      )
      .orderBy(asc(lots.id))
      .for('update'),
  );
const lockLotsStatement = lotsStatement(false);
const lockNamedLotsStatement = lotsStatement(true);

/**
 * Stock out, earliest-expiring lot first (FEFO; lots without expiry last, then oldest). FEFO never takes
 * a lot past its expiry date: a lot is usable up to and including its expiry day, judged on the later of
 * the practice's today and the movement's own day (a procedure's performed date), both in the practice's
 * time zone. Expired lots are only written off (`lotId`). A shortfall is a 409 naming the product and
 * how much is missing (and how much is there but expired), unless the practice allows negative stock,
 * in which case the rest is taken from the running lot, which may go below zero.
 * `lotId` takes from one lot only (write-off of an expired lot, a count correction).
 */
export async function take(tx: Tx, ctx: MovementContext, input: TakeInput): Promise<{ taken: Taken[]; cost: string }> {
  return (await takeMany(tx, ctx, [input]))[0]!;
}

/**
 * `take` for several items at once (a procedure's), with the same rules and errors, item by item in the given
 * order (the first shortfall is the 409, before anything is written). The round trips do not grow with the items:
 * the inventories are locked in one statement, their lots in one, FEFO is decided here on the locked rows, and
 * the movements are written by `writeMovements`, with the writes `also` makes of what was decided (each item's cost). Only a shortfall taken into negative stock reads more (the
 * product's unit cost, its running lot) and records a stock-out day.
 */
export async function takeMany(
  tx: Tx,
  ctx: MovementContext,
  inputs: readonly TakeInput[],
  also?: (decided: ReadonlyArray<{ cost: string }>) => Write[],
): Promise<Array<{ taken: Taken[]; cost: string }>> {
  if (inputs.length === 0) return [];
  const byProduct = await lockInventories(tx, ctx.practiceId, inputs.map((input) => input.productId));
  const inventoryIds = [...byProduct.values()].map((inventory) => inventory.id);
  const named = inputs.flatMap((input) => (input.lotId !== undefined ? [input.lotId] : (input.lotIds ?? [])));
  const locked: LockedLot[] = await (named.length ? lockNamedLotsStatement : lockLotsStatement)(tx, { inventories: idArrayText(inventoryIds), named: idArrayText(named) });
  locked.sort(fefoOrder);
  const lotsOf = new Map<number, LockedLot[]>();
  for (const lot of locked) {
    if (!lotsOf.has(lot.inventoryId)) lotsOf.set(lot.inventoryId, []);
    lotsOf.get(lot.inventoryId)!.push(lot);
  }
  // What each lot holds as the items before took from it (the same product twice takes on from the first).
  const holds = new Map(locked.map((lot) => [lot.id, toDecimal(lot.quantity)]));
  const usableFrom = new Map<number | undefined, string>();
  let negativeAllowed: boolean | undefined;
  const rows: MovementRow[] = [];
  const results: Array<{ taken: Array<Omit<Taken, 'movementId'>>; cost: string; firstRow: number }> = [];
  const shortfalls: Array<{ inventory: Inventory; short: Decimal; occurredAt: Date | undefined }> = [];
  for (const input of inputs) {
    const inventory = byProduct.get(input.productId)!;
    const here: MovementContext = input.context ? { ...ctx, ...input.context } : ctx;
    const lotsHere = (lotsOf.get(inventory.id) ?? [])
      .map((lot) => ({ ...lot, quantity: holds.get(lot.id)!.toFixed(4) }))
      .filter((lot) => (input.lotId !== undefined ? lot.id === input.lotId : toDecimal(lot.quantity).gt(0) && (input.lotIds === undefined || input.lotIds.includes(lot.id))));
    const prefer = input.locationId ?? here.preferLocationId ?? null;
    if (prefer !== null) lotsHere.sort(fefoOrderAt(prefer));
    if (input.lotId !== undefined && lotsHere.length === 0) throw new AppError('not_found');
    // Named lots (one, or a set: a return takes only what came in on its order line, FEFO among them) may be expired.
    const isNamed = input.lotId !== undefined || input.lotIds !== undefined;
    const dayKey = here.occurredAt?.getTime();
    if (!isNamed && !usableFrom.has(dayKey)) usableFrom.set(dayKey, await usableFromDay(tx, here));
    const from = isNamed ? null : usableFrom.get(dayKey)!;
    const expired = (lot: { expiryDate: string | null }) => isExpired(lot.expiryDate, from);
    const { parts, available, left } = allocate(lotsHere.filter((lot) => !expired(lot)), input.quantity);
    // Stock goes back to a supplier only from what is on the shelf: a return never takes stock below zero.
    if (left.gt(0) && (input.type === 'return' || !(negativeAllowed ??= await allowsNegative(tx, ctx.practiceId)))) {
      const held = lotsHere.filter(expired).reduce((sum, lot) => sum.plus(givable(lot.quantity)), toDecimal(0));
      const params = { product: inventory.productName, shortfall: Number(left.toFixed(4)), available: Number(available.toFixed(4)), expired: Number(held.toFixed(4)) };
      throw new AppError('conflict', held.gt(0) ? 'stock.shortfall_expired' : 'stock.shortfall', undefined, params);
    }
    const procedureItemId = input.procedureItemId;
    const firstRow = rows.length;
    const taken: Array<Omit<Taken, 'movementId'>> = [];
    let cost = toDecimal(0);
    const own = input.context ? { procedureId: input.context.procedureId, occurredAt: input.context.occurredAt } : {};
    const out = (lotId: number, quantity: Decimal, unitCost: string, locationId?: number) => {
      rows.push({ inventory, lotId, type: input.type, quantity: quantity.times(-1), unitCost, ...own, ...(procedureItemId !== undefined ? { procedureItemId } : {}), ...(locationId !== undefined ? { locationId } : {}) });
      taken.push({ lotId, quantity: quantity.toFixed(4), unitCost });
      cost = cost.plus(quantity.times(unitCost));
      if (holds.has(lotId)) holds.set(lotId, holds.get(lotId)!.minus(quantity));
    };
    for (const { lot, quantity } of parts) out(lot.id, toDecimal(quantity), lot.unitCost, lot.locationId);
    if (left.gt(0)) {
      // Allowed negative stock: the remainder goes against the running lot, at the product's unit cost.
      const [unit] = await tx.select({ cost: productUnitCost }).from(products).where(eq(products.id, input.productId));
      const unitCost = unit?.cost ?? '0';
      const [running] = await tx.select({ id: lots.id }).from(lots).where(and(eq(lots.inventoryId, inventory.id), isNull(lots.lotNumber), isNull(lots.expiryDate))).orderBy(asc(lots.id)).limit(1).for('update');
      const lotId = running?.id ?? (await tx.insert(lots).values({ inventoryId: inventory.id, unitCost, locationId: prefer ?? (await mainStoreOf(tx, ctx.practiceId)) }).returning({ id: lots.id }))[0]!.id;
      out(lotId, left, unitCost);
      // Demand not served from stock is a stock-out day (docs/product-rules.md).
      if (input.type === 'consume') shortfalls.push({ inventory, short: left, occurredAt: here.occurredAt });
    }
    results.push({ taken, cost: cost.toFixed(4), firstRow });
  }
  const movementIds = await writeMovements(tx, ctx, rows, also?.(results) ?? []);
  for (const { inventory, short, occurredAt } of shortfalls) await recordShortfall(tx, { practiceId: ctx.practiceId, inventoryId: inventory.id, productId: inventory.productId, occurredAt, short });
  return results.map(({ taken, cost, firstRow }) => ({ taken: taken.map((part, i) => ({ ...part, movementId: movementIds[firstRow + i]! })), cost }));
}

/** The first day a lot must still be good on to be taken by FEFO, in the practice's time zone. */
async function usableFromDay(tx: Tx, ctx: MovementContext): Promise<string> {
  const { timeZone } = await lockActivePractice(tx, ctx.practiceId);
  const today = dayIn(timeZone, new Date());
  return firstUsableDay(today, ctx.occurredAt ? dayIn(timeZone, ctx.occurredAt) : today);
}

export interface GiveBackInput {
  productId: number;
  taken: ReadonlyArray<{ lotId: number; quantity: string; unitCost: string }>;
  /** The procedure item the movements are for, when not the context's. */
  procedureItemId?: number | null;
}

/** Puts back exactly what earlier movements took (same lots, same cost): the compensation of an edit or a delete. */
export async function giveBack(tx: Tx, ctx: MovementContext, productId: number, taken: GiveBackInput['taken'], type: MovementType): Promise<void> {
  await giveBackMany(tx, ctx, [{ productId, taken }], type);
}

/** `giveBack` for several products at once: inventories locked in one statement, the lots in one (id order), the movements written together. */
export async function giveBackMany(tx: Tx, ctx: MovementContext, inputs: readonly GiveBackInput[], type: MovementType): Promise<void> {
  const given = inputs.filter((input) => input.taken.length > 0);
  if (given.length === 0) return;
  const byProduct = await lockInventories(tx, ctx.practiceId, given.map((input) => input.productId));
  const lotIds = [...new Set(given.flatMap((input) => input.taken.map((part) => part.lotId)))].sort((a, b) => a - b);
  await tx.select({ id: lots.id }).from(lots).where(inArray(lots.id, lotIds)).orderBy(asc(lots.id)).for('update');
  const rows = given.flatMap((input) =>
    [...input.taken]
      .sort((a, b) => a.lotId - b.lotId)
      .map((part): MovementRow => ({
        inventory: byProduct.get(input.productId)!, lotId: part.lotId, type, quantity: toDecimal(part.quantity), unitCost: part.unitCost,
        ...(input.procedureItemId !== undefined ? { procedureItemId: input.procedureItemId } : {}),
      })),
  );
  await writeMovements(tx, ctx, rows);
}
