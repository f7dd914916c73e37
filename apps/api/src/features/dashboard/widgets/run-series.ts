import { and, eq, sql } from 'drizzle-orm';
import { forecastSeries, rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { stockAtCutoff } from './stock-sql.ts';

export type StoredSeries = typeof forecastSeries.$inferSelect;

/** The stored run's series of one kind (none when the date has no completed run). */
export async function runSeries(ctx: DashboardContext, kind: 'product' | 'procedure_code'): Promise<StoredSeries[]> {
  if (!ctx.run) return [];
  return ctx.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, ctx.run.id), eq(forecastSeries.kind, kind)));
}

/** Stock on hand per product at the cutoff (numbers, for the forecast maths). */
export async function onHandByProduct(ctx: DashboardContext): Promise<Map<number, number>> {
  const found = await rows<{ product_id: string; on_hand: string }>(
    ctx.db,
    sql`select product_id, on_hand from (${stockAtCutoff(ctx)}) s`,
  );
  return new Map(found.map((r) => [Number(r.product_id), Number(r.on_hand)]));
}

/** Names of products (or procedure codes) by id. */
export async function labels(ctx: DashboardContext, kind: 'product' | 'procedure_code', ids: number[]): Promise<Map<number, { label: string; unit: string | null; inventoryId: number | null }>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  // A product's label also names its stock record in the practice, so a widget can link to it.
  const found =
    kind === 'product'
      ? await rows<{ id: string; label: string; unit: string; inventory_id: string | null }>(
          ctx.db,
          sql`select p.id, p.name as label, p.usage_unit as unit,
                     (select i.id from inventories i where i.product_id = p.id and i.dental_practice_id = ${ctx.practiceId}) as inventory_id
              from products p where p.id in (${list})`,
        )
      : await rows<{ id: string; label: string; unit: null; inventory_id: null }>(ctx.db, sql`select id, code || ' · ' || name as label, null as unit, null as inventory_id from procedure_codes where id in (${list})`);
  return new Map(found.map((r) => [Number(r.id), { label: r.label, unit: r.unit, inventoryId: r.inventory_id === null ? null : Number(r.inventory_id) }]));
}
