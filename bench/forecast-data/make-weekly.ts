/**
 * Regenerates weekly.json, the weekly benchmark set of the forecasting library, from the demo data's
 * simulation (apps/api/src/features/seeder/history-sim.ts: the same practices, catalog, templates,
 * code weights and seeds as `npm run seed`, without a database). Per practice: weekly consumption
 * of every product its templates use, and weekly counts of every procedure code it performs.
 *
 *   node --import tsx bench/forecast-data/make-weekly.ts
 *
 * The simulation runs 36 months up to a fixed "today" (so the file is reproducible); each series
 * keeps the last 78 (the demo's 18 months), 104 or 156 whole weeks (in turn), of which the last 13
 * are the test part. Series with fewer than 8 weeks of demand in the training part are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { catalogData } from '../../apps/api/src/features/seeder/catalog-data.ts';
import { CODE_WEIGHTS, DEFAULT_CODE_WEIGHT, DEMO_PRACTICES } from '../../apps/api/src/features/seeder/data/practices.ts';
import { dayIn, daysBetween, toDecimal, unitCostOf } from '@enamel/contracts';
import { mulberry32 } from '@enamel/forecast';
import { hashSeed, simulatePractice, type SimProduct, type SimTemplate } from '../../apps/api/src/features/seeder/history-sim.ts';
import type { LifecycleSeries, Series } from './series.ts';

const NOW = new Date('2026-11-16T12:00:00Z');
const MONTHS = 36;
const HORIZON = 13;
const LENGTHS = [78, 104, 156];
const MIN_DEMAND_WEEKS = 8;

/** The local calendar day of an instant, counted from 1970-01-01. */
const localDay = (ms: number, timeZone: string) => daysBetween('1970-01-01', dayIn(timeZone, ms));

const LIFECYCLE_WEEKS = 156;
const lifecycleOut: LifecycleSeries[] = [];
const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Adds a series of the lifecycle set, made from a product's simulated weekly usage (156 weeks, the last
 * 13 the test part) by one of three realistic changes, chosen per product with a fixed seed:
 * - `switch`: the practice replaces the product by a successor `sinceSuccession` weeks (2–8) before
 *   the forecast origin; the successor's usage is the same demand × `factor` (1, 2 or 0.5: one box
 *   of 200 for two of 100 and the like). `train`/`test` are the successor's own series (zeros
 *   before the switch); `predecessor` is the old product's history, already converted (× factor),
 *   over the training weeks and ending with the switch (zeros after it).
 * - `stop`: the product is discontinued `silent` weeks (1–16) before the origin: zeros from then
 *   on, test included. `full` is the discontinued series up to the end of the test part.
 * - `launch`: the product is listed `sinceLaunch` weeks (4–40) before the origin: zeros before.
 *   `procedureMean` is the product's mean weekly usage over the 52 weeks before its launch in the
 *   simulation: a stand-in for the procedure-driven demand of its templates, which the app knows
 *   before the product has any history of its own.
 */
function lifecycleSeries(id: string, row: number[], rnd: () => number): void {
  if (row.length < LIFECYCLE_WEEKS) return;
  const y = row.slice(row.length - LIFECYCLE_WEEKS);
  const origin = LIFECYCLE_WEEKS - HORIZON;
  if (y.slice(0, origin).filter((v) => v > 0).length < 26) return;
  const u = rnd();
  const pick = rnd();
  if (u < 0.16) {
    const since = 2 + Math.floor(pick * 7);
    const factor = [1, 2, 0.5][Math.floor(rnd() * 3)]!;
    const s = origin - since;
    const own = y.map((v, t) => (t < s ? 0 : round4(v * factor)));
    const predecessor = y.slice(0, origin).map((v, t) => (t < s ? round4(v * factor) : 0));
    lifecycleOut.push({ id: `${id}/switch`, kind: 'switch', train: own.slice(0, origin), test: own.slice(origin), predecessor, sinceSuccession: since, factor });
  } else if (u < 0.27) {
    const silent = 1 + Math.floor(pick * 16);
    const e = origin - silent;
    const full = y.map((v, t) => (t < e ? v : 0));
    lifecycleOut.push({ id: `${id}/stop`, kind: 'stop', train: full.slice(0, origin), test: full.slice(origin), silent });
  } else if (u < 0.38) {
    const since = 4 + Math.floor(pick * 37);
    const a = origin - since;
    const full = y.map((v, t) => (t < a ? 0 : v));
    const before = y.slice(Math.max(0, a - 52), a);
    const procedureMean = round4(before.reduce((x, v) => x + v, 0) / before.length);
    lifecycleOut.push({ id: `${id}/launch`, kind: 'launch', train: full.slice(0, origin), test: full.slice(origin), sinceLaunch: since, procedureMean });
  }
}

function build(): Series[] {
  const data = catalogData();
  // Ids as a fresh database would give them: catalog order.
  const productId = new Map(data.products.map((p, i) => [p.sku.toLowerCase(), i + 1]));
  const codeOf = new Map(data.procedureCodes.map((c, i) => [c.code, { id: i + 1, category: c.category }]));
  const products = new Map<number, SimProduct>(
    data.products.map((p, i) => [i + 1, { id: i + 1, sku: p.sku, unitsPerPurchaseUnit: p.unitsPerPurchaseUnit, tracksLots: p.tracksLots, unitCost: '0' }]),
  );
  const out: Series[] = [];
  let turn = 0;
  const lifeRnd = mulberry32(hashSeed('lifecycle'));
  for (const practice of DEMO_PRACTICES) {
    // As practices-step.ts: the templates the practice offers, a code's weight shared by its templates.
    const offered = data.templates
      .map((t, i) => ({ t, id: i + 1, code: codeOf.get(t.code)! }))
      .filter(({ code }) => !practice.excludes.includes(code.category));
    const perCode = new Map<string, number>();
    for (const { t } of offered) perCode.set(t.code, (perCode.get(t.code) ?? 0) + 1);
    const templates: SimTemplate[] = offered.map(({ t, id, code }) => ({
      id,
      codeId: code.id,
      code: t.code,
      weight: (CODE_WEIGHTS[t.code] ?? DEFAULT_CODE_WEIGHT) / perCode.get(t.code)!,
      items: t.items.map(([sku, q]) => ({ productId: productId.get(sku.toLowerCase())!, quantity: q })),
    }));
    const priced = new Map([...products].map(([id, p]) => [id, { ...p, unitCost: unitCostOf(toDecimal(data.products[id - 1]!.purchasePrice).times(practice.priceFactor), p.unitsPerPurchaseUnit) ?? '0' }]));
    const used = new Set(templates.flatMap((t) => t.items.map((i) => i.productId)));
    const others = [...priced.values()].filter((p) => !used.has(p.id)).sort((a, b) => (a.sku < b.sku ? -1 : 1));
    const rnd = mulberry32(hashSeed(`${practice.code}:extras`));
    const extraProductIds: number[] = [];
    while (extraProductIds.length < Math.min(practice.extraProducts, others.length)) extraProductIds.push(others.splice(Math.floor(rnd() * others.length), 1)[0]!.id);
    const sim = simulatePractice({ practice, products: priced, templates, extraProductIds, now: NOW, months: MONTHS, volume: 1, seed: hashSeed(practice.code) });

    // Whole weeks (Monday to Sunday) ending with the last Sunday before today.
    const today = localDay(NOW.getTime(), practice.timeZone);
    const weekday = (today + 3) % 7; // day 0 (1970-01-01) was a Thursday; 0 = Monday
    const end = today - weekday; // first day of the current (incomplete) week
    const weeks = Math.floor((end - localDay(new Date(sim.stats.firstDay).getTime(), practice.timeZone) - 1) / 7);
    const first = end - 7 * weeks;
    const weekOf = (ms: number) => Math.floor((localDay(ms, practice.timeZone) - first) / 7);

    const add = (table: Map<string, number[]>, key: string, w: number, q: number) => {
      if (w < 0 || w >= weeks) return;
      let row = table.get(key);
      if (!row) table.set(key, (row = new Array<number>(weeks).fill(0)));
      row[w] = row[w]! + q;
    };
    const usage = new Map<string, number[]>();
    for (const m of sim.movements) if (m.type === 'consume') add(usage, priced.get(m.productId)!.sku, weekOf(m.occurredAt), -Number(m.quantity));
    const counts = new Map<string, number[]>();
    const codeName = new Map(templates.map((t) => [t.codeId, t.code]));
    for (const p of sim.procedures) if (p.status === 'completed') add(counts, codeName.get(p.codeId)!, weekOf(p.performedAt), 1);

    for (const [key, row] of [...usage].sort((a, b) => (a[0] < b[0] ? -1 : 1))) lifecycleSeries(`${practice.code}/use/${key}`, row.map(round4), lifeRnd);
    for (const [kind, table] of [['use', usage], ['procedures', counts]] as const) {
      for (const [key, row] of [...table].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        const length = Math.min(row.length, LENGTHS[turn % LENGTHS.length]!);
        const y = row.slice(row.length - length).map((v) => Math.round(v * 1e4) / 1e4);
        const train = y.slice(0, length - HORIZON);
        if (train.filter((v) => v > 0).length < MIN_DEMAND_WEEKS) continue;
        turn++;
        out.push({ id: `${practice.code}/${kind}/${key}`, train, test: y.slice(length - HORIZON) });
      }
    }
  }
  return out;
}

const series = build();
const file = path.join(import.meta.dirname, 'weekly.json');
const doc = {
  about:
    'Weekly demand of the Enamel demo practices (product consumption and procedure counts), simulated by apps/api/src/features/seeder/history-sim.ts over 36 months up to 2026-11-16; regenerate with bench/forecast-data/make-weekly.ts. Each series keeps the last 78, 104 or 156 whole weeks; the last 13 are the test part.',
  weekly: { horizon: HORIZON, season: 52, series },
  lifecycle: { horizon: HORIZON, season: 52, series: lifecycleOut },
};
fs.writeFileSync(file, JSON.stringify(doc) + '\n');
const byLength = new Map<number, number>();
for (const s of series) byLength.set(s.train.length + s.test.length, (byLength.get(s.train.length + s.test.length) ?? 0) + 1);
console.log(`${file}: ${series.length} series (${[...byLength].map(([l, c]) => `${c} × ${l} weeks`).join(', ')})`);
const kinds = new Map<string, number>();
for (const s of lifecycleOut) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
console.log(`lifecycle: ${lifecycleOut.length} series (${[...kinds].map(([k, c]) => `${c} ${k}`).join(', ')})`);
