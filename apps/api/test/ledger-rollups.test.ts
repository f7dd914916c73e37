import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { consumedCostByMonth, lastMonths, mostUsed, receivedByMonth, valueAtMonthEnds, type StockMoment } from '../src/features/stock/index.ts';
import type { Agent } from './agent.ts';
import { day, handMadeLedger } from './ledgers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * The ledger's rollups (ledger_day_totals, one row per practice, product and local day) are kept by triggers in the
 * movements' own statements; `findLedgerDifferences` (npm run check:ledger) compares every row with the ledger.
 * stock.test.ts, purchase-orders.test.ts, imports-stock.test.ts, seeder.test.ts and backups.test.ts assert the same
 * check after procedures, amendments, deletions, receipts, transfers, imports, the seeded history and a restore.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const dayRow = sqlRow({ day: sqlCol.text, consumed: sqlCol.decimal, net: sqlCol.decimal, movements: sqlCol.int, closing: sqlCol.decimal, closingValue: sqlCol.decimal });
const rollups = (practiceId: number, productId: number) =>
  rowsOf(
    t.database.db,
    dayRow,
    sql`select day::text as day, consumed_quantity::text as consumed, net_quantity::text as net, movement_count as movements,
               closing_quantity::text as closing, closing_value::text as "closingValue" from ledger_day_totals
        where dental_practice_id = ${practiceId} and product_id = ${productId} order by day`,
  );
const clean = async () => expect(await findLedgerDifferences(t.database.db)).toEqual([]);

describe('the ledger rollups', () => {
  it('hold each local day of a hand-made ledger, follow backdated movements, and move with a time-zone change', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    await clean();
    // Received 28 days ago (backdated by an update of the movements), used 3, 5 and 2 by procedures at noon UTC.
    expect((await rollups(practice.id, gloves.id)).map((r) => [r.day, Number(r.consumed), Number(r.net), r.movements])).toEqual([
      [day(-28), 0, 100, 1], [day(-27), 3, -3, 1], [day(-20), 5, -5, 1], [day(-6), 2, -2, 1],
    ]);
    // The checkpoint: each day closes with the stock (and value, at 0.18) of every day up to its end.
    const closings = async () => (await rollups(practice.id, gloves.id)).map((r) => [r.day, Number(r.closing), Number(r.closingValue)]);
    expect(await closings()).toEqual([[day(-28), 100, 18], [day(-27), 97, 17.46], [day(-20), 92, 16.56], [day(-6), 90, 16.2]]);
    // A back-dated use (24 days ago, recorded today) closes its day and every later day again.
    const code = (await admin.post('/api/procedure-code/create', { code: `B${Date.now()}`.slice(0, 16), name: 'Back-dated', category: 'diagnostic' })).json().data;
    const late = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: `${day(-24)}T12:00:00Z`, items: [{ product_id: gloves.id, quantity: '1' }] });
    expect(late.statusCode, late.body).toBe(201);
    expect(await closings()).toEqual([[day(-28), 100, 18], [day(-27), 97, 17.46], [day(-24), 96, 17.28], [day(-20), 91, 16.38], [day(-6), 89, 16.02]]);
    await clean();
    // In Kiritimati (UTC+14) noon UTC is 02:00 the next day: every use moves a day later, the rows are rebuilt.
    const res = await admin.post(`/api/dental-practice/update/${practice.id}`, { name: practice.name, code: practice.code, time_zone: 'Pacific/Kiritimati', currency: 'GBP' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rollups(practice.id, gloves.id)).slice(1).map((r) => [r.day, Number(r.consumed)])).toEqual([[day(-26), 3], [day(-23), 1], [day(-19), 5], [day(-5), 2]]);
    expect((await closings()).slice(1)).toEqual([[day(-26), 97, 17.46], [day(-23), 96, 17.28], [day(-19), 91, 16.38], [day(-5), 89, 16.02]]);
    await clean();
  });

  it('read in another zone than the practice’s, consumption is added up from the ledger and agrees with the rollups', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const at = (timeZone: string): StockMoment => ({ practiceId: practice.id, timeZone, date: day(0), today: day(0) });
    const inUtc = await mostUsed(t.database.db, at('UTC'), 30, 10);
    expect(inUtc.map((r) => [r.product_id, r.quantity, r.cost])).toEqual([[gloves.id, '10.0000', '1.8000']]);
    // Paris is an hour or two ahead of UTC: the same procedures at noon UTC fall on the same days.
    expect(await mostUsed(t.database.db, at('Europe/Paris'), 30, 10)).toEqual(inUtc);
  });

  it('by month (ledger_month_totals): whole months read from them agree with the ledger, and a wrong month is reported', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const db = t.database.db;
    await clean();
    // 'Etc/UTC' has the practice's days but is not its zone's name: those reads add up the ledger instead of the rollups.
    const at = (timeZone: string): StockMoment => ({ practiceId: practice.id, timeZone, date: day(0), today: day(0) });
    const months = lastMonths(day(0), 12);
    const reads = [
      (m: StockMoment) => consumedCostByMonth(db, m, months),
      (m: StockMoment) => receivedByMonth(db, m, months),
      (m: StockMoment) => valueAtMonthEnds(db, m, months),
      (m: StockMoment) => mostUsed(db, m, 365, 10),
      (m: StockMoment) => mostUsed(db, { ...m, date: day(-1) }, 90, 10),
    ];
    for (const read of reads) expect(await read(at('UTC'))).toEqual(await read(at('Etc/UTC')));
    expect((await consumedCostByMonth(db, at('UTC'), months)).size).toBeGreaterThan(0);
    const month = `${day(-6).slice(0, 7)}-01`;
    await db.execute(sql`update ledger_month_totals set consumed_cost = consumed_cost + 1 where dental_practice_id = ${practice.id} and product_id = ${gloves.id} and month = ${month}::date`);
    expect((await findLedgerDifferences(db)).map((d) => [d.product_id, d.scope, d.day, d.measure])).toEqual([[gloves.id, 'month', month, 'consumed_cost']]);
    await db.execute(sql`select ledger_day_totals_rebuild(${practice.id})`);
    await clean();
  });

  it('are reported by the ledger check when a row differs, is missing or is extra, and are gone with the practice', async () => {
    const { practice, gloves, mirrors } = await handMadeLedger(t, admin);
    await clean();
    const db = t.database.db;
    await db.execute(sql`update ledger_day_totals set consumed_quantity = consumed_quantity + 1, net_value = net_value - 0.5 where dental_practice_id = ${practice.id} and product_id = ${gloves.id} and day = ${day(-20)}::date`);
    await db.execute(sql`delete from ledger_day_totals where dental_practice_id = ${practice.id} and product_id = ${mirrors.id}`);
    await db.execute(sql`insert into ledger_day_totals (dental_practice_id, product_id, day, net_quantity, movement_count) values (${practice.id}, ${gloves.id}, ${day(-1)}::date, 4, 1)`);
    await db.execute(sql`update ledger_day_totals set closing_quantity = closing_quantity + 2 where dental_practice_id = ${practice.id} and product_id = ${gloves.id} and day = ${day(-6)}::date`);
    const found = await findLedgerDifferences(db);
    expect(found.map((d) => [d.product_id, d.scope, d.day, d.measure, Number(d.recorded), Number(d.movements)])).toEqual([
      [gloves.id, 'day', day(-20), 'consumed_quantity', 6, 5],
      [gloves.id, 'day', day(-20), 'net_value', -1.4, -0.9],
      [gloves.id, 'day', day(-6), 'closing_quantity', 92, 90],
      [gloves.id, 'day', day(-1), 'movement_count', 1, 0],
      [gloves.id, 'day', day(-1), 'net_quantity', 4, 0],
      [mirrors.id, 'day', day(-120), 'closing_quantity', 0, 100],
      [mirrors.id, 'day', day(-120), 'closing_value', 0, 18],
      [mirrors.id, 'day', day(-120), 'movement_count', 0, 1],
      [mirrors.id, 'day', day(-120), 'net_quantity', 0, 100],
      [mirrors.id, 'day', day(-120), 'net_value', 0, 18],
      [mirrors.id, 'day', day(-120), 'received_value', 0, 18],
    ]);
    // Deleting the practice for good deletes its movements and its rollups with them.
    await admin.post(`/api/dental-practice/delete/${practice.id}`);
    expect((await admin.request('DELETE', `/api/dental-practice/delete-permanent/${practice.id}`)).statusCode).toBe(204);
    expect(await rowsOf(db, sqlRow({ n: sqlCol.int }), sql`select count(*)::int as n from ledger_day_totals where dental_practice_id = ${practice.id}`)).toEqual([{ n: 0 }]);
    await clean();
  });

  it('follow movements changed or deleted behind the ledger’s back', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const db = t.database.db;
    await db.execute(sql`update stock_movements set occurred_at = occurred_at - interval '3 days' where dental_practice_id = ${practice.id} and type = 'consume'`);
    await clean();
    // A movement written straight into the past (with its stock) closes every later day again (the uses, now 30, 23
    // and 9 days ago, around the receipt 28 days ago).
    await db.execute(sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, type, quantity, unit_cost, occurred_at)
      select dental_practice_id, id, product_id, 'adjust', 7, 0.5, now() - interval '25 days' from inventories where dental_practice_id = ${practice.id} and product_id = ${gloves.id}`);
    await db.execute(sql`update inventories set on_hand = on_hand + 7 where dental_practice_id = ${practice.id} and product_id = ${gloves.id}`);
    expect((await rollups(practice.id, gloves.id)).map((r) => Number(r.closing))).toEqual([-3, 97, 104, 99, 97]);
    await clean();
    await db.execute(sql`delete from stock_movements where dental_practice_id = ${practice.id} and product_id = ${gloves.id} and type = 'adjust'`);
    await db.execute(sql`update inventories set on_hand = on_hand - 7 where dental_practice_id = ${practice.id} and product_id = ${gloves.id}`);
    await clean();
    await db.execute(sql`delete from stock_movements where dental_practice_id = ${practice.id} and product_id = ${gloves.id} and type = 'consume'`);
    expect((await rollups(practice.id, gloves.id)).map((r) => r.day)).toEqual([day(-28)]);
    await db.execute(sql`update inventories set on_hand = 100 where dental_practice_id = ${practice.id} and product_id = ${gloves.id}`);
    await db.execute(sql`update lots set quantity = 100 where inventory_id in (select id from inventories where dental_practice_id = ${practice.id} and product_id = ${gloves.id})`);
    await clean();
  });
});
