/**
 * `npm run bench -- replenishment` (issue 24, "proof that it pays" and "speed"). The demo data is seeded into a fresh
 * embedded database; then, for each demo practice, the last 26 weeks are replayed day by day twice on the same demand
 * (the ledger's consume movements) and the same starting stock (lots as of the first day, orders then on their way):
 *  - the typed policy: every day, when on hand + on order ≤ the typed reorder point, order up to par in packs;
 *  - the forecast suggestions: each week, a forecast of every product from its weekly use before that week only (the
 *    forecast run's method for a product's own history), levels and order quantities from the forecasting package's
 *    replenishment functions at the practice's service level and review period.
 * Deliveries come after the offer's lead time, use is FEFO across lots, lots are written off after their expiry day and
 * unserved demand is lost. Printed per practice and policy: fill rate, stock-out events (product-days with unserved
 * demand), average inventory value, value expired unused, PO lines and POs, run time; the goal is checked and, where it
 * is missed, the likely causes are measured and printed (service level, lead time, forecast bias).
 * Then the order-suggestion and transfer-suggestion routes are timed warm over HTTP (also on PostgreSQL with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL). BENCH_WEEKS (26), BENCH_THREADS (cores) for the forecasts; BENCH_DATA_DIR
 * replays an already seeded embedded folder (no seeding, no routes).
 */
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { dentalPractices, openDatabase, type Database, type DatabaseHandle } from '@enamel/db';
import { DEMO_PRACTICES } from '../apps/api/src/features/seeder/data/practices.ts';
import { medianMs, onEachDatabase, seededApp } from './bench-databases.ts';
import { forecastMany, type ForecastAnswer } from './replenishment/forecast-pool.ts';
import { forecastPolicy } from './replenishment/levels.ts';
import { forecastJobs, loadPracticeReplay, type PracticeReplay } from './replenishment/load.ts';
import { replay, typedPolicy, type Policy, type PolicyOutcome, type ReplayProduct } from './replenishment/replay.ts';

const WEEKS = Number(process.env.BENCH_WEEKS ?? 26);
const THREADS = process.env.BENCH_THREADS ? Number(process.env.BENCH_THREADS) : undefined;
const ADMIN = { email: 'bench-replenishment@example.test', password: 'Tooth-Fairy-2026!' };
const GOAL = { fillRate: 0.98, inventoryCut: 0.15 };

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const money = (x: number, currency: string) => `${currency} ${Math.round(x).toLocaleString('en-GB')}`;

/** The higher service level tried when the goal is missed: what reaching it would cost. */
const HIGHER = 0.98;

const signed = (x: number) => `${x <= 0 ? '−' : '+'}${pct(Math.abs(x))}`;
/** Value expired in the window plus the closing shelf's expected waste (replay.ts `closingWaste`). */
const wasteOf = (o: PolicyOutcome) => o.expiredValue + o.wasteAheadValue;

const HEADER = `  ${'policy'.padEnd(34)} ${'fill'.padStart(8)} ${'stock-out'.padStart(9)} ${'avg stock'.padStart(13)} ${'expired'.padStart(11)} ${'waste ahead'.padStart(11)} ${'PO lines'.padStart(8)} ${'POs'.padStart(5)} ${'time'.padStart(9)}`;

function row(o: PolicyOutcome, currency: string, ms: number): string {
  return `  ${o.policy.padEnd(34)} ${pct(o.fillRate).padStart(8)} ${String(o.stockOutEvents).padStart(9)} ${money(o.averageInventoryValue, currency).padStart(13)} ${money(o.expiredValue, currency).padStart(11)} ${money(o.wasteAheadValue, currency).padStart(11)} ${String(o.poLines).padStart(8)} ${String(o.purchaseOrders).padStart(5)} ${ms.toFixed(0).padStart(6)} ms`;
}

/** The goal for one comparison: fill rate ≥ 98 %, ≥ 15 % less average stock value, and less waste (expired + expected). */
function verdict(ours: PolicyOutcome, typed: PolicyOutcome, currency: string): { met: boolean; line: string } {
  const cut = 1 - ours.averageInventoryValue / typed.averageInventoryValue;
  const lessWaste = wasteOf(ours) < wasteOf(typed) || (wasteOf(typed) === 0 && wasteOf(ours) === 0);
  const met = ours.fillRate >= GOAL.fillRate && cut >= GOAL.inventoryCut && lessWaste;
  return {
    met,
    line: `${met ? 'GOAL MET' : 'GOAL MISSED'}: fill rate ${pct(ours.fillRate)} (goal ≥ ${pct(GOAL.fillRate, 0)}), average inventory ${signed(-cut)} against the typed policy (goal ≤ −${pct(GOAL.inventoryCut, 0)}), waste (expired + expected from the closing shelf) ${money(wasteOf(ours), currency)} vs ${money(wasteOf(typed), currency)}`,
  };
}

/** Mean of the one-week-ahead forecasts against the week's demand, over every product and week: + is over-forecast. */
function forecastBias(r: PracticeReplay, forecasts: Map<string, ForecastAnswer>): number {
  let predicted = 0;
  let actual = 0;
  for (const p of r.products) {
    for (let week = 0; week < WEEKS; week++) {
      const f = forecasts.get(`${r.id}:${p.id}:${week}`);
      if (!f) continue;
      predicted += Math.max(0, f.mean[0] ?? 0);
      actual += p.demand.slice(week * 7, week * 7 + 7).reduce((s, x) => s + x, 0);
    }
  }
  return actual > 0 ? predicted / actual - 1 : 0;
}

/** Where the forecast policy lost demand: by lead time and by how fast the product moves. */
function whereShort(r: PracticeReplay, o: PolicyOutcome): string[] {
  const byId = new Map(r.products.map((p) => [p.id, p]));
  const lost = o.products.map((x) => ({ p: byId.get(x.productId)!, lost: x.demand - x.served, days: x.stockOutDays })).filter((x) => x.lost > 1e-9);
  const total = lost.reduce((s, x) => s + x.lost, 0);
  if (total === 0) return [];
  const share = (f: (x: (typeof lost)[number]) => boolean) => pct(lost.filter(f).reduce((s, x) => s + x.lost, 0) / total, 0);
  const slow = (x: (typeof lost)[number]) => x.p.demand.reduce((s, d) => s + d, 0) / (r.days / 7) < 2;
  const worst = [...lost].sort((a, b) => b.lost - a.lost).slice(0, 3).map((x) => `${x.p.name.slice(0, 40)} (${x.lost.toFixed(0)} units, ${x.days} days, lead ${x.p.leadTimeDays} d)`);
  return [
    `    lost demand: ${share((x) => x.p.leadTimeDays > 7)} in products with a lead time over 7 days, ${share(slow)} in slow movers (< 2 units a week)`,
    `    most lost: ${worst.join('; ')}`,
  ];
}

async function replayPractices(db: Database): Promise<void> {
  const practices = await db
    .select({ id: dentalPractices.id, name: dentalPractices.name, timeZone: dentalPractices.timeZone, currency: dentalPractices.currency })
    .from(dentalPractices)
    .where(inArray(dentalPractices.code, DEMO_PRACTICES.map((p) => p.code)))
    .orderBy(dentalPractices.id);
  const t0 = performance.now();
  const replays = await Promise.all(practices.map((p) => loadPracticeReplay(db, p, WEEKS)));
  const t1 = performance.now();
  const jobs = replays.flatMap((r) => forecastJobs(r, WEEKS));
  const forecasts = await forecastMany(jobs, 4, 0.95, THREADS);
  const t2 = performance.now();
  console.log(`Read the ledgers in ${((t1 - t0) / 1000).toFixed(1)} s; ${jobs.length} weekly forecasts (a product × a replayed week) in ${((t2 - t1) / 1000).toFixed(1)} s`);
  const verdicts: string[] = [];
  for (const r of replays) {
    console.log(`\n${r.name}: ${r.products.length} products used, ${WEEKS} weeks from ${r.start}, service level ${pct(r.serviceLevel, 0)}, review period ${r.reviewPeriodDays} days (${r.currency})`);
    console.log(`  From the shelf as it was on ${r.start} (the same lots and orders on their way for every policy):`);
    console.log(HEADER);
    // The replay: both policies look at the stock once a review period (week by week), on the same demand.
    const weekly = { ...typedPolicy, name: 'typed, reviewed weekly', reviews: (day: number) => day % r.reviewPeriodDays === 0 };
    let s = performance.now();
    const typed = replay(r.products, weekly, r.days, r.reviewPeriodDays);
    console.log(row(typed, r.currency, performance.now() - s));
    // A stricter baseline: the typed levels checked every day (as the seeded history was run).
    s = performance.now();
    const typedDaily = replay(r.products, { ...typedPolicy, name: 'typed, reviewed daily' }, r.days, 1);
    console.log(row(typedDaily, r.currency, performance.now() - s));
    s = performance.now();
    const forecastOf = (productId: number, week: number) => forecasts.get(`${r.id}:${productId}:${week}`) ?? null;
    const policy = forecastPolicy(forecastOf, { serviceLevel: r.serviceLevel, reviewPeriodDays: r.reviewPeriodDays }, r.products);
    const ours = replay(r.products, policy, r.days, r.reviewPeriodDays);
    console.log(row(ours, r.currency, performance.now() - s));
    console.log(`  (${policy.levelCalls()} forecastLevels calls: only where an order may be due)`);
    // The forecast policy with a review period of one day (a practice that orders daily), against the daily typed baseline.
    s = performance.now();
    const oursDaily = replay(r.products, forecastPolicy(forecastOf, { serviceLevel: r.serviceLevel, reviewPeriodDays: 1 }, r.products, 'forecast suggestions, reviewed daily'), r.days, 1);
    console.log(row(oursDaily, r.currency, performance.now() - s));
    const dailyCut = 1 - oursDaily.averageInventoryValue / typedDaily.averageInventoryValue;
    console.log(`  daily against daily: fill rate ${pct(oursDaily.fillRate)} vs ${pct(typedDaily.fillRate)}, average inventory ${signed(-dailyCut)}, waste ${money(wasteOf(oursDaily), r.currency)} vs ${money(wasteOf(typedDaily), r.currency)}`);
    // The same forecasts at a higher service level: what the goal would cost.
    const variants = (HIGHER > r.serviceLevel ? [HIGHER] : []).map((level) => {
      s = performance.now();
      const v = replay(r.products, forecastPolicy(forecastOf, { serviceLevel: level, reviewPeriodDays: r.reviewPeriodDays }, r.products, `forecast suggestions @ ${pct(level, 0)}`), r.days, r.reviewPeriodDays);
      console.log(row(v, r.currency, performance.now() - s));
      return { level, v };
    });
    const asWas = verdict(ours, typed, r.currency);
    console.log(`  → ${asWas.line}`);
    verdicts.push(`${r.name}, from the shelf as it was: ${asWas.line}`);
    // Stock no ordering policy can touch in the window: the opening stock of products neither policy orders.
    const untouched = typed.products.map((t, i) => t.orders.length === 0 && ours.products[i]!.orders.length === 0);
    const sum = (o: PolicyOutcome, keep: (i: number) => boolean) => o.products.reduce((a, x, i) => a + (keep(i) ? x.valueDays : 0), 0);
    const fixedShare = sum(typed, (i) => untouched[i]!) / Math.max(1e-9, sum(typed, () => true));
    const restCut = 1 - sum(ours, (i) => !untouched[i]!) / Math.max(1e-9, sum(typed, (i) => !untouched[i]!));
    console.log(`    ${pct(fixedShare, 0)} of the typed policy's average stock value is opening stock of products neither policy orders in the ${WEEKS} weeks (it is the same under both); on the products either orders, ours holds ${signed(-restCut)}`);
    if (!asWas.met) {
      const bias = forecastBias(r, forecasts);
      console.log(`    one-week-ahead forecasts ${bias >= 0 ? 'over' : 'under'}-forecast demand by ${pct(Math.abs(bias))} on average (bias)`);
      for (const l of whereShort(r, ours)) console.log(l);
      // Stock no policy can cut: one minimum order (pack × MOQ) already holds weeks of use.
      const weeksInPack = (id: number) => {
        const p = r.products.find((x) => x.id === id)!;
        const perWeek = p.demand.reduce((a, d) => a + d, 0) / (r.days / 7);
        return perWeek > 0 ? (p.unitsPerPack * p.minimumOrderPacks) / perWeek : Infinity;
      };
      const bulky = (o: PolicyOutcome) => o.products.filter((x) => weeksInPack(x.productId) >= 4).reduce((a, x) => a + x.valueDays, 0) / Math.max(1e-9, o.products.reduce((a, x) => a + x.valueDays, 0));
      console.log(`    packs: ${pct(bulky(typed), 0)} of the typed policy's stock value (${pct(bulky(ours), 0)} of ours) is in products whose smallest order holds 4 weeks of use or more`);
      for (const { level, v } of variants) console.log(`    at service level ${pct(level, 0)}: fill rate ${pct(v.fillRate)}, inventory ${signed(v.averageInventoryValue / typed.averageInventoryValue - 1)}`);
    }
    // As if each policy had been in place: each starts from the stock its own first order on an empty shelf would
    // give (typed: par in packs; ours: the forecast's order-up-to level in packs), delivered on the first day.
    console.log(`  As if each policy had been in place (each starts from its own first order, received on the first day):`);
    console.log(HEADER);
    const ownStart = (pol: Policy) => r.products.map((p): ReplayProduct => {
      const units = pol.order(p, 0, { onHand: 0, onOrder: 0 });
      return { ...p, openingLots: units > 0 ? [{ expiryDay: p.shelfLife(0), quantity: units }] : [], openingPending: [] };
    });
    s = performance.now();
    const typedOwn = replay(ownStart(weekly), weekly, r.days, r.reviewPeriodDays);
    console.log(row(typedOwn, r.currency, performance.now() - s));
    s = performance.now();
    const oursPolicy = forecastPolicy(forecastOf, { serviceLevel: r.serviceLevel, reviewPeriodDays: r.reviewPeriodDays }, r.products);
    const oursOwn = replay(ownStart(oursPolicy), oursPolicy, r.days, r.reviewPeriodDays);
    console.log(row(oursOwn, r.currency, performance.now() - s));
    const inPlace = verdict(oursOwn, typedOwn, r.currency);
    console.log(`  → ${inPlace.line}`);
    verdicts.push(`${r.name}, as if in place: ${inPlace.line}`);
  }
  console.log(`\nReplay: ${((performance.now() - t0) / 1000).toFixed(1)} s in all (goal ≤ 180 s including the seeding)`);
  for (const v of verdicts) console.log(`  ${v}`);
}

/** A GET over HTTP with the admin's cookie: its status and body. */
async function get(base: string, cookie: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
  return { status: res.status, body: await res.text() };
}

/** Whether a route answers; a 404 (the route not built yet) or another failure is reported, not thrown. */
async function available(base: string, cookie: string, label: string, path: string): Promise<boolean> {
  const first = await get(base, cookie, path);
  if (first.status === 200) return true;
  console.log(`  ${label.padEnd(52)} ${first.status === 404 ? 'route not available' : 'failed'} (HTTP ${first.status}: ${first.body.slice(0, 100)})`);
  return false;
}

async function benchRoutes(label: string, db: Database, base: string, cookie: string): Promise<void> {
  const practices = await db.select({ id: dentalPractices.id, name: dentalPractices.name }).from(dentalPractices).where(inArray(dentalPractices.code, DEMO_PRACTICES.map((p) => p.code))).orderBy(dentalPractices.id);
  console.log(`\nRoutes on ${label} (warm, median of 7):`);
  const target = label === 'embedded' ? '≤ 600 ms embedded' : '≤ 300 ms on PostgreSQL';
  for (const p of practices) {
    const path = `/api/admin/list/order-suggestions?dental_practice_id=${p.id}&pagesize=100`;
    const what = `order suggestions, ${p.name}`;
    if (!(await available(base, cookie, what, path))) break;
    const ms = await medianMs(() => get(base, cookie, path), 7);
    console.log(`  ${what.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms (target ${target})`);
  }
  const paths = practices.map((p) => `/api/replenishment/transfer-suggestions?dental_practice_id=${p.id}`);
  if (!(await available(base, cookie, 'transfer suggestions', paths[0]!))) return;
  const ms = await medianMs(async () => {
    for (const path of paths) await get(base, cookie, path);
  }, 7);
  console.log(`  ${'transfer suggestions, the three practices in turn'.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms (target ≤ 1,000 ms)`);
}

async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const started = performance.now();
  const app = await seededApp(env, open, ADMIN);
  console.log(`${label}: demo data seeded and forecast in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    if (label === 'embedded') await replayPractices(app.database.db);
    await benchRoutes(label, app.database.db, app.base, app.cookie);
  } finally {
    await app.close();
  }
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
}

export async function run(): Promise<void> {
  const reuse = process.env.BENCH_DATA_DIR;
  if (reuse) {
    // An already seeded folder: the replay only (no app, no routes).
    const handle = await openDatabase({ dataDir: reuse });
    try {
      await replayPractices(handle.db);
    } finally {
      await handle.close();
    }
    return;
  }
  await onEachDatabase('replenishment', benchOne);
}
