import Big from 'big.js';
import { REPORT_EXPORT_MAX_ROWS, REPORT_FILTERS, REPORT_JSON_MAX_ROWS, type ReportData, type ReportExportFormat, type ReportFilters, type ReportId, type ReportQuery } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { invalid } from '../../core/errors.ts';
import { dashboardContext } from '../dashboard/dashboard-context.ts';
import { addDays } from '../forecasts/forecast-series.ts';
import type { ReportColumn, ReportContext, ReportDefinition, ReportRow, ReportSource } from './report-definition.ts';
import { consumableCostPerCode } from './cost-reports.ts';
import { forecastAgainstActual } from './forecast-report.ts';
import { consumptionByProduct, deadStockReport, expiringLots, inventoryValuation, reorderList, stockMovements } from './stock-reports.ts';

export const REPORTS: Record<ReportId, ReportDefinition> = {
  'inventory-valuation': inventoryValuation,
  'stock-movements': stockMovements,
  'consumption-by-product': consumptionByProduct,
  'consumable-cost-per-code': consumableCostPerCode,
  'expiring-lots': expiringLots,
  'reorder-list': reorderList,
  'dead-stock': deadStockReport,
  'forecast-vs-actual': forecastAgainstActual,
};

/** The longest period a report covers (three years of days). */
const MAX_PERIOD_DAYS = 1096;
/** Rows read from the database at a time. */
const PAGE_SIZE = 2_000;

/** A report ready to read: what it is (filters as applied, columns, chart), how many rows, and its source. */
export interface OpenReport {
  meta: Omit<ReportData, 'rows' | 'row_count' | 'totals'>;
  columns: ReportColumn[];
  timeZone: string;
  count: number;
  /** The totals when the source summed them itself; otherwise the engine sums the rows as they are read. */
  totals: Record<string, string> | undefined;
  source: ReportSource;
}

/** Resolves a report's filters (defaults from the practice; those it does not read are dropped) and counts its rows. */
export async function openReport(db: Database, query: ReportQuery): Promise<OpenReport> {
  const reads = new Set(REPORT_FILTERS[query.report]);
  const base = await dashboardContext(db, { dental_practice_id: query.dental_practice_id, forecast_date: reads.has('as_of') ? query.as_of : undefined }, 'today');
  const to = query.to ?? base.today;
  const from = query.from ?? addDays(to, -29);
  if (reads.has('period')) {
    if (from > to) throw invalid('from', 'report.period_order');
    if (Date.parse(to) - Date.parse(from) > MAX_PERIOD_DAYS * 86_400_000) throw invalid('from', 'report.period_too_long', { days: MAX_PERIOD_DAYS });
  }
  const pick = <T>(filter: (typeof REPORT_FILTERS)[ReportId][number], value: T | undefined): T | null => (reads.has(filter) ? (value ?? null) : null);
  const ctx: ReportContext = {
    ...base,
    from,
    to,
    days: pick('days', query.days),
    categoryId: pick('category', query.category_id),
    brandId: pick('brand', query.brand_id),
    productId: pick('product', query.product_id),
    procedureCodeId: pick('procedure_code', query.procedure_code_id),
  };
  const view = (reads.has('view') ? query.view : undefined) ?? 'summary';
  const report = REPORTS[query.report];
  const shape = view === 'summary' ? report : (report.views?.[view] ?? report);
  const filters: ReportFilters = {
    as_of: reads.has('as_of') ? ctx.date : null,
    from: reads.has('period') ? from : null,
    to: reads.has('period') ? to : null,
    days: reads.has('days') ? (ctx.days ?? report.defaultDays?.(ctx) ?? null) : null,
    category_id: ctx.categoryId,
    brand_id: ctx.brandId,
    product_id: ctx.productId,
    procedure_code_id: ctx.procedureCodeId,
    view: shape === report ? 'summary' : view,
  };
  const source = shape.read(ctx);
  const { count, totals } = await source.summary();
  return {
    meta: {
      report: report.id,
      currency: ctx.currency,
      filters,
      columns: shape.columns.map((c) => ({ field: c.field, type: c.type, total: c.total ?? false, translate: c.translate ?? null })),
      chart: shape.chart,
    },
    columns: shape.columns,
    timeZone: ctx.timeZone,
    count,
    totals,
    source,
  };
}

/** Sums of the total columns, kept while rows go by. */
function totalsOf(columns: ReportColumn[]) {
  const sums = new Map(columns.filter((c) => c.total).map((c) => [c.field, new Big(0)]));
  return {
    add(row: ReportRow) {
      for (const [field, sum] of sums) sums.set(field, sum.plus(row[field] ?? 0));
    },
    result: () => Object.fromEntries(columns.filter((c) => c.total).map((c) => [c.field, sums.get(c.field)!.toFixed(c.type === 'money' ? 4 : 0)])),
  };
}

/** Runs a report for the screen: its first REPORT_JSON_MAX_ROWS rows, how many there are, and the totals of them all. */
export async function runReport(db: Database, query: ReportQuery): Promise<ReportData> {
  const open = await openReport(db, query);
  const sums = totalsOf(open.columns);
  const rows: ReportRow[] = [];
  // With the source's own totals only the rows shown are read; otherwise all of them, to sum them.
  for await (const page of open.source.pages(PAGE_SIZE, open.totals ? REPORT_JSON_MAX_ROWS : Infinity)) {
    for (const row of page) {
      if (rows.length < REPORT_JSON_MAX_ROWS) rows.push(row);
      if (!open.totals) sums.add(row);
    }
    // The source's own totals cover the rest: no need to read past what is shown.
    if (open.totals && rows.length >= REPORT_JSON_MAX_ROWS) break;
  }
  return { ...open.meta, rows, row_count: open.count, totals: open.totals ?? sums.result() };
}

/** A report as an export reads it: refused (422 on `format`) past the format's limit, before anything is sent. */
export async function openExport(db: Database, query: ReportQuery & { format: ReportExportFormat }): Promise<OpenReport> {
  const open = await openReport(db, query);
  const max = REPORT_EXPORT_MAX_ROWS[query.format];
  if (open.count > max) throw invalid('format', 'report.too_many_rows', { count: open.count, max, format: query.format.toUpperCase() });
  return open;
}

/**
 * The rows of an opened report one at a time, page by page (never more than a page in memory), at most the count
 * it was opened with; `totals()` holds the totals once they have all gone by.
 */
export function streamRows(open: OpenReport): { rows: AsyncIterable<ReportRow>; totals: () => Record<string, string> } {
  const sums = totalsOf(open.columns);
  async function* rows() {
    let sent = 0;
    for await (const page of open.source.pages(PAGE_SIZE, open.count)) {
      for (const row of page) {
        if (sent++ >= open.count) return;
        if (!open.totals) sums.add(row);
        yield row;
      }
    }
  }
  return { rows: rows(), totals: () => open.totals ?? sums.result() };
}
