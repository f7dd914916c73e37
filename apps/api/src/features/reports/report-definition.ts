import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumnType, ReportId } from '@enamel/contracts';
import type { DashboardContext } from '../dashboard/dashboard-context.ts';
import { startOfDay } from '../dashboard/dashboard-context.ts';
import { addDays } from '../forecasts/forecast-series.ts';

/** What a report reads: the practice as of a date (the dashboard's context, shared queries) and its filters. */
export interface ReportContext extends DashboardContext {
  from: string;
  to: string;
  days: number | null;
  categoryId: number | null;
  brandId: number | null;
}

export interface ReportColumn {
  field: string;
  type: ReportColumnType;
  /** Summed in the totals row. */
  total?: boolean;
  translate?: 'units' | 'movementTypes' | 'seriesKinds';
}

export type ReportRow = Record<string, string | number | null>;

/** One report, declared once: its columns, its chart and its rows (the route, exports and screen follow). */
export interface ReportDefinition {
  id: ReportId;
  columns: ReportColumn[];
  chart: { label: string; value: string };
  rows: (ctx: ReportContext) => Promise<ReportRow[]>;
}

/** Products of the chosen category (with its sub-categories) and brand, as a condition on `p` (products). */
export function productFilter(ctx: ReportContext): SQL {
  const category = ctx.categoryId
    ? sql`and p.category_id in (with recursive tree(id) as (select ${ctx.categoryId}::bigint union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`
    : sql``;
  const brand = ctx.brandId ? sql`and p.brand_id = ${ctx.brandId}` : sql``;
  return sql`${category} ${brand}`;
}

/** The period as instants in the practice's zone: from the start of `from` to the end of `to`. */
export const periodBounds = (ctx: ReportContext) => ({ start: startOfDay(ctx.from, ctx.timeZone), end: startOfDay(addDays(ctx.to, 1), ctx.timeZone) });
