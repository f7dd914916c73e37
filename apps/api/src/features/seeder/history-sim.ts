import type { DemoPractice } from './data/practices.ts';
import { HYGIENE_CODES } from './data/practices.ts';

/**
 * The demo history of one practice, simulated day by day in memory (no database): opening stock in lots,
 * procedures with weekly and yearly seasonality, a mild trend and noise, each completed one consuming its
 * template's items earliest-expiring lot first (the ledger's FEFO) with its cost captured, expired lots written
 * off, and reorders up to par (whole purchase units) arriving after the supplier's lead time whenever a product
 * falls to its reorder point. Quantities and money are integers in ten-thousandths (the schema's 4 decimals),
 * so every sum is exact. Rows point at each other by index; the caller gives them database ids.
 */

export const SCALE = 10_000;
const DAY_MS = 86_400_000;

export interface SimProduct {
  id: number;
  sku: string;
  unitsPerPurchaseUnit: number;
  /** Usage-unit cost in this practice's currency at the start of the history, ten-thousandths. */
  unitCost: number;
  tracksLots: boolean;
}

export interface SimTemplate {
  id: number;
  codeId: number;
  code: string;
  /** Relative frequency among the practice's procedures. */
  weight: number;
  items: Array<{ productId: number; quantity: number }>;
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
}

export interface SimInventory {
  productId: number;
  reorderPoint: number;
  parLevel: number;
  location: string;
  onHand: number;
}
export interface SimLot {
  productId: number;
  lotNumber: string | null;
  expiry: string | null;
  unitCost: number;
  quantity: number;
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
  quantity: number;
  cost: number;
}
export interface SimMovement {
  productId: number;
  lot: number;
  type: 'receive' | 'consume' | 'expire';
  quantity: number;
  unitCost: number;
  reason: string | null;
  procedure: number | null;
  item: number | null;
  occurredAt: number;
}
export interface SimResult {
  inventories: SimInventory[];
  lots: SimLot[];
  procedures: SimProcedure[];
  items: SimItem[];
  movements: SimMovement[];
  stats: { reorders: number; urgentOrders: number; expiredLots: number; firstDay: string; lastDay: string };
}

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same practice history. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function hashSeed(text: string): number {
  let h = 2_166_136_261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

function poisson(rnd: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(rnd)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rnd();
  while (p > limit) {
    k++;
    p *= rnd();
  }
  return k;
}

function normal(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** Ten-thousandths as the schema's decimal text ("12.5000", "-3.2500"). */
export function decimal(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / SCALE)}.${String(abs % SCALE).padStart(4, '0')}`;
}

/** Local calendar days are numbered like UTC days (day 0 = 1970-01-01). */
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** Milliseconds the zone is ahead of UTC at `utcMs`. */
function zoneOffset(utcMs: number, timeZone: string): number {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partsFormat.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - (utcMs - (utcMs % 1000));
}

/** The local calendar day of an instant in a zone. */
export function localDay(utcMs: number, timeZone: string): number {
  return Math.floor((utcMs + zoneOffset(utcMs, timeZone)) / DAY_MS);
}

/** Weekday factors, Sunday first: busy Tuesday to Thursday, quieter Monday and Friday, closed on Sunday. */
const WEEKDAY = [0, 0.8, 1.15, 1.2, 1.15, 0.75, 1];

/** Yearly seasonality: quieter in August and over the Christmas holidays, a little busier in spring and autumn. */
function seasonal(day: number): number {
  const d = new Date(day * DAY_MS);
  const month = d.getUTCMonth();
  const date = d.getUTCDate();
  if (month === 0 && date === 1) return 0;
  if (month === 11 && (date === 25 || date === 26)) return 0;
  if (month === 11 && date >= 20) return 0.45;
  if (month === 7) return 0.7;
  if (month === 6 && date >= 20) return 0.85;
  return [1.05, 1.05, 1.08, 1.02, 1, 0.97, 0.92, 0.7, 1.04, 1.06, 1.05, 0.98][month]!;
}

interface LotState {
  index: number;
  expiry: string | null;
  receivedAt: number;
  unitCost: number;
  quantity: number;
  /** An expired lot left on the shelf at the end, waiting to be written off. */
  keep: boolean;
}

interface StockState {
  product: SimProduct;
  inventory: SimInventory;
  /** Lots with stock, in FEFO order (expiry, nulls last, then received, then index). */
  lots: LotState[];
  running: LotState | null;
  pendingArrival: number | null;
  pendingUnits: number;
}

const fefo = (a: LotState, b: LotState) =>
  a.expiry === b.expiry ? a.receivedAt - b.receivedAt || a.index - b.index : a.expiry === null ? 1 : b.expiry === null ? -1 : a.expiry < b.expiry ? -1 : 1;

export function simulatePractice(input: SimInput): SimResult {
  const { practice, products, templates } = input;
  const rnd = random(input.seed);
  const tz = practice.timeZone;
  const nowMs = input.now.getTime();
  const today = localDay(nowMs, tz);
  const todayDate = new Date(today * DAY_MS);
  const start = Math.floor(Date.UTC(todayDate.getUTCFullYear(), todayDate.getUTCMonth() - input.months, todayDate.getUTCDate()) / DAY_MS);
  const horizon = today + 14;
  const offsets = new Map<number, number>();
  /** A local time of a local day, as a UTC instant. */
  const at = (day: number, minutes: number) => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      offset = zoneOffset(day * DAY_MS + 12 * 3_600_000, tz);
      offsets.set(day, offset);
    }
    return day * DAY_MS + minutes * 60_000 - offset;
  };

  const result: SimResult = { inventories: [], lots: [], procedures: [], items: [], movements: [], stats: { reorders: 0, urgentOrders: 0, expiredLots: 0, firstDay: isoDay(start), lastDay: isoDay(today) } };
  const years = (day: number) => (day - start) / 365;
  const trend = (day: number) => 1 + 0.08 * years(day);
  const costAt = (product: SimProduct, day: number) => Math.max(1, Math.round(product.unitCost * (1 + 0.03 * years(day)) * (1 + 0.02 * normal(rnd))));

  // Mean daily use of each product: volume × Σ template share × quantity.
  const totalWeight = templates.reduce((s, t) => s + t.weight, 0);
  const meanPerDay = practice.perDay * input.volume * 0.95;
  const usage = new Map<number, { perDay: number; most: number }>();
  for (const t of templates) {
    for (const item of t.items) {
      const u = usage.get(item.productId) ?? { perDay: 0, most: 0 };
      u.perDay += (meanPerDay * t.weight * item.quantity) / totalWeight;
      u.most = Math.max(u.most, item.quantity);
      usage.set(item.productId, u);
    }
  }

  const stock = new Map<number, StockState>();
  const addLot = (state: StockState, lot: Omit<SimLot, 'productId' | 'quantity'>, keep = false): LotState => {
    const index = result.lots.length;
    result.lots.push({ productId: state.product.id, quantity: 0, ...lot });
    const live: LotState = { index, expiry: lot.expiry, receivedAt: lot.receivedAt, unitCost: lot.unitCost, quantity: 0, keep };
    if (lot.expiry === null) state.running = live;
    return live;
  };
  const lotNumber = (day: number) => {
    const d = new Date(day * DAY_MS);
    const letters = String.fromCharCode(65 + Math.floor(rnd() * 26), 65 + Math.floor(rnd() * 26));
    return `${letters}${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.floor(rnd() * 100_000)).padStart(5, '0')}`;
  };
  const move = (state: StockState, lot: LotState, m: Omit<SimMovement, 'productId' | 'lot'>) => {
    result.movements.push({ productId: state.product.id, lot: lot.index, ...m });
    lot.quantity += m.quantity;
    result.lots[lot.index]!.quantity = lot.quantity;
    state.inventory.onHand += m.quantity;
  };
  /** Stock in: tracked products get a new lot (6–30 months of shelf life); others go into the running lot at a weighted average cost. */
  const receive = (state: StockState, quantity: number, day: number, minutes: number, reason: string, expiry?: string, keep = false) => {
    const when = at(day, minutes);
    const cost = costAt(state.product, day);
    let lot: LotState;
    if (state.product.tracksLots) {
      const shelf = expiry ?? isoDay(day + Math.round(183 + rnd() * 730));
      lot = addLot(state, { lotNumber: lotNumber(day), expiry: shelf, unitCost: cost, receivedAt: when }, keep);
      state.lots.push(lot);
      state.lots.sort(fefo);
    } else if (state.running) {
      lot = state.running;
      const held = Math.max(lot.quantity, 0);
      lot.unitCost = Math.round((held * lot.unitCost + quantity * cost) / (held + quantity));
      result.lots[lot.index]!.unitCost = lot.unitCost;
      if (!state.lots.includes(lot)) state.lots.push(lot);
    } else {
      lot = addLot(state, { lotNumber: null, expiry: null, unitCost: cost, receivedAt: when });
      state.lots.push(lot);
    }
    move(state, lot, { type: 'receive', quantity, unitCost: cost, reason, procedure: null, item: null, occurredAt: when });
  };
  const wholeUnits = (state: StockState, quantity: number) => {
    const unit = state.product.unitsPerPurchaseUnit * SCALE;
    return Math.max(1, Math.ceil(quantity / unit)) * unit;
  };

  // Inventories: levels from the expected use (the lead time plus a few days' cover, then two to three weeks more).
  const [leadMin, leadMax] = practice.leadTime;
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  for (const [productId, u] of [...usage].sort((a, b) => a[0] - b[0])) {
    const product = products.get(productId)!;
    const reorderPoint = Math.max(Math.ceil((u.perDay * 1.4 * (leadMax + 3)) / SCALE), Math.ceil((u.most * 2) / SCALE), 1) * SCALE;
    const cover = u.perDay * (14 + Math.floor(rnd() * 8));
    const parLevel = wholeUnits({ product } as StockState, reorderPoint + cover);
    const inventory: SimInventory = { productId, reorderPoint, parLevel, location: pick(practice.locations), onHand: 0 };
    result.inventories.push(inventory);
    stock.set(productId, { product, inventory, lots: [], running: null, pendingArrival: null, pendingUnits: 0 });
  }
  for (const productId of input.extraProductIds) {
    const product = products.get(productId)!;
    const unit = product.unitsPerPurchaseUnit * SCALE;
    const parLevel = unit * (1 + Math.floor(rnd() * 3));
    const inventory: SimInventory = { productId, reorderPoint: Math.ceil(unit / 2 / SCALE) * SCALE, parLevel, location: pick(practice.locations), onHand: 0 };
    result.inventories.push(inventory);
    stock.set(productId, { product, inventory, lots: [], running: null, pendingArrival: null, pendingUnits: 0 });
  }

  // Opening stock on the first day: consumed products up to par (tracked ones in one or two lots).
  for (const state of stock.values()) {
    if (!usage.has(state.product.id)) continue;
    const total = state.inventory.parLevel;
    const unit = state.product.unitsPerPurchaseUnit * SCALE;
    const split = state.product.tracksLots && total >= 2 * unit ? Math.floor(total / unit / 2) * unit : total;
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

  const consume = (state: StockState, quantity: number, procedure: number, item: number, when: number, day: number): number => {
    const available = state.lots.reduce((s, l) => s + Math.max(l.quantity, 0), 0);
    if (available < quantity) {
      // Ran short: an urgent delivery that morning (a practice borrows or rushes an order rather than cancel).
      result.stats.urgentOrders++;
      receive(state, wholeUnits(state, quantity - available + state.inventory.reorderPoint), day, 7 * 60 + 15, 'Urgent order');
    }
    let left = quantity;
    let cost = 0;
    while (left > 0) {
      const lot = state.lots[0]!;
      const part = Math.min(left, lot.quantity);
      move(state, lot, { type: 'consume', quantity: -part, unitCost: lot.unitCost, reason: null, procedure, item, occurredAt: when });
      cost += part * lot.unitCost;
      left -= part;
      if (lot.quantity <= 0) state.lots.shift();
    }
    return Math.round(cost / SCALE);
  };

  const openMinutes = (weekday: number) => (weekday === 6 ? [9 * 60, 13 * 60] : [8 * 60, 17 * 60 + 30]);
  const dayFactor = (day: number) => {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    return (weekday === 6 ? practice.saturday : WEEKDAY[weekday]!) * seasonal(day);
  };
  const schedule = (day: number, count: number): Array<{ template: SimTemplate; when: number }> => {
    const [open, close] = openMinutes(new Date(day * DAY_MS).getUTCDay());
    const slots = (close! - open!) / 15;
    return Array.from({ length: count }, () => ({ template: drawTemplate(), when: at(day, open! + Math.floor(rnd() * slots) * 15) })).sort((a, b) => a.when - b.when);
  };
  const record = (template: SimTemplate, when: number, status: 'completed' | 'planned', day: number) => {
    const procedure = result.procedures.length;
    result.procedures.push({ codeId: template.codeId, templateId: template.id, performedAt: when, provider: provider(template), status });
    for (const item of [...template.items].sort((a, b) => a.productId - b.productId)) {
      const index = result.items.length;
      result.items.push({ procedure, productId: item.productId, quantity: item.quantity, cost: 0 });
      if (status === 'completed') result.items[index]!.cost = consume(stock.get(item.productId)!, item.quantity, procedure, index, when, day);
    }
  };

  for (let day = start; day <= horizon; day++) {
    const factor = dayFactor(day);
    if (day <= today) {
      // Deliveries in the morning; expired lots written off; the day's procedures; reorders at closing.
      for (const state of stock.values()) {
        if (state.pendingArrival !== null && state.pendingArrival <= day) {
          receive(state, state.pendingUnits, day, 8 * 60, 'Reorder');
          state.pendingArrival = null;
        }
        while (state.product.tracksLots && state.lots.length && !state.lots[0]!.keep && state.lots[0]!.expiry! < isoDay(day)) {
          const lot = state.lots.shift()!;
          result.stats.expiredLots++;
          move(state, lot, { type: 'expire', quantity: -lot.quantity, unitCost: lot.unitCost, reason: 'Expired, written off', procedure: null, item: null, occurredAt: at(day, 7 * 60 + 45) });
        }
      }
      if (factor > 0) {
        const mean = practice.perDay * input.volume * factor * trend(day) * Math.exp(0.12 * normal(rnd) - 0.0072);
        for (const { template, when } of schedule(day, poisson(rnd, mean))) record(template, when, day < today || when <= nowMs ? 'completed' : 'planned', day);
        for (const state of stock.values()) {
          if (state.pendingArrival !== null || !usage.has(state.product.id) || state.inventory.onHand > state.inventory.reorderPoint) continue;
          let arrival = day + leadMin + Math.floor(rnd() * (leadMax - leadMin + 1));
          if (new Date(arrival * DAY_MS).getUTCDay() === 0) arrival++;
          state.pendingArrival = arrival;
          state.pendingUnits = wholeUnits(state, state.inventory.parLevel - state.inventory.onHand);
          result.stats.reorders++;
        }
      }
    } else if (factor > 0) {
      // Known future demand: bookings thin out with distance.
      const fill = Math.max(0.35, 0.95 - 0.045 * (day - today - 1));
      for (const { template, when } of schedule(day, poisson(rnd, practice.perDay * input.volume * factor * trend(day) * fill))) record(template, when, 'planned', day);
    }
  }
  return result;
}
