/**
 * What the replay needs of one seeded practice, read from its ledger: daily demand (consume movements by the practice's
 * calendar day), typed levels, the offer it buys each product from, unit costs, and the stock (lots and orders on their
 * way) at the start of the replayed weeks.
 */
import { sql } from 'drizzle-orm';
import { addDays, dayIn, daysBetween, zonedTime } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../apps/api/src/core/sql-rows.ts';
import type { ForecastJob } from './forecast-pool.ts';
import type { ReplayProduct } from './replay.ts';

export interface PracticeReplay {
  id: number;
  name: string;
  currency: string;
  serviceLevel: number;
  reviewPeriodDays: number;
  /** The first replayed day (the practice's calendar). */
  start: string;
  days: number;
  products: ReplayProduct[];
  /** Weekly demand per product from its first week with use, week k = days [7k, 7k + 7) from `start` (k < 0: history). */
  weekly: Map<number, { firstWeek: number; values: number[] }>;
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return (h >>> 0) / 2 ** 32;
}

export async function loadPracticeReplay(db: Database, practice: { id: number; name: string; timeZone: string; currency: string }, weeks: number, now = new Date()): Promise<PracticeReplay> {
  const tz = practice.timeZone;
  const today = dayIn(tz, now);
  const days = weeks * 7;
  const start = addDays(today, -days);
  const startAt = new Date(zonedTime(start, 0, tz)).toISOString();
  const [settings] = await rowsOf(
    db,
    sqlRow({ service_level: sqlCol.number, review_period_days: sqlCol.int }),
    sql`select service_level, review_period_days from practice_settings where dental_practice_id = ${practice.id}`,
  );
  const inventoryRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, name: sqlCol.text, tracks_lots: sqlCol.bool, reorder_point: sqlCol.number, par_level: sqlCol.number, upp: sqlCol.int }),
    sql`select i.product_id, p.name, p.tracks_lots, i.reorder_point, i.par_level, p.units_per_purchase_unit as upp
          from inventories i join products p on p.id = i.product_id where i.dental_practice_id = ${practice.id} and i.status = 'active'`,
  );
  // The offer the practice buys from: that of its latest order line, else the preferred one.
  const offerRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, supplier_id: sqlCol.int, upp: sqlCol.number, moq: sqlCol.int, lead: sqlCol.int }),
    sql`select product_id, supplier_id, upp, moq, lead, rank from (
          select distinct on (l.product_id) l.product_id, po.supplier_id, l.units_per_purchase_unit as upp, coalesce(o.minimum_order_quantity, 1) as moq,
                 coalesce(o.lead_time_days, s.lead_time_days) as lead, 0 as rank
            from purchase_order_lines l
            join purchase_orders po on po.id = l.purchase_order_id
            join suppliers s on s.id = po.supplier_id
            left join supplier_offers o on o.id = l.supplier_offer_id
           where po.dental_practice_id = ${practice.id}
           order by l.product_id, po.created_at desc) latest
        union all
        select o.product_id, o.supplier_id, o.units_per_purchase_unit, o.minimum_order_quantity, coalesce(o.lead_time_days, s.lead_time_days), 1
          from supplier_offers o join suppliers s on s.id = o.supplier_id where o.preferred
        order by 1, 6`,
  );
  const offers = new Map<number, (typeof offerRows)[number]>();
  for (const o of offerRows) if (!offers.has(o.product_id)) offers.set(o.product_id, o);
  const costRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, unit_cost: sqlCol.number }),
    sql`select distinct on (product_id) product_id, unit_cost from stock_movements
         where dental_practice_id = ${practice.id} and type = 'receive' order by product_id, occurred_at desc`,
  );
  const costs = new Map(costRows.map((r) => [r.product_id, r.unit_cost]));
  const useRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, day: sqlCol.text, units: sqlCol.number }),
    sql`select product_id, (occurred_at at time zone ${tz})::date::text as day, -sum(quantity) as units
          from stock_movements where dental_practice_id = ${practice.id} and type = 'consume' group by 1, 2`,
  );
  const lotRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, expiry: sqlCol.text.nullable(), quantity: sqlCol.number }),
    sql`select m.product_id, l.expiry_date::text as expiry, sum(m.quantity) as quantity
          from stock_movements m join lots l on l.id = m.lot_id
         where m.dental_practice_id = ${practice.id} and m.occurred_at < ${startAt}
         group by m.lot_id, m.product_id, l.expiry_date having sum(m.quantity) > 0`,
  );
  // Orders sent before the start and delivered after it: on their way on the first day, for both policies.
  const pendingRows = await rowsOf(
    db,
    sqlRow({ product_id: sqlCol.int, day: sqlCol.text, expiry: sqlCol.text.nullable(), units: sqlCol.number }),
    sql`select m.product_id, (m.occurred_at at time zone ${tz})::date::text as day, l.expiry_date::text as expiry, sum(m.quantity) as units
          from stock_movements m
          join purchase_order_lines pl on pl.id = m.purchase_order_line_id
          join purchase_orders po on po.id = pl.purchase_order_id
          join lots l on l.id = m.lot_id
         where m.dental_practice_id = ${practice.id} and m.type = 'receive' and po.sent_at < ${startAt} and m.occurred_at >= ${startAt}
         group by 1, 2, 3`,
  );

  const dayOf = (text: string) => daysBetween(start, text);
  const demand = new Map<number, number[]>();
  const weekly = new Map<number, { firstWeek: number; values: number[] }>();
  const byWeek = new Map<number, Map<number, number>>();
  for (const r of useRows) {
    const d = dayOf(r.day);
    if (d >= 0 && d < days) {
      const series = demand.get(r.product_id) ?? new Array<number>(days).fill(0);
      series[d]! += r.units;
      demand.set(r.product_id, series);
    }
    if (d < days) {
      const week = Math.floor(d / 7);
      const m = byWeek.get(r.product_id) ?? new Map<number, number>();
      m.set(week, (m.get(week) ?? 0) + r.units);
      byWeek.set(r.product_id, m);
    }
  }
  for (const [productId, m] of byWeek) {
    const firstWeek = Math.min(...m.keys());
    weekly.set(productId, { firstWeek, values: Array.from({ length: weeks - firstWeek }, (_, i) => m.get(firstWeek + i) ?? 0) });
  }

  const products: ReplayProduct[] = [];
  for (const inv of inventoryRows) {
    // Products the practice uses (in the history or the replayed weeks); stock that is never used is left out.
    if (!byWeek.has(inv.product_id)) continue;
    const offer = offers.get(inv.product_id);
    const unitsPerPack = offer ? offer.upp : inv.upp;
    products.push({
      id: inv.product_id,
      name: inv.name,
      unitCost: costs.get(inv.product_id) ?? 0,
      unitsPerPack,
      minimumOrderPacks: offer?.moq ?? 1,
      leadTimeDays: offer?.lead ?? 7,
      supplierId: offer?.supplier_id ?? 0,
      tracksLots: inv.tracks_lots,
      reorderPoint: inv.reorder_point,
      parLevel: inv.par_level,
      demand: demand.get(inv.product_id) ?? new Array<number>(days).fill(0),
      openingLots: lotRows.filter((l) => l.product_id === inv.product_id).map((l) => ({ expiryDay: l.expiry === null ? null : dayOf(l.expiry), quantity: l.quantity })),
      openingPending: pendingRows.filter((l) => l.product_id === inv.product_id).map((l) => ({ arrival: dayOf(l.day), units: l.units, expiryDay: l.expiry === null ? null : dayOf(l.expiry) })),
      // The seeder's shelf life: 6 to 30 months from receipt, the same draw for both policies.
      shelfLife: inv.tracks_lots ? (day) => day + Math.round(183 + hash(`${inv.product_id}:${day}`) * 730) : () => null,
    });
  }
  return { id: practice.id, name: practice.name, currency: practice.currency, serviceLevel: settings?.service_level ?? 0.95, reviewPeriodDays: settings?.review_period_days ?? 7, start, days, products, weekly };
}

/** One forecast job per product and replayed week: the product's weekly demand before that week only. */
export function forecastJobs(r: PracticeReplay, weeks: number): ForecastJob[] {
  const jobs: ForecastJob[] = [];
  for (const p of r.products) {
    const w = r.weekly.get(p.id);
    if (!w) continue;
    for (let week = 0; week < weeks; week++) {
      const values = w.values.slice(0, week - w.firstWeek);
      if (values.length > 0) jobs.push({ key: `${r.id}:${p.id}:${week}`, values });
    }
  }
  return jobs;
}
