import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brands, openDatabase, products } from '@enamel/db';

/**
 * A real kill: a child process imports 5,000 products into an embedded database on disk and is SIGKILLed
 * midway through the write (three batches of 1,000 already sent inside the transaction). Reopened, the
 * database holds what was committed before and not one product.
 */
describe('import killed during the write', () => {
  it('leaves nothing half written', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-kill-'));
    try {
      const csv = path.join(dir, 'products.csv');
      const lines = Array.from({ length: 5000 }, (_, i) => `KILL-${i},Killed product ${i},each,box,10,2.50`);
      fs.writeFileSync(csv, `sku,name,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price\n${lines.join('\n')}\n`);
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/imports/kill-child.ts'), path.join(dir, 'db'), csv, '3500'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        timeout: 100_000,
      });
      expect(child.stdout, child.stderr).toContain('killing at row 3500');
      expect(child.signal).toBe('SIGKILL');

      const handle = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        expect((await handle.db.select().from(brands)).map((b) => b.name)).toEqual(['Committed before the import']);
        expect(await handle.db.select({ id: products.id }).from(products)).toEqual([]);
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
