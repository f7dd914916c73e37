import Big from 'big.js';
import type { ReportData, ReportId, ReportQuery } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { invalid } from '../../core/errors.ts';
import { dashboardContext } from '../dashboard/dashboard-context.ts';
import { addDays } from '../forecasts/forecast-series.ts';
import type { ReportContext, ReportDefinition } from './report-definition.ts';
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

/** Runs a report for one practice: its filters resolved (defaults from the practice), its rows and totals. */
export async function runReport(db: Database, query: ReportQuery): Promise<ReportData> {
  const base = await dashboardContext(db, { dental_practice_id: query.dental_practice_id, forecast_date: query.as_of }, 'today');
  const to = query.to ?? base.today;
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw invalid('from', 'report.period_order');
  if (Date.parse(to) - Date.parse(from) > MAX_PERIOD_DAYS * 86_400_000) throw invalid('from', 'report.period_too_long', { days: MAX_PERIOD_DAYS });
  const ctx: ReportContext = { ...base, from, to, days: query.days ?? null, categoryId: query.category_id ?? null, brandId: query.brand_id ?? null };
  const report = REPORTS[query.report];
  const found = await report.rows(ctx);
  const totals: Record<string, string> = {};
  for (const column of report.columns.filter((c) => c.total)) {
    totals[column.field] = found.reduce((sum, row) => sum.plus(row[column.field] ?? 0), new Big(0)).toFixed(column.type === 'money' ? 4 : 0);
  }
  return {
    report: report.id,
    currency: ctx.currency,
    filters: { as_of: ctx.date, from, to, days: query.days ?? null, category_id: ctx.categoryId, brand_id: ctx.brandId },
    columns: report.columns.map((c) => ({ field: c.field, type: c.type, total: c.total ?? false, translate: c.translate ?? null })),
    rows: found,
    totals,
    chart: report.chart,
  };
}
