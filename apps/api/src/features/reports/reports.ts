import Big from 'big.js';
import { addDays, REPORT_EXPORT_MAX_ROWS, REPORT_FILTERS, REPORT_JSON_MAX_ROWS, type ReportData, type ReportExportFormat, type ReportFilters, type ReportId, type ReportQuery } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import { inArray } from 'drizzle-orm';
import { invalid } from '../../core/errors.ts';
import { practiceContext } from '../practice-context/index.ts';
import type { ReportColumn, ReportContext, ReportDefinition, ReportRow, ReportSource } from './report-definition.ts';
import { consumableCostPerCode } from './cost-reports.ts';
import { forecastAgainstActual } from './forecast-report.ts';
import { stockOutsReport } from './stock-out-report.ts';
import { stockTakeAccuracy } from './stock-take-report.ts';
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
  'stock-outs': stockOutsReport,
  'stock-take-accuracy': stockTakeAccuracy,
};

/** The longest period a report covers (three years of days). */
const MAX_PERIOD_DAYS = 1096;
/** Rows read from the database at a time. */
const PAGE_SIZE = 2_000;

/** One practice's part of a report: its rows' source, counted, and its currency. */
interface ReportPart {
  practice: string;
  currency: string;
  source: ReportSource;
  count: number;
  /** The part's totals when its source summed them itself; otherwise the engine sums its rows as they are read. */
  totals: Record<string, string> | undefined;
}

/** A report ready to read: what it is (filters as applied, columns, chart), how many rows, and each practice's part. */
export interface OpenReport {
  meta: Omit<ReportData, 'rows' | 'row_count' | 'totals' | 'subtotals'>;
  /** The columns; with several practices the practice and its currency come first. */
  columns: ReportColumn[];
  timeZone: string;
  count: number;
  parts: ReportPart[];
  /** Several practices: each row names its practice and currency. */
  several: boolean;
}

/** The practice and currency columns of a report over several practices. */
const PRACTICE_COLUMNS: ReportColumn[] = [
  { field: 'practice', type: 'text' },
  { field: 'currency', type: 'text' },
];

/**
 * Resolves a report's filters (defaults from the first practice; those it does not read are dropped) and counts
 * its rows in each practice it covers. The caller has checked that the reader may read every one of them.
 */
export async function openReport(db: Database, query: ReportQuery): Promise<OpenReport> {
  const reads = new Set(REPORT_FILTERS[query.report]);
  const practiceIds = [query.dental_practice_id, ...(query.practice_ids ?? []).filter((id) => id !== query.dental_practice_id)];
  const report = REPORTS[query.report];
  const view = (reads.has('view') ? query.view : undefined) ?? 'summary';
  const shape = view === 'summary' ? report : (report.views?.[view] ?? report);
  const pick = <T>(filter: (typeof REPORT_FILTERS)[ReportId][number], value: T | undefined): T | null => (reads.has(filter) ? (value ?? null) : null);
  let filters: ReportFilters | undefined;
  let first: ReportContext | undefined;
  const parts: ReportPart[] = [];
  for (const practiceId of practiceIds) {
    // The first practice resolves the default dates; the others read the same ones.
    const base = await practiceContext(db, { dental_practice_id: practiceId, forecast_date: reads.has('as_of') ? (filters?.as_of ?? query.as_of) : undefined }, 'today');
    const to = filters?.to ?? query.to ?? base.today;
    const from = filters?.from ?? query.from ?? addDays(to, -29);
    if (reads.has('period')) {
      if (from > to) throw invalid('from', 'report.period_order');
      if (Date.parse(to) - Date.parse(from) > MAX_PERIOD_DAYS * 86_400_000) throw invalid('from', 'report.period_too_long', { days: MAX_PERIOD_DAYS });
    }
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
    first ??= ctx;
    filters ??= {
      as_of: reads.has('as_of') ? ctx.date : null,
      from: reads.has('period') ? from : null,
      to: reads.has('period') ? to : null,
      days: reads.has('days') ? (ctx.days ?? report.defaultDays?.(ctx) ?? null) : null,
      category_id: ctx.categoryId,
      brand_id: ctx.brandId,
      product_id: ctx.productId,
      procedure_code_id: ctx.procedureCodeId,
      view: shape === report ? 'summary' : view,
      practice_ids: practiceIds,
    };
    const source = shape.read(ctx);
    const { count, totals } = await source.summary();
    parts.push({ practice: '', currency: ctx.currency, source, count, totals });
  }
  const several = parts.length > 1;
  if (several) {
    const names = new Map((await db.select({ id: dentalPractices.id, name: dentalPractices.name }).from(dentalPractices).where(inArray(dentalPractices.id, practiceIds))).map((p) => [p.id, p.name]));
    parts.forEach((part, i) => (part.practice = names.get(practiceIds[i]!) ?? ''));
  }
  const columns = several ? [...PRACTICE_COLUMNS, ...shape.columns] : shape.columns;
  return {
    meta: {
      report: report.id,
      currency: first!.currency,
      filters: filters!,
      columns: columns.map((c) => ({ field: c.field, type: c.type, total: c.total ?? false, translate: c.translate ?? null })),
      chart: shape.chart,
    },
    columns,
    timeZone: first!.timeZone,
    count: parts.reduce((sum, p) => sum + p.count, 0),
    parts,
    several,
  };
}

/**
 * Sums of the total columns per currency, kept while rows go by (or taken whole from a part that summed itself).
 * Money is never added across currencies: `overall` keeps the money columns only when there is one currency.
 */
function subtotalsOf(columns: ReportColumn[]) {
  const totalled = columns.filter((c) => c.total);
  const byCurrency = new Map<string, Map<string, Big>>();
  const bucket = (currency: string) => {
    let sums = byCurrency.get(currency);
    if (!sums) byCurrency.set(currency, (sums = new Map(totalled.map((c) => [c.field, new Big(0)]))));
    return sums;
  };
  const fixed = (c: ReportColumn, sum: Big) => sum.toFixed(c.type === 'money' ? 4 : 0);
  return {
    open: (currency: string) => void bucket(currency),
    add(currency: string, row: ReportRow | Record<string, string>) {
      const sums = bucket(currency);
      for (const [field, sum] of sums) sums.set(field, sum.plus(row[field] ?? 0));
    },
    result: () => [...byCurrency].map(([currency, sums]) => ({ currency, totals: Object.fromEntries(totalled.map((c) => [c.field, fixed(c, sums.get(c.field)!)])) })),
    overall: () =>
      Object.fromEntries(
        totalled
          .filter((c) => c.type !== 'money' || byCurrency.size <= 1)
          .map((c) => [c.field, fixed(c, [...byCurrency.values()].reduce((sum, sums) => sum.plus(sums.get(c.field)!), new Big(0)))]),
      ),
  };
}

/** A part's row as the report shows it: with several practices, its practice and currency first. */
const rowOf = (open: OpenReport, part: ReportPart, row: ReportRow): ReportRow => (open.several ? { practice: part.practice, currency: part.currency, ...row } : row);

/** Runs a report for the screen: its first REPORT_JSON_MAX_ROWS rows, how many there are, and the totals of them all. */
export async function runReport(db: Database, query: ReportQuery): Promise<ReportData> {
  const open = await openReport(db, query);
  const sums = subtotalsOf(open.columns);
  const rows: ReportRow[] = [];
  for (const part of open.parts) {
    sums.open(part.currency);
    if (part.totals) sums.add(part.currency, part.totals);
    // With the part's own totals only the rows shown are read; otherwise all of them, to sum them.
    const wanted = part.totals ? REPORT_JSON_MAX_ROWS - rows.length : Infinity;
    if (wanted <= 0) continue;
    for await (const page of part.source.pages(PAGE_SIZE, wanted)) {
      for (const row of page) {
        if (rows.length < REPORT_JSON_MAX_ROWS) rows.push(rowOf(open, part, row));
        if (!part.totals) sums.add(part.currency, row);
      }
      if (part.totals && rows.length >= REPORT_JSON_MAX_ROWS) break;
    }
  }
  return { ...open.meta, rows, row_count: open.count, totals: sums.overall(), subtotals: sums.result() };
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
 * each part was opened with; `subtotals()` holds the totals per currency once they have all gone by.
 */
export function streamRows(open: OpenReport): { rows: AsyncIterable<ReportRow>; subtotals: () => ReportData['subtotals'] } {
  const sums = subtotalsOf(open.columns);
  async function* rows() {
    for (const part of open.parts) {
      sums.open(part.currency);
      if (part.totals) sums.add(part.currency, part.totals);
      let sent = 0;
      for await (const page of part.source.pages(PAGE_SIZE, part.count)) {
        for (const row of page) {
          if (sent++ >= part.count) break;
          if (!part.totals) sums.add(part.currency, row);
          yield rowOf(open, part, row);
        }
      }
    }
  }
  return { rows: rows(), subtotals: () => sums.result() };
}

/**
 * The totals rows of an export, one per currency: `label` in the first column, the currency beside it when the
 * report covers several practices, then the sums.
 */
export function totalRows(open: OpenReport, subtotals: ReportData['subtotals'], label: string): ReportRow[] {
  if (!open.columns.some((c) => c.total)) return [];
  const empty = Object.fromEntries(open.columns.map((c) => [c.field, null]));
  return subtotals.map(({ currency, totals }) => ({ ...empty, ...totals, [open.columns[0]!.field]: label, ...(open.several ? { currency } : {}) }));
}
