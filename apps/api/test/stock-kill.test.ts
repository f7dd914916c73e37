import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { inventories, procedures, stockMovements } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { withDatabase } from './global-setup.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

const url = process.env.TEST_DATABASE_URL;
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A process can only be killed in the middle of a transaction against a database server that
// outlives it: on the embedded database the transaction dies with the process by construction.
describe.runIf(url)('a procedure save killed midway', () => {
  it('leaves nothing half written: no procedure, no movement, stock unchanged', async () => {
    const db = t.database.db;
    const practice = await createPractice(db);
    const ids: number[] = [];
    for (const name of ['Gloves', 'Bib', 'Cartridge']) {
      const product = (await admin.post('/api/product/create', { name, sku: `K-${name}-${Date.now()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10', tracks_lots: false })).json().data;
      await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '5' });
      ids.push(product.id);
    }
    const code = (await admin.post('/api/procedure-code/create', { code: `DK${Date.now()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
    const movementsBefore = (await db.select({ n: count() }).from(stockMovements))[0]!.n;

    // Hold the last product's inventory row: the save records the procedure and its items, then waits here to lock the inventories.
    const [{ name }] = (await db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) one`)) as [{ name: string }];
    const holder = new pg.Client({ connectionString: withDatabase(url!, name) });
    await holder.connect();
    await holder.query('begin');
    // Activity is read on its own connection: inside a transaction pg_stat_activity is a frozen snapshot.
    const watcher = new pg.Client({ connectionString: withDatabase(url!, name) });
    await watcher.connect();
    await holder.query('select id from inventories where dental_practice_id = $1 and product_id = $2 for update', [practice.id, Math.max(...ids)]);

    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/save-procedure.ts'), withDatabase(url!, name), String(practice.id), String(code.id), ...ids.map(String)], { stdio: ['ignore', 'ignore', 'pipe'], cwd: path.resolve(import.meta.dirname, '../../..'), env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } });
    let childErrors = '';
    child.stderr.on('data', (chunk: Buffer) => (childErrors += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const waiting = await until('the save to wait on the lock', async () => {
      const res = await watcher.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (child.exitCode !== null) throw new Error(`the save ended before the kill: ${childErrors}`);
      return res.rows[0];
    }, 90_000).catch((e: Error) => { throw new Error(`${e.message}; child said: ${childErrors}`); });
    // Midway indeed: the waiting save has already written the procedure's items (the ledger locks all inventories before its first movement).
    const wrote = await watcher.query(`select 1 from pg_locks where pid = $1 and relation = 'procedure_items'::regclass and mode = 'RowExclusiveLock'`, [waiting.pid]);
    expect(wrote.rowCount).toBe(1);
    child.kill('SIGKILL');
    await exited;
    await holder.query('rollback');
    // The server notices the dead client when it answers the granted lock, and rolls back.
    await until('the killed session to end', async () => ((await watcher.query('select 1 from pg_stat_activity where pid = $1', [waiting.pid])).rowCount === 0 ? true : undefined));
    await holder.end();
    await watcher.end();

    expect((await db.select({ n: count() }).from(procedures).where(eq(procedures.dentalPracticeId, practice.id)))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(stockMovements))[0]!.n).toBe(movementsBefore);
    const stock = await db.select({ onHand: inventories.onHand }).from(inventories).where(eq(inventories.dentalPracticeId, practice.id));
    expect(stock.map((s) => Number(s.onHand))).toEqual([5, 5, 5]);
  }, 180_000);
});
