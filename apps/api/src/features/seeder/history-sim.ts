import {
  addDays, addMonths, compareDecimals, dayIn, daysBetween, multiplyDecimals, roundDecimal, subtractDecimals, sumDecimals, toDecimal, weekday, weightedCost, zonedTime, type Decimal,
} from '@enamel/contracts';
import { countQuantile, mulberry32, qnorm, reorderPolicy, roundToPack } from '@enamel/forecast';
import { allocate, fefoOrder, isExpired } from '../stock/index.ts';
import type { DemoPractice } from './data/practices.ts';
import { HYGIENE_CODES } from './data/practices.ts';

/**
 * The demo history of one practice, simulated day by day in memory (no database): opening stock in lots,
 * procedures with weekly and yearly seasonality, a mild trend and noise, each completed one consuming its
 * template's items by the ledger's own rules (`stock/fefo.ts`: earliest-expiring usable lot first) with its cost
 * captured, expired lots written off, and reorders up to par arriving after the supplier's lead time whenever a
 * product falls to its reorder point. Levels and orders come from the forecast package's inventory maths
 * (`reorderPolicy`, `roundToPack`), draws from its generator (`mulberry32`) and distributions; quantities and money
 * are exact decimals (`@enamel/contracts`), as in the ledger. Rows point at each other by index; the caller gives them
 * database ids. The ledger itself is not called: its statements per movement would take minutes for 250,000
 * movements, so the rows are bulk loaded and the seeder test checks them with the ledger check.
 */

const DAY_MS = 86_400_000;
const EPOCH = '1970-01-01';
/** The demo's usual months of history: longer ones grow towards the same today. */
const DEFAULT_MONTHS = 18;

export interface SimProduct {
  id: number;
  sku: string;
  unitsPerPurchaseUnit: number;
  /** Usage-unit cost in this practice's currency at the start of the history. */
  unitCost: string;
  tracksLots: boolean;
  /** How the practice buys it (its chosen supplier offer); without one its receipts belong to no purchase order. */
  order?: SimOrderTerms;
}

/** A supplier offer as the simulation orders from it. */
export interface SimOrderTerms {
  supplierId: number;
  offerId: number;
  supplierSku: string | null;
  purchaseUnit: string;
  /** Usage units in one purchase unit (a whole number). */
  unitsPerPack: number;
  minimumOrderQuantity: number;
  leadTimeDays: number;
  /** Today's price of one purchase unit, in the supplier's currency. */
  packPrice: string;
  /** Multiplies a price in the supplier's currency into the practice's (demo rates; 1 when they agree). */
  toPractice: number;
}

export interface SimTemplate {
  id: number;
  codeId: number;
  code: string;
  /** Relative frequency among the practice's procedures. */
  weight: number;
  items: Array<{ productId: number; quantity: string }>;
}

export interface SimInput {
  practice: DemoPractice;
  products: Map<number, SimProduct>;
  templates: SimTemplate[];
  /** Stocked, never consumed by a template (opening stock only; some expired, some expiring soon). */
  extraProductIds: number[];
  now: Date;
  months: number;
  /** Multiplies the daily volumes (1 = the practice's own figures). */
  volume: number;
  seed: number;
  /** Orders above this total (in their currency) were approved before sending; the open one waiting for approval exceeds it. */
  approvalThreshold?: number;
}

/** Levels in whole usage units; quantities and money as decimal text. */
export interface SimInventory {
  productId: number;
  reorderPoint: number;
  parLevel: number;
  location: string;
  onHand: string;
}
export interface SimLot {
  productId: number;
  lotNumber: string | null;
  expiry: string | null;
  unitCost: string;
  quantity: string;
  receivedAt: number;
}
export interface SimProcedure {
  codeId: number;
  templateId: number;
  performedAt: number;
  provider: string;
  status: 'completed' | 'planned';
}
export interface SimItem {
  procedure: number;
  productId: number;
  quantity: string;
  cost: string;
}
export interface SimMovement {
  productId: number;
  lot: number;
  type: 'receive' | 'consume' | 'expire';
  quantity: string;
  unitCost: string;
  reason: string | null;
  procedure: number | null;
  item: number | null;
  /** The purchase order line a receipt delivers (an index into `orderLines`). */
  orderLine: number | null;
  occurredAt: number;
}
export type SimOrderStatus = 'draft' | 'awaiting_approval' | 'sent' | 'partially_received' | 'received' | 'cancelled';
/** A purchase order: every reorder of a day to one supplier, a rush order, or an open one near today. */
export interface SimOrder {
  supplierId: number;
  status: SimOrderStatus;
  createdAt: number;
  sentAt: number | null;
  approvedAt: number | null;
  receivedAt: number | null;
  cancelledAt: number | null;
  cancelReason: string | null;
  expectedAt: string | null;
  notes: string | null;
  total: string;
  lines: number[];
}
export interface SimOrderLine {
  order: number;
  productId: number;
  terms: SimOrderTerms;
  /** Ordered and received purchase units. */
  packs: number;
  receivedPacks: number;
  /** Per purchase unit, in the supplier's currency. */
  unitPrice: string;
}
export interface SimResult {
  inventories: SimInventory[];
  lots: SimLot[];
  procedures: SimProcedure[];
  items: SimItem[];
  movements: SimMovement[];
  orders: SimOrder[];
  orderLines: SimOrderLine[];
  stats: { reorders: number; urgentOrders: number; expiredLots: number; backorders: number; firstDay: string; lastDay: string };
}

export function hashSeed(text: string): number {
  let h = 2_166_136_261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

/** A standard normal draw by inverting the forecast package's normal quantile. */
const normal = (rnd: () => number) => qnorm(Math.min(Math.max(rnd(), 1e-12), 1 - 1e-12));

/** A Poisson draw (the forecast package's count distribution with variance = mean, inverted). */
const poisson = (rnd: () => number, mean: number) => (mean > 0 ? countQuantile(rnd(), mean, mean) : 0);

/** Days are counted from 1970-01-01 in the simulation's loops; their text is the dates module's. */
const dayTexts = new Map<number, string>();
function isoDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) dayTexts.set(day, (text = addDays(EPOCH, day)));
  return text;
}

/** Weekday factors, Sunday first: busy Tuesday to Thursday, quieter Monday and Friday, closed on Sunday. */
const WEEKDAY = [0, 0.8, 1.15, 1.2, 1.15, 0.75, 1];

/** Yearly seasonality: quieter in August and over the Christmas holidays, a little busier in spring and autumn. */
function seasonal(day: number): number {
  const text = isoDay(day);
  const month = Number(text.slice(5, 7)) - 1;
  const date = Number(text.slice(8, 10));
  if (month === 0 && date === 1) return 0;
  if (month === 11 && (date === 25 || date === 26)) return 0;
  if (month === 11 && date >= 20) return 0.45;
  if (month === 7) return 0.7;
  if (month === 6 && date >= 20) return 0.85;
  return [1.05, 1.05, 1.08, 1.02, 1, 0.97, 0.92, 0.7, 1.04, 1.06, 1.05, 0.98][month]!;
}

interface LotState {
  /** The lot's index in the result (FEFO's tie-break, as the ledger's lot id). */
  id: number;
  expiryDate: string | null;
  receivedAt: number;
  unitCost: string;
  quantity: Decimal;
  /** An expired lot left on the shelf at the end, waiting to be written off. */
  keep: boolean;
}

interface StockState {
  product: SimProduct;
  inventory: SimInventory;
  onHand: Decimal;
  /** Lots with stock, in FEFO order. */
  lots: LotState[];
  running: LotState | null;
  /** Deliveries on their way, earliest first (a back-ordered rest after its first part). */
  pending: Array<{ arrival: number; units: number; line: number | null }>;
}

/** A whole order's delivery is a day early or late now and then (the same for every line of one supplier's day). */
function deliveryDelay(supplierId: number, day: number): number {
  const h = hashSeed(`${supplierId}:${day}`) % 10;
  return h === 0 ? -1 : h >= 8 ? 1 : 0;
}

const orderTotal = (result: SimResult, order: SimOrder) => sumDecimals(order.lines.map((l) => multiplyDecimals(result.orderLines[l]!.packs, result.orderLines[l]!.unitPrice)));

/** Totals, statuses and approvals of the simulated orders: received in full, in part, or still on their way. */
function settleOrders(result: SimResult, threshold: number) {
  for (const order of result.orders) {
    order.total = orderTotal(result, order);
    const lines = order.lines.map((l) => result.orderLines[l]!);
    const all = lines.every((l) => l.receivedPacks >= l.packs);
    order.status = all ? 'received' : lines.some((l) => l.receivedPacks > 0) ? 'partially_received' : 'sent';
    if (!all) order.receivedAt = null;
    if (Number(order.total) > threshold) order.approvedAt = order.createdAt + 2 * 60_000;
  }
}

interface OpenOrderContext {
  now: number;
  today: number;
  at: (day: number, minutes: number) => number;
  threshold: number;
  packs: (state: StockState, quantity: number) => number;
}

/**
 * Orders that touch no stock, so that every status has an example near today: a draft for what runs lowest, a large
 * order waiting for approval (above the threshold), and one cancelled six weeks ago.
 */
function addOpenOrders(result: SimResult, states: StockState[], ctx: OpenOrderContext) {
  const buyable = states.filter((s) => s.product.order && s.pending.length === 0 && s.inventory.parLevel > 0);
  if (!buyable.length) return;
  const add = (supplierId: number, lines: Array<{ state: StockState; packs: number }>, o: Partial<SimOrder> & { status: SimOrderStatus; createdAt: number }) => {
    const order: SimOrder = { supplierId, sentAt: null, approvedAt: null, receivedAt: null, cancelledAt: null, cancelReason: null, expectedAt: null, notes: null, total: '0', lines: [], ...o };
    const index = result.orders.length;
    result.orders.push(order);
    for (const { state, packs } of lines) {
      order.lines.push(result.orderLines.length);
      result.orderLines.push({ order: index, productId: state.product.id, terms: state.product.order!, packs, receivedPacks: 0, unitPrice: roundDecimal(state.product.order!.packPrice) });
    }
    order.total = orderTotal(result, order);
  };
  const toPar = (s: StockState) => ctx.packs(s, Math.max(0, s.inventory.parLevel - Number(s.onHand))) / s.product.order!.unitsPerPack;
  const lowest = [...buyable].sort((a, b) => Number(a.onHand) / a.inventory.parLevel - Number(b.onHand) / b.inventory.parLevel || a.product.id - b.product.id);
  const draftSupplier = lowest[0]!.product.order!.supplierId;
  add(draftSupplier, lowest.filter((s) => s.product.order!.supplierId === draftSupplier).slice(0, 5).map((state) => ({ state, packs: toPar(state) })), { status: 'draft', createdAt: ctx.now - 3 * 3_600_000 });

  const bySupplier = new Map<number, StockState[]>();
  for (const s of buyable) bySupplier.set(s.product.order!.supplierId, [...(bySupplier.get(s.product.order!.supplierId) ?? []), s]);
  const [bigSupplier, theirs] = [...bySupplier].filter(([id]) => id !== draftSupplier).sort((a, b) => b[1].length - a[1].length || a[0] - b[0])[0] ?? [...bySupplier][0]!;
  const lines = [...theirs].sort((a, b) => Number(b.product.order!.packPrice) - Number(a.product.order!.packPrice) || a.product.id - b.product.id).slice(0, 6)
    .map((state) => ({ state, packs: Math.max(state.product.order!.minimumOrderQuantity, 2) }));
  const value = () => lines.reduce((sum, l) => sum + l.packs * Number(l.state.product.order!.packPrice), 0);
  for (let i = 0; value() <= ctx.threshold * 1.2 && i < 10_000; i++) lines[i % lines.length]!.packs++;
  add(bigSupplier, lines, { status: 'awaiting_approval', createdAt: ctx.now - 26 * 3_600_000, notes: 'Stock-up before the busy season: above the approval threshold' });

  const day = ctx.today - 45;
  const cancelled = lowest.slice(-2).map((state) => ({ state, packs: state.product.order!.minimumOrderQuantity }));
  const supplier = cancelled[0]!.state.product.order!.supplierId;
  add(supplier, cancelled.filter((l) => l.state.product.order!.supplierId === supplier), {
    status: 'cancelled', createdAt: ctx.at(day, 17 * 60 + 40), sentAt: ctx.at(day, 17 * 60 + 45), cancelledAt: ctx.at(day + 1, 9 * 60 + 10),
    cancelReason: 'The supplier could not deliver in time; ordered elsewhere', expectedAt: isoDay(day + 5),
  });
}

export function simulatePractice(input: SimInput): SimResult {
  const { practice, products, templates } = input;
  const rnd = mulberry32(input.seed);
  const tz = practice.timeZone;
  const nowMs = input.now.getTime();
  const todayText = dayIn(tz, input.now);
  const today = daysBetween(EPOCH, todayText);
  const start = daysBetween(EPOCH, addMonths(todayText, -input.months));
  const horizon = today + 14;
  const offsets = new Map<number, number>();
  /** A local time of a local day, as a UTC instant (the zone's offset at noon: the practice is open 7:00 to 17:30). */
  const at = (day: number, minutes: number) => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      offset = day * DAY_MS + 12 * 3_600_000 - zonedTime(isoDay(day), 12 * 60, tz);
      offsets.set(day, offset);
    }
    return day * DAY_MS + minutes * 60_000 - offset;
  };

  const result: SimResult = {
    inventories: [], lots: [], procedures: [], items: [], movements: [], orders: [], orderLines: [],
    stats: { reorders: 0, urgentOrders: 0, expiredLots: 0, backorders: 0, firstDay: isoDay(start), lastDay: todayText },
  };
  const years = (day: number) => (day - start) / 365;
  // Growth and cost drift count from the start of the default 18 months at most: a longer history (the growth bench's
  // 90 months) reaches today's volume and costs from further below, so today looks the same however far back it goes.
  const base = Math.max(start, daysBetween(EPOCH, addMonths(todayText, -DEFAULT_MONTHS)));
  const grown = (day: number) => (day - base) / 365;
  const trend = (day: number) => Math.max(0.3, 1 + 0.08 * grown(day));
  const costAt = (product: SimProduct, day: number) => {
    const cost = multiplyDecimals(product.unitCost, Math.max(0.5, 1 + 0.03 * grown(day)) * (1 + 0.02 * normal(rnd)));
    return compareDecimals(cost, '0.0001') < 0 ? '0.0001' : cost;
  };

  // Mean daily use of each product (volume × Σ template share × quantity) and its variance (each procedure a draw).
  const totalWeight = templates.reduce((s, t) => s + t.weight, 0);
  const meanPerDay = practice.perDay * input.volume * 0.95;
  const usage = new Map<number, { perDay: number; variance: number; most: number }>();
  for (const t of templates) {
    for (const item of t.items) {
      const u = usage.get(item.productId) ?? { perDay: 0, variance: 0, most: 0 };
      const q = Number(item.quantity);
      u.perDay += (meanPerDay * t.weight * q) / totalWeight;
      u.variance += (meanPerDay * t.weight * q * q) / totalWeight;
      u.most = Math.max(u.most, q);
      usage.set(item.productId, u);
    }
  }

  const stock = new Map<number, StockState>();
  let openPartial = false;
  const addLot = (state: StockState, lot: Omit<SimLot, 'productId' | 'quantity'>, keep = false): LotState => {
    const id = result.lots.length;
    result.lots.push({ productId: state.product.id, quantity: '0.0000', ...lot });
    const live: LotState = { id, expiryDate: lot.expiry, receivedAt: lot.receivedAt, unitCost: lot.unitCost, quantity: toDecimal(0), keep };
    if (lot.expiry === null) state.running = live;
    return live;
  };
  const lotNumber = (day: number) => {
    const text = isoDay(day);
    const letters = String.fromCharCode(65 + Math.floor(rnd() * 26), 65 + Math.floor(rnd() * 26));
    return `${letters}${text.slice(2, 4)}${text.slice(5, 7)}-${String(Math.floor(rnd() * 100_000)).padStart(5, '0')}`;
  };
  const move = (state: StockState, lot: LotState, m: Omit<SimMovement, 'productId' | 'lot' | 'orderLine'>, orderLine: number | null = null) => {
    result.movements.push({ productId: state.product.id, lot: lot.id, orderLine, ...m });
    lot.quantity = lot.quantity.plus(m.quantity);
    result.lots[lot.id]!.quantity = roundDecimal(lot.quantity);
    state.onHand = state.onHand.plus(m.quantity);
  };
  /** Stock in: tracked products get a new lot (6–30 months of shelf life); others go into the running lot at the ledger's weighted cost. */
  const receive = (state: StockState, units: number, day: number, minutes: number, reason: string, expiry?: string, keep = false, orderLine: number | null = null) => {
    const quantity = roundDecimal(units);
    const when = at(day, minutes);
    let cost = costAt(state.product, day);
    if (orderLine !== null) {
      // What the order line was priced at, in the practice's currency per usage unit (the ledger's cost of the receipt).
      const line = result.orderLines[orderLine]!;
      line.receivedPacks += units / line.terms.unitsPerPack;
      const order = result.orders[line.order]!;
      order.receivedAt = Math.max(order.receivedAt ?? 0, when);
      cost = roundDecimal(toDecimal(line.unitPrice).times(line.terms.toPractice).div(line.terms.unitsPerPack));
      if (compareDecimals(cost, '0.0001') < 0) cost = '0.0001';
    }
    let lot: LotState;
    if (state.product.tracksLots) {
      const shelf = expiry ?? isoDay(day + Math.round(183 + rnd() * 730));
      lot = addLot(state, { lotNumber: lotNumber(day), expiry: shelf, unitCost: cost, receivedAt: when }, keep);
      state.lots.push(lot);
      state.lots.sort(fefoOrder);
    } else if (state.running) {
      lot = state.running;
      lot.unitCost = weightedCost(lot.quantity, lot.unitCost, quantity, cost);
      result.lots[lot.id]!.unitCost = lot.unitCost;
      if (!state.lots.includes(lot)) state.lots.push(lot);
    } else {
      lot = addLot(state, { lotNumber: null, expiry: null, unitCost: cost, receivedAt: when });
      state.lots.push(lot);
    }
    move(state, lot, { type: 'receive', quantity, unitCost: cost, reason, procedure: null, item: null, occurredAt: when }, orderLine);
  };
  /** An order: whole purchase units of the offer, at least its minimum order quantity. */
  const packs = (state: StockState, quantity: number) => {
    const unit = state.product.order?.unitsPerPack ?? state.product.unitsPerPurchaseUnit;
    return Math.max(unit * (state.product.order?.minimumOrderQuantity ?? 1), roundToPack(quantity, unit));
  };
  const yearsToday = years(today);
  /** A line on the day's order to the product's supplier (one order per supplier and day; rush orders apart). */
  const orderLine = (state: StockState, units: number, day: number, rush: boolean, openOrders: Map<string, number>): number | null => {
    const terms = state.product.order;
    if (!terms) return null;
    const key = `${terms.supplierId}:${day}:${rush}`;
    let index = openOrders.get(key);
    if (index === undefined) {
      index = result.orders.length;
      openOrders.set(key, index);
      const created = at(day, rush ? 7 * 60 : 17 * 60 + 40);
      result.orders.push({
        supplierId: terms.supplierId, status: 'sent', createdAt: created, sentAt: created + 5 * 60_000, approvedAt: null, receivedAt: null, cancelledAt: null, cancelReason: null,
        expectedAt: isoDay(day + (rush ? 0 : terms.leadTimeDays)), notes: rush ? 'Rush delivery: ran short during the day' : null, total: '0', lines: [],
      });
    }
    const order = result.orders[index]!;
    if (!rush && isoDay(day + terms.leadTimeDays) > order.expectedAt!) order.expectedAt = isoDay(day + terms.leadTimeDays);
    // Prices drift about 3 % a year towards today's offer, with a little noise per order.
    const price = toDecimal(terms.packPrice).times((1 + 0.03 * (years(day) - yearsToday)) * (1 + 0.01 * normal(rnd)));
    const line = result.orderLines.length;
    result.orderLines.push({ order: index, productId: state.product.id, terms, packs: units / terms.unitsPerPack, receivedPacks: 0, unitPrice: roundDecimal(price.round(2, 1)) });
    order.lines.push(line);
    return line;
  };
  const ordersOfDay = new Map<string, number>();

  // Inventories: levels from the forecast package's reorder policy on the expected daily use (95 % over the lead time
  // plus a few days, then two to three weeks' review), in whole usage units, par in whole purchase units.
  const [leadMin, leadMax] = practice.leadTime;
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  for (const [productId, u] of [...usage].sort((a, b) => a[0] - b[0])) {
    const product = products.get(productId)!;
    const lead = product.order ? product.order.leadTimeDays + 2 : leadMax + 3;
    const policy = reorderPolicy({ mean: [u.perDay], sd: [Math.sqrt(u.variance)], distribution: 'normal' }, { leadTime: lead, reviewPeriod: 14 + Math.floor(rnd() * 8), serviceLevel: 0.95 });
    const reorderPoint = Math.max(Math.ceil(policy.reorderPoint), Math.ceil(u.most * 2), 1);
    const parLevel = packs({ product } as StockState, Math.max(policy.orderUpTo, reorderPoint + u.perDay * 7));
    const inventory: SimInventory = { productId, reorderPoint, parLevel, location: pick(practice.locations), onHand: '0.0000' };
    result.inventories.push(inventory);
    stock.set(productId, { product, inventory, onHand: toDecimal(0), lots: [], running: null, pending: [] });
  }
  for (const productId of input.extraProductIds) {
    const product = products.get(productId)!;
    const unit = product.unitsPerPurchaseUnit;
    const inventory: SimInventory = { productId, reorderPoint: Math.ceil(unit / 2), parLevel: unit * (1 + Math.floor(rnd() * 3)), location: pick(practice.locations), onHand: '0.0000' };
    result.inventories.push(inventory);
    stock.set(productId, { product, inventory, onHand: toDecimal(0), lots: [], running: null, pending: [] });
  }

  // Opening stock on the first day: consumed products up to par (tracked ones in one or two lots).
  for (const state of stock.values()) {
    if (!usage.has(state.product.id)) continue;
    const total = state.inventory.parLevel;
    const unit = state.product.unitsPerPurchaseUnit;
    const split = state.product.tracksLots && total >= 2 * unit ? roundToPack(total / 2, unit, 'down') : total;
    receive(state, split, start, 7 * 60, 'Opening stock');
    if (split < total) receive(state, total - split, start, 7 * 60, 'Opening stock');
  }
  // The others: slow movers bought a while ago; a few expired on the shelf, some expiring within 30 days, some low.
  let tracked = 0;
  input.extraProductIds.forEach((productId, i) => {
    const state = stock.get(productId)!;
    const quantity = i % 10 === 9 ? state.inventory.reorderPoint : state.inventory.parLevel;
    let expiry: string | undefined;
    if (state.product.tracksLots) {
      const r = tracked++ % 10;
      if (r === 0 || r === 5) expiry = isoDay(today - 3 - Math.floor(rnd() * 40));
      else if (r === 1 || r === 3 || r === 7) expiry = isoDay(today + 2 + Math.floor(rnd() * 26));
      else expiry = isoDay(today + 183 + Math.floor(rnd() * 550));
    }
    if (expiry !== undefined && expiry <= isoDay(start)) expiry = isoDay(start + 200);
    receive(state, quantity, start, 7 * 60 + 30, 'Opening stock', expiry, true);
  });

  // Procedure codes by weight (cumulative table).
  const cumulative: number[] = [];
  templates.reduce((sum, t, i) => (cumulative[i] = sum + t.weight), 0);
  const drawTemplate = () => {
    const x = rnd() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return templates[lo]!;
  };
  const provider = (t: SimTemplate) => (HYGIENE_CODES.has(t.code) && practice.hygienists.length && rnd() < 0.85 ? pick(practice.hygienists) : pick(practice.dentists));

  /** The ledger's take(): usable lots (not expired on the movement's day) in FEFO order, each part at its lot's cost. */
  const consume = (state: StockState, quantity: string, procedure: number, item: number, when: number, day: number): string => {
    const usable = () => state.lots.filter((lot) => !isExpired(lot.expiryDate, isoDay(day)));
    let plan = allocate(usable(), quantity);
    if (plan.left.gt(0)) {
      // Ran short: an urgent delivery that morning (a practice borrows or rushes an order rather than cancel).
      result.stats.urgentOrders++;
      const units = packs(state, Number(plan.left) + state.inventory.reorderPoint);
      receive(state, units, day, 7 * 60 + 15, 'Urgent order', undefined, false, orderLine(state, units, day, true, ordersOfDay));
      plan = allocate(usable(), quantity);
    }
    const costs: string[] = [];
    for (const { lot, quantity: part } of plan.parts) {
      move(state, lot, { type: 'consume', quantity: `-${part}`, unitCost: lot.unitCost, reason: null, procedure, item, occurredAt: when });
      costs.push(multiplyDecimals(part, lot.unitCost, 8));
    }
    state.lots = state.lots.filter((lot) => lot.quantity.gt(0));
    return sumDecimals(costs);
  };

  const openMinutes = (day: number) => (weekday(isoDay(day)) === 6 ? [9 * 60, 13 * 60] : [8 * 60, 17 * 60 + 30]);
  const dayFactor = (day: number) => {
    const w = weekday(isoDay(day));
    return (w === 6 ? practice.saturday : WEEKDAY[w]!) * seasonal(day);
  };
  const schedule = (day: number, count: number): Array<{ template: SimTemplate; when: number }> => {
    const [open, close] = openMinutes(day);
    const slots = (close! - open!) / 15;
    return Array.from({ length: count }, () => ({ template: drawTemplate(), when: at(day, open! + Math.floor(rnd() * slots) * 15) })).sort((a, b) => a.when - b.when);
  };
  const record = (template: SimTemplate, when: number, status: 'completed' | 'planned', day: number) => {
    const procedure = result.procedures.length;
    result.procedures.push({ codeId: template.codeId, templateId: template.id, performedAt: when, provider: provider(template), status });
    for (const item of [...template.items].sort((a, b) => a.productId - b.productId)) {
      const index = result.items.length;
      result.items.push({ procedure, productId: item.productId, quantity: roundDecimal(item.quantity), cost: '0.0000' });
      if (status === 'completed') result.items[index]!.cost = consume(stock.get(item.productId)!, item.quantity, procedure, index, when, day);
    }
  };

  for (let day = start; day <= horizon; day++) {
    const factor = dayFactor(day);
    if (day <= today) {
      // Deliveries in the morning; expired lots written off; the day's procedures; reorders at closing.
      for (const state of stock.values()) {
        while (state.pending.length && state.pending[0]!.arrival <= day) {
          const delivery = state.pending.shift()!;
          receive(state, delivery.units, day, 8 * 60, 'Reorder', undefined, false, delivery.line);
        }
        while (state.product.tracksLots && state.lots.length && !state.lots[0]!.keep && isExpired(state.lots[0]!.expiryDate, isoDay(day))) {
          const lot = state.lots.shift()!;
          result.stats.expiredLots++;
          move(state, lot, { type: 'expire', quantity: `-${roundDecimal(lot.quantity)}`, unitCost: lot.unitCost, reason: 'Expired, written off', procedure: null, item: null, occurredAt: at(day, 7 * 60 + 45) });
        }
      }
      if (factor > 0) {
        const mean = practice.perDay * input.volume * factor * trend(day) * Math.exp(0.12 * normal(rnd) - 0.0072);
        for (const { template, when } of schedule(day, poisson(rnd, mean))) record(template, when, day < today || when <= nowMs ? 'completed' : 'planned', day);
        for (const state of stock.values()) {
          if (state.pending.length || !usage.has(state.product.id) || state.onHand.gt(state.inventory.reorderPoint)) continue;
          const terms = state.product.order;
          // The supplier's lead time, a day early or late now and then (the same for a whole order).
          let arrival = terms ? day + Math.max(1, terms.leadTimeDays + deliveryDelay(terms.supplierId, day)) : day + leadMin + Math.floor(rnd() * (leadMax - leadMin + 1));
          if (weekday(isoDay(arrival)) === 0) arrival++;
          const unit = terms?.unitsPerPack ?? 1;
          // Now and then the supplier back-orders part of a line and delivers the rest a week later (always one
          // that is still on its way today, so that a partly received order is open: of two packs at least).
          const forced = terms !== undefined && !openPartial && arrival <= today && arrival + 6 > today;
          let units = packs(state, Number(subtractDecimals(state.inventory.parLevel, state.onHand)));
          if (forced) units = Math.max(units, 2 * unit);
          const line = orderLine(state, units, day, false, ordersOfDay);
          const split = terms !== undefined && units >= 2 * unit && (forced || rnd() < 0.03);
          if (split) {
            const first = roundToPack(units / 2, unit, 'down');
            state.pending.push({ arrival, units: first, line }, { arrival: arrival + 6 + (weekday(isoDay(arrival + 6)) === 0 ? 1 : 0), units: units - first, line });
            result.stats.backorders++;
            if (arrival <= today && arrival + 6 > today) openPartial = true;
          } else state.pending.push({ arrival, units, line });
          result.stats.reorders++;
        }
      }
    } else if (factor > 0) {
      // Known future demand: bookings thin out with distance.
      const fill = Math.max(0.35, 0.95 - 0.045 * (day - today - 1));
      for (const { template, when } of schedule(day, poisson(rnd, practice.perDay * input.volume * factor * trend(day) * fill))) record(template, when, 'planned', day);
    }
  }
  for (const state of stock.values()) state.inventory.onHand = roundDecimal(state.onHand);
  const threshold = input.approvalThreshold ?? 1500;
  settleOrders(result, threshold);
  addOpenOrders(result, [...stock.values()], { now: nowMs, today, at, threshold, packs });
  return result;
}
