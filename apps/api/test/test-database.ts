import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, quoteIdent, type DatabaseHandle } from '@enamel/db';
import { withDatabase } from './global-setup.ts';

/**
 * A fresh database for one test file: PostgreSQL (a copy of the migrated template) when
 * TEST_DATABASE_URL is set, else an embedded PGlite loaded from the migrated dump.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `enamel_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        break;
      } catch (err) {
        // Two files copying the template at the same moment: wait and try again.
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        await dropper.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('embeddedTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}
