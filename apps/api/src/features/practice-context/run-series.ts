import { and, eq, sql } from 'drizzle-orm';
import { forecastSeries, rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { PracticeContext } from './practice-context.ts';

export type StoredSeries = typeof forecastSeries.$inferSelect;

/**
 * A succeeded run's series never change (the run writes them once, before it is marked succeeded), so they are kept
 * in the process, frozen, for the few runs read last: the dashboard's three forecast widgets, fired together, read
 * them once. The key holds the run's finish instant as well as its id, so a restored database whose run of the
 * same id is another run is read afresh. A read in flight is shared; a failed one is forgotten.
 */
const SERIES_KEPT = 24;
const seriesOfRuns = new Map<string, Promise<readonly StoredSeries[]>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The context's stored run's series of one kind (none when the date has no completed run); frozen, shared. */
export async function runSeries(ctx: PracticeContext, kind: 'product' | 'procedure_code'): Promise<readonly StoredSeries[]> {
  const run = ctx.run;
  if (!run) return [];
  const read = () => ctx.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, run.id), eq(forecastSeries.kind, kind)));
  if (run.status !== 'succeeded' || run.finishedAt === null) return read();
  const key = `${run.id}:${run.finishedAt.getTime()}:${kind}`;
  let found = seriesOfRuns.get(key);
  if (found) {
    // Most recently used last: the oldest is the first to go.
    seriesOfRuns.delete(key);
  } else {
    const reading = read().then(deepFreeze);
    reading.catch(() => {
      if (seriesOfRuns.get(key) === reading) seriesOfRuns.delete(key);
    });
    found = reading;
  }
  seriesOfRuns.set(key, found);
  if (seriesOfRuns.size > SERIES_KEPT) seriesOfRuns.delete(seriesOfRuns.keys().next().value!);
  return found;
}

const productLabel = sqlRow({ id: sqlCol.int, label: sqlCol.text, unit: sqlCol.text, inventory_id: sqlCol.int.nullable() });
const codeLabel = sqlRow({ id: sqlCol.int, label: sqlCol.text });

/** Names of products (or procedure codes) by id; a product's also names its stock record in the practice, so a screen can link to it. */
export async function labels(ctx: PracticeContext, kind: 'product' | 'procedure_code', ids: number[]): Promise<Map<number, { label: string; unit: string | null; inventoryId: number | null }>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  if (kind === 'procedure_code') {
    const found = await rowsOf(ctx.db, codeLabel, sql`select id, code || ' · ' || name as label from procedure_codes where id in (${list})`);
    return new Map(found.map((r) => [r.id, { label: r.label, unit: null, inventoryId: null }]));
  }
  const found = await rowsOf(
    ctx.db,
    productLabel,
    sql`select p.id, p.name as label, p.usage_unit as unit,
               (select i.id from inventories i where i.product_id = p.id and i.dental_practice_id = ${ctx.practiceId}) as inventory_id
        from products p where p.id in (${list})`,
  );
  return new Map(found.map((r) => [r.id, { label: r.label, unit: r.unit, inventoryId: r.inventory_id }]));
}
