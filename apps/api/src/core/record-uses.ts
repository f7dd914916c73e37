import { count, eq, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { schema } from '@enamel/db';
import type { MessageKey } from './i18n.ts';
import type { Tx } from './transaction.ts';


/** A foreign key of `table` (its `column`) that points at another table's rows, and what names those rows for people. */
interface Reference {
  table: PgTable;
  name: string;
  column: PgColumn;
  /** The `name` of the referencing row itself, or of the row that owns it (its first ON DELETE CASCADE parent with a name). */
  named?: { column: PgColumn; join?: { table: PgTable; on: SQL } };
}

const nameColumn = (table: PgTable): PgColumn | undefined => getTableConfig(table).columns.find((c) => c.name === 'name');

/** How rows of `table` are named for people: their own name, or their owner's. */
function namedBy(table: PgTable): Reference['named'] {
  const own = nameColumn(table);
  if (own) return { column: own };
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    const ownerName = nameColumn(ref.foreignTable);
    if (fk.onDelete === 'cascade' && ref.columns.length === 1 && ownerName) return { column: ownerName, join: { table: ref.foreignTable, on: eq(ref.foreignColumns[0]!, ref.columns[0]!) } };
  }
  return undefined;
}

/**
 * Which foreign keys keep a row from being deleted, read once from the schema: every single-column
 * key whose ON DELETE is RESTRICT or NO ACTION (CASCADE and SET NULL keys never stand in the way).
 */
export const blockingReferences: ReadonlyMap<PgTable, readonly Reference[]> = (() => {
  const map = new Map<PgTable, Reference[]>();
  for (const table of (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable))) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.columns.length !== 1 || ['cascade', 'set null', 'set default'].includes(fk.onDelete ?? 'no action')) continue;
      const list = map.get(ref.foreignTable) ?? [];
      const named = namedBy(table);
      list.push({ table, name: config.name, column: ref.columns[0]!, ...(named ? { named } : {}) });
      map.set(ref.foreignTable, list);
    }
  }
  return map;
})();

/** The message naming one kind of referencing rows ("3 stock movement(s) in Practice A"), per referencing table. */
export const useLabel = (tableName: string) => `uses.${tableName}` as MessageKey;

const NAMES_SHOWN = 5;

/** What still refers to row `id` of `table`: per referencing table, how many rows and the names that identify them; empty when the row can go. */
export async function usesOf(tx: Tx, table: PgTable, id: number): Promise<Array<{ key: MessageKey; params: { count: number; names: string } }>> {
  const out: Array<{ key: MessageKey; params: { count: number; names: string } }> = [];
  for (const ref of blockingReferences.get(table) ?? []) {
    const [row] = await tx.select({ n: count() }).from(ref.table).where(eq(ref.column, id));
    const n = Number(row?.n ?? 0);
    if (n === 0) continue;
    let names = '';
    if (ref.named) {
      const base = tx.selectDistinct({ name: sql<string>`${ref.named.column}` }).from(ref.table);
      const joined = ref.named.join ? base.innerJoin(ref.named.join.table, ref.named.join.on) : base;
      const rows = await joined.where(eq(ref.column, id)).orderBy(sql`1`).limit(NAMES_SHOWN + 1);
      names = rows.slice(0, NAMES_SHOWN).map((r) => r.name).join(', ') + (rows.length > NAMES_SHOWN ? ', …' : '');
    }
    out.push({ key: useLabel(ref.name), params: { count: n, names } });
  }
  return out;
}
