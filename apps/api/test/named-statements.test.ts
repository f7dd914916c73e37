import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { builtOnce, executeNamed, products, type Database, type DatabaseHandle } from '@enamel/db';
import { openTestDatabase } from './test-database.ts';

/**
 * Named statements (@enamel/db named-statements.ts): prepared once per connection, then only bound and run; on the
 * embedded database the bind, describe, execute and sync go through in one call. They answer what the same text
 * answers unnamed, a failure leaves the connection ready for the next statement, and inside a transaction a failure
 * rolls back the whole transaction.
 */
let database: DatabaseHandle;
beforeAll(async () => (database = await openTestDatabase()));
afterAll(async () => database.close());

const probe = (value: string | null) =>
  sql`select ${value}::int + 1 as next, ${value}::int is null as missing, to_char(date '2026-11-28', 'YYYY-MM-DD') as day, 1.5::numeric as exact`;

describe('named statements', () => {
  it('answer what the same statement answers unnamed, on every run and with nulls', async () => {
    const { db } = database;
    for (const value of ['41', '-7', null, '41']) {
      const named = await executeNamed(db, probe(value));
      const plain: unknown = await db.execute(probe(value));
      expect(named.rows, `value ${value}`).toEqual((plain as { rows: unknown[] }).rows);
    }
    expect((await executeNamed(db, probe('41'))).rows).toEqual([{ next: 42, missing: false, day: '2026-11-28', exact: '1.5' }]);
  });

  it('a value the statement refuses fails with the database error, and the next statement runs', async () => {
    const { db } = database;
    await expect(executeNamed(db, probe('not a number'))).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect((await executeNamed(db, probe('1'))).rows[0]).toMatchObject({ next: 2 });
    const after: unknown = await db.execute(sql`select 3 as three`);
    expect((after as { rows: unknown[] }).rows).toEqual([{ three: 3 }]);
  });

  it('a statement that fails to parse is not remembered: the same text fails again, the connection stays usable', async () => {
    const { db } = database;
    const broken = sql`select no_such_column from products where id = ${1}`;
    await expect(executeNamed(db, broken)).rejects.toMatchObject({ cause: { code: '42703' } });
    await expect(executeNamed(db, broken)).rejects.toMatchObject({ cause: { code: '42703' } });
    expect((await executeNamed(db, probe('5'))).rows[0]).toMatchObject({ next: 6 });
  });

  it('a failure inside a transaction rolls back what the transaction wrote before it', async () => {
    const { db } = database;
    const sku = `NAMED-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(products).values({ name: 'Named statement probe', sku, usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: 1, purchasePrice: '1.0000' });
        await executeNamed(tx, probe('oops'));
      }),
    ).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await db.select({ id: products.id }).from(products).where(eq(products.sku, sku))).toEqual([]);
    // And a transaction whose named statements succeed commits.
    await db.transaction(async (tx) => {
      await tx.insert(products).values({ name: 'Named statement probe', sku, usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: 1, purchasePrice: '1.0000' });
      expect((await executeNamed(tx, probe('9'))).rows[0]).toMatchObject({ next: 10 });
    });
    expect(await db.select({ id: products.id }).from(products).where(eq(products.sku, sku))).toHaveLength(1);
  });

  it('a statement built once runs on the handle it is given: inside a transaction it sees that transaction\'s rows', async () => {
    const { db } = database;
    const bySku = builtOnce((handle: Database) => handle.select({ id: products.id, name: products.name }).from(products).where(eq(products.sku, sql.placeholder('sku'))));
    const sku = `BUILT-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(products).values({ name: 'Built once probe', sku, usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: 1, purchasePrice: '1.0000' });
        // Uncommitted: only the transaction's own connection can see it (on PostgreSQL the pool's others cannot).
        expect(await bySku(tx, { sku })).toEqual([{ id: expect.any(Number), name: 'Built once probe' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await bySku(db, { sku }), 'rolled back').toEqual([]);
  });
});
