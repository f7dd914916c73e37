import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unitCostOf } from '@enamel/contracts';
import { products, type DatabaseHandle } from '@enamel/db';
import { unitCost } from '../src/core/catalog-sql.ts';
import { openTestDatabase } from './test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => (database = await openTestDatabase()));
afterAll(async () => database.close());

describe('the unit cost in SQL and in the decimal module', () => {
  // Repeating quotients, halves at the fifth place, the smallest and the largest price the column holds.
  const cases: Array<[price: string, units: number, expected: string]> = [
    ['10.0000', 3, '3.3333'],
    ['20.0000', 3, '6.6667'],
    ['0.0001', 7, '0.0000'],
    ['0.0007', 2, '0.0004'],
    ['0.0003', 2, '0.0002'],
    ['12.9900', 100, '0.1299'],
    ['1.0000', 16, '0.0625'],
    ['1.0000', 32, '0.0313'],
    ['99999999.9999', 1, '99999999.9999'],
    ['9999999999.9999', 7, '1428571428.5714'],
    ['2.0000', 2_147_483_647, '0.0000'],
    ['5.0000', 7, '0.7143'],
  ];

  it('agree on every value, and both are what the formula says', async () => {
    const db = database.db;
    const rows = await db
      .insert(products)
      .values(cases.map(([price, units], i) => ({ name: `Unit cost ${i}`, sku: `UC-${i}`, usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: units, purchasePrice: price })))
      .returning({ id: products.id, price: products.purchasePrice, units: products.unitsPerPurchaseUnit });
    for (const [i, row] of rows.entries()) {
      const [sqlCost] = await db.select({ cost: unitCost }).from(products).where(eq(products.id, row.id));
      const [price, units, expected] = cases[i]!;
      expect(row.price, 'stored as given').toBe(price);
      expect(sqlCost!.cost, `${price} / ${units} in SQL`).toBe(expected);
      expect(unitCostOf(row.price, row.units), `${price} / ${units} in the module`).toBe(expected);
    }
  });
});
