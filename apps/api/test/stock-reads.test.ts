import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inventories, rowsOf } from '@enamel/db';
import { addDays } from '@enamel/contracts';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { columnsRow } from '../src/features/reports/report-definition.ts';
import {
  consumptionByWeek, daysToZeroItems, deadStock, expiringLots, expiryState, expiryStateSql, lastMonths, lowStockRows, mostUsed, onHandByProduct, orderQuantity, valueAtMonthEnds, valueByCategory,
  type StockMoment,
} from '../src/features/stock/index.ts';
import { Agent } from './agent.ts';
import { day, handMadeLedger } from './ledgers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * Stock's reads (features/stock/) against the hand-made ledger of ledgers.ts, whose every figure is known: gloves
 * 100 received 28 days ago and 3, 5, 0, 2 used in the four weeks since; mirrors 100 received 120 days ago, never
 * used; composite 100 received 60 days ago in lot C1 expiring in ten days; all at 0.18.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const at = (practiceId: number, date = day(0)): StockMoment => ({ practiceId, timeZone: 'UTC', date, today: day(0) });

describe('stock reads on a hand-made ledger', () => {
  it('on hand and value at a moment, now and as the ledger stood before', async () => {
    const { practice, gloves, mirrors, composite } = await handMadeLedger(t, admin);
    const db = t.database.db;
    expect(Object.fromEntries(await onHandByProduct(db, at(practice.id)))).toEqual({ [gloves.id]: 90, [mirrors.id]: 100, [composite.id]: 100 });
    // Fourteen days ago only the 3 and the 5 had been used.
    expect((await onHandByProduct(db, at(practice.id, day(-14)))).get(gloves.id)).toBe(92);
    expect(await valueByCategory(db, at(practice.id))).toEqual([{ category: null, value: '52.2000' }]);
    // Twelve month ends: nothing a year ago (the first receipt was 120 days ago), today's value at the last.
    const ends = await valueAtMonthEnds(db, at(practice.id), lastMonths(day(0), 12));
    expect(ends.map((e) => e.month)).toEqual(lastMonths(day(0), 12));
    expect(ends[0]!.value).toBe('0.0000');
    expect(ends.at(-1)!.value).toBe('52.2000');
  });

  it('consumption per week and the most used over a period', async () => {
    const { practice, gloves, mirrors } = await handMadeLedger(t, admin);
    const db = t.database.db;
    const weeks = await consumptionByWeek(db, { practiceId: practice.id, timeZone: 'UTC', start: day(-28), weeks: 4 });
    expect(Object.fromEntries(weeks)).toEqual({ [gloves.id]: [3, 5, 0, 2] });
    expect((await consumptionByWeek(db, { practiceId: practice.id, timeZone: 'UTC', start: day(-28), weeks: 4, productId: mirrors.id })).size).toBe(0);
    expect(await mostUsed(db, at(practice.id), 90, 10)).toEqual([{ product_id: gloves.id, name: gloves.name, usage_unit: 'pair', quantity: '10.0000', cost: '1.8000' }]);
    expect(await mostUsed(db, at(practice.id), 7, 10)).toEqual([expect.objectContaining({ product_id: gloves.id, quantity: '2.0000' })]);
  });

  it('the expiry state: one rule in TypeScript and SQL, and the lots expiring within the warning days', async () => {
    const { practice, composite } = await handMadeLedger(t, admin);
    const db = t.database.db;
    const today = '2026-03-10';
    const cases = [-1, 0, 1, 4, 5, 6].map((offset) => addDays(today, offset));
    const fromSql = await rowsOf(
      db,
      sqlRow({ expiry: sqlCol.text, state: sqlCol.text }),
      sql`select e as expiry, ${expiryStateSql(sql`e::date`, sql`${today}::date`, sql`5`)} as state from unnest(array[${sql.join(cases.map((c) => sql`${c}`), sql`, `)}]::text[]) e`,
    );
    expect(fromSql.map((r) => r.state)).toEqual(['expired', 'expiring', 'expiring', 'expiring', 'ok', 'ok']);
    expect(cases.map((c) => expiryState(c, today, 5))).toEqual(fromSql.map((r) => r.state));
    expect(expiryState(null, today, 5)).toBeNull();

    expect(await expiringLots(db, at(practice.id), 30)).toEqual([
      expect.objectContaining({ product_id: composite.id, lot_number: 'C1', expiry_date: day(10), quantity: '100.0000', value: '18.0000' }),
    ]);
    expect(await expiringLots(db, at(practice.id), 10)).toEqual([]);
  });

  it('low stock with the order up to par, dead stock, and days to zero', async () => {
    const { practice, gloves, mirrors } = await handMadeLedger(t, admin);
    const db = t.database.db;
    expect(await lowStockRows(db, at(practice.id))).toEqual([]);
    await db.update(inventories).set({ reorderPoint: '95', parLevel: '150' }).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
    expect(await lowStockRows(db, at(practice.id))).toEqual([
      expect.objectContaining({ product_id: gloves.id, on_hand: '90.0000', reorder_point: '95.0000', order_usage_units: '60.0000', order_purchase_units: 2 }),
    ]);
    // Par below the reorder point orders up to the reorder point; purchase units round up.
    expect(orderQuantity({ onHand: '3', reorderPoint: '10', parLevel: '5', unitsPerPurchaseUnit: 4 })).toEqual({ usageUnits: '7.0000', purchaseUnits: 2 });

    const dead = await deadStock(db, at(practice.id), 90);
    expect(dead).toMatchObject({ days: 90, totalValue: '18.0000', items: [{ product_id: mirrors.id, on_hand: '100.0000', last_used: null }] });
    // Stocked for 120 days only: not dead over 200.
    expect((await deadStock(db, at(practice.id), 200)).items).toEqual([]);

    const flat = (n: number, x: number) => Array<number>(n).fill(x);
    const series = [
      { refId: 1, mean: flat(4, 0), lower: flat(4, 0), upper: flat(4, 0) },
      { refId: 2, mean: flat(4, 10), lower: flat(4, 5), upper: flat(4, 20) },
      { refId: 3, mean: flat(4, 10), lower: flat(4, 5), upper: flat(4, 20) },
    ];
    const items = daysToZeroItems(series, new Map([[2, 25], [3, 5]]), 10);
    // Nothing forecast: left out; the one with less stock runs out first.
    expect(items.map((i) => i.product_id)).toEqual([3, 2]);
    expect(daysToZeroItems(series, new Map([[2, 25], [3, 5]]), 1)).toHaveLength(1);
  });

  it('a raw read whose alias is misspelt fails where it runs', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const db = t.database.db;
    const row = sqlRow({ product_id: sqlCol.int, on_hand: sqlCol.decimal });
    await expect(rowsOf(db, row, sql`select product_id, on_hand as onhand from inventories where dental_practice_id = ${practice.id}`)).rejects.toThrow(/does not match its schema/);
    expect(await rowsOf(db, row, sql`select product_id, on_hand from inventories where dental_practice_id = ${practice.id}`)).toHaveLength(3);
    // A report's rows are exactly its columns.
    const report = columnsRow([{ field: 'product', type: 'text' }, { field: 'value', type: 'money' }]);
    await expect(rowsOf(db, report, sql`select 'x' as product, 1.5 as valeu`)).rejects.toThrow(/does not match its schema/);
    await expect(rowsOf(db, report, sql`select 'x' as product, '1.5' as value, 2 as extra`)).rejects.toThrow(/does not match its schema/);
    expect(await rowsOf(db, report, sql`select 'x' as product, '1.5' as value`)).toEqual([{ product: 'x', value: '1.5' }]);
  });
});
