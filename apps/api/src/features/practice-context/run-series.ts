import { and, eq, sql } from 'drizzle-orm';
import { forecastSeries, rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { PracticeContext } from './practice-context.ts';

export type StoredSeries = typeof forecastSeries.$inferSelect;

/** The context's stored run's series of one kind (none when the date has no completed run). */
export async function runSeries(ctx: PracticeContext, kind: 'product' | 'procedure_code'): Promise<StoredSeries[]> {
  if (!ctx.run) return [];
  return ctx.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, ctx.run.id), eq(forecastSeries.kind, kind)));
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
