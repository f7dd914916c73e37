import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { DASHBOARD_WIDGETS, PROCEDURE_CATEGORIES, isValidGtin } from '@enamel/contracts';
import { activityLogs, brands, categories, dentalPractices, forecastRuns, procedureCodes, procedures, procedureTemplateItems, procedureTemplates, products, rows as rawRows, lockDataDir } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { catalogData, validateCatalogData } from '../src/features/seeder/catalog-data.ts';
import { DEMO_PRACTICES } from '../src/features/seeder/data/practices.ts';
import { formatSummary, runSeedCommand } from '../src/features/seeder/seed-command.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
let manager: Agent;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  const practice = await createPractice(t.database.db);
  const pm = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
  manager = new Agent(t.app);
  await manager.login(pm.email, pm.password);
});
afterAll(async () => t.close());

const total = (n: { n: number }[]) => Number(n[0]?.n ?? 0);
/** 18 months of history at a tenth of the practices' volume: the whole shape, a fraction of the rows. */
const SMALL = { months: 18, volume: 0.12 };
const num = (rows: Array<Record<string, unknown>>, key = 'n') => Number(rows[0]?.[key] ?? 0);

describe('demo data seeder', () => {
  it('refuses anonymous callers (401) and anyone but a Super Admin (403)', async () => {
    expect((await new Agent(t.app).post('/api/seeder/data')).statusCode).toBe(401);
    const res = await manager.post('/api/seeder/data');
    expect(res.statusCode).toBe(403);
    expect(total(await t.database.db.select({ n: count() }).from(products))).toBe(0);
  });

  it('refuses unknown or out-of-range options (422)', async () => {
    for (const body of [{ months: 0 }, { months: 100 }, { volume: 0 }, { nope: 1 }]) expect((await admin.post('/api/seeder/data', body)).statusCode, JSON.stringify(body)).toBe(422);
  });

  it('fills the catalog for a Super Admin, and seeding again creates nothing new', async () => {
    const first = await admin.post('/api/seeder/data', SMALL);
    expect(first.statusCode, first.body).toBe(200);
    const summary = first.json().data;
    expect(first.json().success).toBe(true);
    expect(summary.brands.created).toBeGreaterThanOrEqual(40);
    expect(summary.categories.created).toBeGreaterThan(13);
    expect(summary.products.created).toBeGreaterThanOrEqual(400);
    expect(summary.procedure_codes.created).toBeGreaterThanOrEqual(120);
    expect(summary.templates.created).toBeGreaterThanOrEqual(60);
    expect(summary.practices).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(summary.inventories.created).toBeGreaterThan(300);
    expect(summary.lots.created).toBeGreaterThan(summary.inventories.created);
    expect(summary.procedures.created).toBeGreaterThan(1000);
    expect(summary.movements.created).toBeGreaterThan(summary.procedures.created * 5);

    const db = t.database.db;
    const counts = async () => ({
      brands: total(await db.select({ n: count() }).from(brands)),
      categories: total(await db.select({ n: count() }).from(categories)),
      products: total(await db.select({ n: count() }).from(products)),
      codes: total(await db.select({ n: count() }).from(procedureCodes)),
      templates: total(await db.select({ n: count() }).from(procedureTemplates)),
      items: total(await db.select({ n: count() }).from(procedureTemplateItems)),
      practices: total(await db.select({ n: count() }).from(dentalPractices)),
      procedures: total(await db.select({ n: count() }).from(procedures)),
      movements: num(await rawRows(db, sql`select count(*) as n from stock_movements`)),
      lots: num(await rawRows(db, sql`select count(*) as n from lots`)),
    });
    const before = await counts();
    expect(before).toMatchObject({ brands: summary.brands.created, products: summary.products.created, codes: summary.procedure_codes.created, templates: summary.templates.created });

    // Every procedure category has codes; every template has at least three consumables, all positive.
    const byCategory = await db.select({ category: procedureCodes.category, n: count() }).from(procedureCodes).groupBy(procedureCodes.category);
    expect(byCategory.map((r) => r.category).sort()).toEqual([...PROCEDURE_CATEGORIES].sort());
    const perTemplate = await db
      .select({ id: procedureTemplates.id, n: count(procedureTemplateItems.id) })
      .from(procedureTemplates)
      .leftJoin(procedureTemplateItems, eq(procedureTemplateItems.procedureTemplateId, procedureTemplates.id))
      .groupBy(procedureTemplates.id);
    expect(Math.min(...perTemplate.map((r) => Number(r.n)))).toBeGreaterThanOrEqual(3);
    expect(total(await db.select({ n: count() }).from(procedureTemplateItems).where(sql`${procedureTemplateItems.quantity} <= 0`))).toBe(0);

    // Products: valid GTINs (check digit), whole units per purchase unit, exact prices, a brand and a child category.
    const rows = await db.select().from(products);
    expect(rows.every((p) => p.gtin !== null && isValidGtin(p.gtin))).toBe(true);
    expect(new Set(rows.map((p) => p.gtin)).size).toBe(rows.length);
    expect(rows.every((p) => Number.isInteger(p.unitsPerPurchaseUnit) && p.unitsPerPurchaseUnit > 0 && /^\d+\.\d{4}$/.test(p.purchasePrice))).toBe(true);
    expect(rows.every((p) => p.brandId !== null && p.categoryId !== null)).toBe(true);
    const gloves = rows.find((p) => p.sku === 'MED-NIT-M')!;
    expect(gloves).toMatchObject({ usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: 100, tracksLots: false });
    const articaine = rows.find((p) => p.sku === 'SEP-SEPT-100')!;
    expect(articaine).toMatchObject({ usageUnit: 'cartridge', unitsPerPurchaseUnit: 50, tracksLots: true });

    // The product search reads a GS1 barcode carrying a seeded GTIN (the 13-digit form on the box) with a lot and expiry.
    const scan = await admin.get(`/api/product/search?q=${encodeURIComponent(`(01)${gloves.gtin}(17)281130(10)LOT42`)}`);
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().data.map((p: { sku: string }) => p.sku)).toEqual(['MED-NIT-M']);
    expect(scan.json().barcode).toMatchObject({ gtin: gloves.gtin, lot: 'LOT42', expiry: '2028-11-30' });
    expect((await admin.get(`/api/product/search?q=${gloves.gtin!.slice(1)}`)).json().data[0].sku).toBe('MED-NIT-M');

    const again = await admin.post('/api/seeder/data');
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data;
    for (const kind of ['brands', 'categories', 'products', 'procedure_codes', 'templates', 'practices', 'inventories', 'lots', 'procedures', 'movements', 'suppliers', 'supplier_offers', 'purchase_orders']) {
      expect(second[kind], kind).toEqual({ created: 0, updated: 0, unchanged: summary[kind].created });
    }
    expect(await counts()).toEqual(before);

    const logged = await db.select().from(activityLogs).where(and(eq(activityLogs.action, 'seed'), eq(activityLogs.subject, 'Seeder')));
    expect(logged).toHaveLength(2);
  });

  it('puts back what was changed in a seeded record, and replaces changed template items', async () => {
    const db = t.database.db;
    await db.update(products).set({ purchasePrice: '1.0000', name: 'Renamed' }).where(eq(products.sku, 'MED-NIT-M'));
    const [template] = await db.select().from(procedureTemplates).where(eq(procedureTemplates.name, 'Simple extraction'));
    await db.delete(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template!.id));
    const res = await admin.post('/api/seeder/data');
    const data = res.json().data;
    expect(data.products).toMatchObject({ created: 0, updated: 1 });
    expect(data.templates).toMatchObject({ created: 0, updated: 1 });
    const [gloves] = await db.select().from(products).where(eq(products.sku, 'MED-NIT-M'));
    expect(gloves).toMatchObject({ purchasePrice: '8.9000', name: 'SafeTouch nitrile gloves, powder-free, size M' });
    const items = await db.select().from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template!.id));
    expect(items.length).toBe(catalogData().templates.find((x) => x.name === 'Simple extraction')!.items.length);
  });
});

describe('demo practices, stock and procedure history', () => {
  const demoIds = async () => (await t.database.db.select({ id: dentalPractices.id, code: dentalPractices.code }).from(dentalPractices)).filter((p) => p.code.startsWith('DEMO-'));

  it('creates three practices with their own zones and currencies', async () => {
    const rows = await t.database.db.select().from(dentalPractices);
    const demo = rows.filter((p) => DEMO_PRACTICES.some((d) => d.code === p.code));
    expect(demo).toHaveLength(3);
    expect(new Set(demo.map((p) => p.timeZone)).size).toBe(3);
    expect(new Set(demo.map((p) => p.currency)).size).toBe(3);
  });

  it('forecasts each demo practice as of today, so no dashboard widget is empty', async () => {
    const demo = (await t.database.db.select().from(dentalPractices)).filter((p) => DEMO_PRACTICES.some((d) => d.code === p.code));
    for (const practice of demo) {
      const runs = await t.database.db.select().from(forecastRuns).where(eq(forecastRuns.dentalPracticeId, practice.id));
      expect(runs.map((r) => r.status), practice.code).toContain('succeeded');
      for (const widget of DASHBOARD_WIDGETS) {
        const res = await admin.get(`/api/admin/dashboard/${widget}?dental_practice_id=${practice.id}`);
        expect(res.statusCode, `${practice.code} ${widget}`).toBe(200);
        const { data, meta } = res.json();
        expect(meta.run, `${practice.code} ${widget}`).not.toBeNull();
        // Some list in every widget has rows (a chart: its selected series).
        const filled = Object.values(data).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && typeof v === 'object'));
        expect(filled, `${practice.code} ${widget} is empty: ${JSON.stringify(data).slice(0, 200)}`).toBe(true);
      }
    }
  });

  it('keeps the ledger: stock equals its movements, no lot below zero, every reference resolves', async () => {
    const db = t.database.db;
    expect(await findLedgerDifferences(db)).toEqual([]);
    expect(num(await rawRows(db, sql`select count(*) as n from lots where quantity < 0`))).toBe(0);
    expect(num(await rawRows(db, sql`select count(*) as n from inventories where on_hand < 0`))).toBe(0);
    // Loaded in bulk: every movement's lot, inventory, procedure and item exist and agree with each other.
    const dangling = await rawRows(db, sql`
      select count(*) filter (where l.id is null or l.inventory_id <> m.inventory_id) as lots,
             count(*) filter (where i.id is null or i.dental_practice_id <> m.dental_practice_id or i.product_id <> m.product_id) as inventories,
             count(*) filter (where m.type = 'consume' and (p.id is null or pi.id is null or pi.procedure_id <> p.id or pi.product_id <> m.product_id or p.dental_practice_id <> m.dental_practice_id)) as consumes
        from stock_movements m
        left join lots l on l.id = m.lot_id
        left join inventories i on i.id = m.inventory_id
        left join procedures p on p.id = m.procedure_id
        left join procedure_items pi on pi.id = m.procedure_item_id`);
    expect(dangling[0]).toEqual({ lots: expect.anything(), inventories: expect.anything(), consumes: expect.anything() });
    expect(Object.values(dangling[0]!).map(Number)).toEqual([0, 0, 0]);
    expect(num(await rawRows(db, sql`select count(*) as n from procedure_items pi left join procedures p on p.id = pi.procedure_id where p.id is null`))).toBe(0);
  });

  it('consumes each completed procedure\'s items (cost = Σ taken × lot cost) and nothing for planned ones', async () => {
    const db = t.database.db;
    const [completed] = await rawRows<{ items: string; wrong_qty: string; wrong_cost: string }>(db, sql`
      select count(*) as items,
             count(*) filter (where coalesce(-m.taken, 0) <> pi.quantity) as wrong_qty,
             count(*) filter (where abs(coalesce(m.cost, 0) - pi.cost) > 0.0001) as wrong_cost
        from procedure_items pi
        join procedures p on p.id = pi.procedure_id and p.status = 'completed'
        left join (select procedure_item_id, sum(quantity) as taken, round(sum(-quantity * unit_cost), 4) as cost from stock_movements group by procedure_item_id) m on m.procedure_item_id = pi.id`);
    expect(Number(completed!.items)).toBeGreaterThan(1000);
    expect([Number(completed!.wrong_qty), Number(completed!.wrong_cost)]).toEqual([0, 0]);
    const [planned] = await rawRows<{ n: string; future: string; moved: string; cost: string }>(db, sql`
      select count(*) as n, count(*) filter (where p.performed_at > now()) as future,
             count(m.id) as moved, coalesce(sum(pi.cost), 0) as cost
        from procedures p
        left join procedure_items pi on pi.procedure_id = p.id
        left join stock_movements m on m.procedure_id = p.id
       where p.status = 'planned'`);
    expect(Number(planned!.future)).toBeGreaterThan(20);
    expect([Number(planned!.moved), Number(planned!.cost)]).toEqual([0, 0]);
    expect(num(await rawRows(db, sql`select count(*) as n from procedures where status = 'planned' and performed_at > now() + interval '15 days'`))).toBe(0);
    expect(num(await rawRows(db, sql`select count(*) as n from procedures where status = 'completed' and performed_at > now()`))).toBe(0);
  });

  it('spans 18 months with weekly seasonality: busy Tuesday to Thursday, quieter Monday and Friday, closed on Sunday', async () => {
    const db = t.database.db;
    for (const { id, code } of await demoIds()) {
      const [span] = await rawRows<{ first: string }>(db, sql`select min(performed_at)::text as first from procedures where dental_practice_id = ${id}`);
      expect(new Date(span!.first).getTime(), code).toBeLessThan(Date.now() - 17 * 30.6 * 86_400_000);
    }
    const byDay = await rawRows<{ dow: number; n: string }>(db, sql`
      select extract(dow from p.performed_at at time zone dp.time_zone)::int as dow, count(*) as n
        from procedures p join dental_practices dp on dp.id = p.dental_practice_id
       where dp.code like 'DEMO-%' and p.status = 'completed'
       group by 1`);
    const n = (dow: number) => Number(byDay.find((r) => r.dow === dow)?.n ?? 0);
    expect(n(0)).toBe(0);
    expect((n(2) + n(3) + n(4)) / 3).toBeGreaterThan(((n(1) + n(5)) / 2) * 1.2);
    expect(n(6)).toBeLessThan(n(1) / 2);
    // Exams, cleanings and radiographs are common; implants and root canals rare.
    const byCode = await rawRows<{ code: string; n: string }>(db, sql`select c.code, count(*) as n from procedures p join procedure_codes c on c.id = p.procedure_code_id group by c.code`);
    const c = (code: string) => Number(byCode.find((r) => r.code === code)?.n ?? 0);
    expect(c('D0120')).toBeGreaterThan(c('D3330') * 10);
    expect(c('D1110')).toBeGreaterThan(c('D6010') * 10);
  });

  it('leaves some lots expired on the shelf and some expiring within 30 days, shown by the inventory list', async () => {
    const db = t.database.db;
    expect(num(await rawRows(db, sql`select count(*) as n from lots where quantity > 0 and expiry_date < current_date`))).toBeGreaterThan(0);
    expect(num(await rawRows(db, sql`select count(*) as n from lots where quantity > 0 and expiry_date between current_date and current_date + 30`))).toBeGreaterThan(0);
    const [city] = (await demoIds()).filter((p) => p.code === 'DEMO-CITY');
    const list = (status: string) => admin.get(`/api/admin/list/inventories?dental_practice_id=${city!.id}&column_filters=${encodeURIComponent(JSON.stringify([{ field: 'stock_status', condition: 'equal', value: status }]))}`);
    for (const status of ['ok', 'expiring']) {
      const res = await list(status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total, status).toBeGreaterThan(0);
    }
  });

  it('adds distributors (one in another currency than the organisation\'s) and offers for every product: packs, MOQ, lead times, one preferred', async () => {
    const db = t.database.db;
    const suppliers = await rawRows<{ id: string; currency: string; lead_time_days: number }>(db, sql`select id, currency, lead_time_days from suppliers`);
    expect(suppliers.length).toBeGreaterThanOrEqual(4);
    expect(suppliers.length).toBeLessThanOrEqual(6);
    const [org] = await rawRows<{ currency: string }>(db, sql`select coalesce((select currency from organisation_settings limit 1), 'USD') as currency`);
    expect(suppliers.some((x) => x.currency !== org!.currency)).toBe(true);
    const [offers] = await rawRows<Record<string, string>>(db, sql`
      select (select count(*) from products p where not exists (select 1 from supplier_offers o where o.product_id = p.id and o.status = 'active')) as without_offer,
             (select count(*) from products p where (select count(*) from supplier_offers o where o.product_id = p.id and o.preferred) <> 1) as not_one_preferred,
             (select count(*) from (select product_id from supplier_offers group by product_id having count(*) >= 2) x) as with_two,
             (select count(*) from supplier_offers where minimum_order_quantity > 1) as with_moq,
             (select count(*) from supplier_offers o join suppliers s on s.id = o.supplier_id where coalesce(o.lead_time_days, s.lead_time_days) not between 2 and 14) as bad_lead,
             (select count(*) from supplier_offers o join products p on p.id = o.product_id where mod(o.units_per_purchase_unit, p.units_per_purchase_unit) <> 0) as bad_pack,
             (select count(*) from supplier_offers o join products p on p.id = o.product_id join suppliers s on s.id = o.supplier_id
               where s.currency = 'USD' and abs(o.price / o.units_per_purchase_unit - p.purchase_price / p.units_per_purchase_unit) > 0.15 * p.purchase_price / p.units_per_purchase_unit) as off_price`);
    expect(Object.fromEntries(Object.entries(offers!).map(([k, v]) => [k, Number(v)]))).toMatchObject({ without_offer: 0, not_one_preferred: 0, bad_lead: 0, bad_pack: 0, off_price: 0 });
    expect(Number(offers!.with_two)).toBeGreaterThan(50);
    expect(Number(offers!.with_moq)).toBeGreaterThan(5);
  });

  it('turns every reorder into a purchase order line: received quantities × units equal their receive movements', async () => {
    const db = t.database.db;
    // Each line's received purchase units × units per purchase unit = the units its receive movements brought in.
    const [lines] = await rawRows<Record<string, string>>(db, sql`
      select count(*) as lines,
             count(*) filter (where l.received_quantity * l.units_per_purchase_unit <> coalesce(m.units, 0)) as wrong_received,
             count(*) filter (where l.received_quantity > l.quantity) as over_received,
             count(*) filter (where m.wrong > 0) as wrong_movements
        from purchase_order_lines l
        join purchase_orders po on po.id = l.purchase_order_id
        left join (select m.purchase_order_line_id, sum(m.quantity) as units,
                          count(*) filter (where m.type <> 'receive' or m.product_id <> l2.product_id or m.dental_practice_id <> po2.dental_practice_id) as wrong
                     from stock_movements m
                     join purchase_order_lines l2 on l2.id = m.purchase_order_line_id
                     join purchase_orders po2 on po2.id = l2.purchase_order_id
                    group by m.purchase_order_line_id) m on m.purchase_order_line_id = l.id`);
    expect(Number(lines!.lines)).toBeGreaterThan(300);
    expect([Number(lines!.wrong_received), Number(lines!.over_received), Number(lines!.wrong_movements)]).toEqual([0, 0, 0]);
    // Every receipt of the history belongs to a line, except the opening stock (bought before the history starts).
    const unlinked = await rawRows<{ reason: string; n: string }>(db, sql`
      select coalesce(reason, '') as reason, count(*) as n from stock_movements m join dental_practices dp on dp.id = m.dental_practice_id
       where dp.code like 'DEMO-%' and m.type = 'receive' and m.purchase_order_line_id is null group by 1`);
    expect(unlinked.map((r) => r.reason)).toEqual(['Opening stock']);
    // Statuses agree with the lines: received in full, in part, or not at all.
    const [orders] = await rawRows<Record<string, string>>(db, sql`
      select count(*) filter (where po.status = 'received' and (po.received_at is null or po.sent_at is null or x.open > 0)) as bad_received,
             count(*) filter (where po.status = 'partially_received' and (x.got = 0 or x.open = 0)) as bad_partial,
             count(*) filter (where po.status in ('sent', 'draft', 'awaiting_approval', 'cancelled') and x.got > 0) as bad_open,
             count(*) filter (where abs(po.total - x.total) > 0.0001) as bad_total,
             count(*) filter (where po.status in ('received', 'partially_received', 'sent') and po.total > 1500 and po.approved_at is null) as unapproved
        from purchase_orders po
        join (select purchase_order_id, sum(received_quantity) as got, count(*) filter (where received_quantity < quantity) as open, sum(quantity * unit_price) as total
                from purchase_order_lines group by purchase_order_id) x on x.purchase_order_id = po.id`);
    expect(Object.values(orders!).map(Number)).toEqual([0, 0, 0, 0, 0]);
    const statuses = await rawRows<{ status: string }>(db, sql`select distinct status from purchase_orders`);
    expect(statuses.map((r) => r.status).sort()).toEqual(['awaiting_approval', 'cancelled', 'draft', 'partially_received', 'received', 'sent']);
    const [waiting] = await rawRows<{ n: string }>(db, sql`select count(*) as n from purchase_orders where status = 'awaiting_approval' and total <= 1500`);
    expect(Number(waiting!.n)).toBe(0);
  });

  it('sets a monthly supply budget (a month of received value + 5 %) and an approval threshold per demo practice', async () => {
    const db = t.database.db;
    const rows = await rawRows<{ code: string; budget: string | null; threshold: string | null; received: string }>(db, sql`
      select dp.code, s.monthly_supply_budget as budget, s.po_approval_threshold as threshold,
             (select coalesce(sum(m.quantity * m.unit_cost), 0) from stock_movements m
               where m.dental_practice_id = dp.id and m.purchase_order_line_id is not null and m.occurred_at >= now() - interval '365 days') as received
        from dental_practices dp join practice_settings s on s.dental_practice_id = dp.id where dp.code like 'DEMO-%'`);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(Number(r.threshold), r.code).toBe(1500);
      expect(Math.abs(Number(r.budget) - Math.max(50, (Number(r.received) / 12) * 1.05)), r.code).toBeLessThanOrEqual(25.01);
    }
  });

  it('adds one finished (approved) and one open stock take per demo practice, the ledger still agreeing', async () => {
    const db = t.database.db;
    const rows = await rawRows<{ code: string; approved: number; open: number; adjusted: number }>(db, sql`
      select dp.code, count(*) filter (where st.status = 'approved')::int as approved, count(*) filter (where st.status = 'open')::int as open,
             (select count(*)::int from stock_movements m where m.dental_practice_id = dp.id and m.type = 'adjust' and m.reason like 'stock take #%') as adjusted
        from dental_practices dp join stock_takes st on st.dental_practice_id = dp.id where dp.code like 'DEMO-%' group by dp.id, dp.code`);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect([r.approved, r.open], r.code).toEqual([1, 1]);
    expect(rows.some((r) => r.adjusted > 0)).toBe(true);
    expect(await findLedgerDifferences(db)).toEqual([]);
  });

  it('sets par levels at each demo practice’s operatories, some below par, so its restock list is not empty', async () => {
    const rows = await rawRows<{ id: number; code: string; pars: number }>(t.database.db, sql`
      select dp.id, dp.code, count(pl.id)::int as pars from dental_practices dp
        join storage_locations sl on sl.dental_practice_id = dp.id and sl.kind = 'operatory'
        join location_par_levels pl on pl.location_id = sl.id
       where dp.code like 'DEMO-%' group by dp.id, dp.code`);
    expect(rows).toHaveLength(3);
    // Sized as a room keeps them: at most what the room holds and a pack more, never a store room's worth.
    const [oversized] = await rawRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from location_par_levels pl join products p on p.id = pl.product_id
       where pl.par_quantity > p.units_per_purchase_unit + (select coalesce(sum(l.quantity), 0) from lots l join inventories i on i.id = l.inventory_id where i.product_id = pl.product_id and l.location_id = pl.location_id and l.quantity > 0)`);
    expect(oversized!.n).toBe(0);
    for (const r of rows) {
      expect(r.pars, r.code).toBeGreaterThanOrEqual(5);
      const res = await admin.get(`/api/restock?dental_practice_id=${r.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.lines.length, r.code).toBeGreaterThan(0);
    }
  });

  it('prints the new counts in `npm run seed`', () => {
    const tally = { created: 1, updated: 0, unchanged: 0 };
    const lines = formatSummary({ brands: tally, categories: tally, products: tally, procedureCodes: tally, templates: tally, practices: tally, inventories: tally, lots: tally, procedures: tally, movements: tally, suppliers: tally, supplierOffers: tally, purchaseOrders: tally });
    expect(lines.join('\n')).toMatch(/Practices\s+1 created/);
    expect(lines.join('\n')).toMatch(/Stock movements\s+1 created/);
    expect(lines.join('\n')).toMatch(/Purchase orders\s+1 created/);
  });
});

describe('demo data files', () => {
  it('are consistent, and a broken reference is reported', () => {
    const data = catalogData();
    expect(validateCatalogData(data)).toEqual([]);
    const broken = { ...data, templates: [{ name: 'Broken', code: 'D0000', description: '', items: [['NOPE', '0'] as [string, string]] }] };
    expect(validateCatalogData(broken)).toEqual([
      'template Broken: unknown procedure code D0000',
      'template Broken: unknown SKU NOPE',
      'template Broken: quantity 0 of NOPE is not a positive decimal',
    ]);
  });
});

describe('npm run seed', () => {
  it('stops with a clear message when the embedded database is in use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-seed-'));
    // This process holds the folder's lock as a running server would.
    const release = await lockDataDir(dataDir);
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await runSeedCommand({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' }, { out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(1);
      expect(err.join('\n')).toContain(`is in use by process ${process.pid} (is the Enamel server running?)`);
      expect(err.join('\n')).toContain('Cannot run seed: the embedded database');
      expect(err.join('\n')).toContain('Stop it and try again');
      expect(err.join('\n')).toContain('seed from the running server as a Super Admin');
      expect(out).toEqual([]);
    } finally {
      await release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a bad configuration', async () => {
    const err: string[] = [];
    expect(await runSeedCommand({ DATABASE_URL: 'mysql://nope' }, { out: () => undefined, err: (l) => err.push(l) })).toBe(1);
    expect(err.join('\n')).toContain('DATABASE_URL must start with postgres://');
  });
});
