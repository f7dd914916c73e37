import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, type ReportColumnType, type ReportId, type ReportView } from '@enamel/contracts';
import type { PracticeContext } from '../practice-context/index.ts';
import { startOfDay } from '../stock/index.ts';

/** What a report reads: the practice as of a date (the dashboard's context) and its filters (null: not chosen, or not read by the report). */
export interface ReportContext extends PracticeContext {
  from: string;
  to: string;
  days: number | null;
  categoryId: number | null;
  brandId: number | null;
  productId: number | null;
  procedureCodeId: number | null;
}

export interface ReportColumn {
  field: string;
  type: ReportColumnType;
  /** Summed in the totals row. */
  total?: boolean;
  translate?: 'units' | 'movementTypes' | 'seriesKinds' | 'stockTakeScopes';
}

export type ReportRow = Record<string, string | number | null>;

const cell: Record<ReportColumnType, z.ZodType<string | number | null>> = {
  text: z.string().nullable(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  number: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullable(),
  money: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullable(),
  percent: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullable(),
};

/**
 * The schema of a report query's rows, from the report's columns: exactly those keys (`except` the ones computed
 * after the query), each parsed as its column's type. A misspelt alias fails where the query runs.
 */
export function columnsRow(columns: readonly ReportColumn[], except: readonly string[] = []): z.ZodType<ReportRow> {
  return z.strictObject(Object.fromEntries(columns.filter((c) => !except.includes(c.field)).map((c) => [c.field, cell[c.type]])));
}

/**
 * A report's rows as the engine reads them: counted first (an export past its limit is refused before anything
 * is sent), then read in order, page by page, so an export streams without holding them all.
 */
export interface ReportSource {
  /** How many rows; and the totals, when the source sums them itself (else the engine sums the rows it reads). */
  summary(): Promise<{ count: number; totals?: Record<string, string> }>;
  /** The rows in order, `size` at a time; `limit`: the most the reader will take (Infinity: all). */
  pages(size: number, limit: number): AsyncIterable<ReportRow[]>;
}

/** One report, declared once: its columns, its chart and its rows (the route, exports and screen follow). */
export interface ReportDefinition {
  id: ReportId;
  columns: ReportColumn[];
  chart: { label: string; value: string };
  read: (ctx: ReportContext) => ReportSource;
  /** The days it reads when none are chosen (a practice setting). */
  defaultDays?: (ctx: ReportContext) => number;
  /** Other views of the report than its summary (stock movements: one row per movement). */
  views?: Partial<Record<Exclude<ReportView, 'summary'>, Omit<ReportDefinition, 'id' | 'views'>>>;
}

/**
 * Rows a report computes all at once: those bounded by the catalogue (products, lots, procedure codes by month),
 * which a widget's query or some arithmetic in code produces whole.
 */
export function allAtOnce(load: (ctx: ReportContext) => Promise<ReportRow[]>): (ctx: ReportContext) => ReportSource {
  return (ctx) => {
    let loaded: Promise<ReportRow[]> | undefined;
    const all = () => (loaded ??= load(ctx));
    return {
      summary: async () => ({ count: (await all()).length }),
      async *pages(size, limit) {
        const rows = await all();
        for (let i = 0; i < Math.min(rows.length, limit); i += size) yield rows.slice(i, i + size);
      },
    };
  };
}

/** Products of the chosen category (with its sub-categories), brand and product, as a condition on `p` (products). */
export function productFilter(ctx: ReportContext): SQL {
  const category = ctx.categoryId
    ? sql`and p.category_id in (with recursive tree(id) as (select ${ctx.categoryId}::bigint union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`
    : sql``;
  const brand = ctx.brandId ? sql`and p.brand_id = ${ctx.brandId}` : sql``;
  const product = ctx.productId ? sql`and p.id = ${ctx.productId}` : sql``;
  return sql`${category} ${brand} ${product}`;
}

/** The period as instants in the practice's zone: from the start of `from` to the end of `to`. */
export const periodBounds = (ctx: ReportContext) => ({ start: startOfDay(ctx.from, ctx.timeZone), end: startOfDay(addDays(ctx.to, 1), ctx.timeZone) });
