import type { Database } from '@enamel/db';

/** The handle a `db.transaction` callback receives (PGlite or node-postgres alike). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
