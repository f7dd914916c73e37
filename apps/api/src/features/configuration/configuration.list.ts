import { eq, sql } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, type ConfigurationRow } from '@enamel/contracts';
import { dentalPractices, practiceSettings, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

const d = CONFIGURATION_DEFAULTS;
const s = practiceSettings;

const columns = {
  horizon: sql<number>`coalesce(${s.forecastHorizonWeeks}, ${d.forecast_horizon_weeks})`,
  level: sql<string>`coalesce(${s.serviceLevel}, ${d.service_level})::float8`,
  lead: sql<number>`coalesce(${s.leadTimeDays}, ${d.lead_time_days})`,
  review: sql<number>`coalesce(${s.reviewPeriodDays}, ${d.review_period_days})`,
  dead: sql<number>`coalesce(${s.deadStockDays}, ${d.dead_stock_days})`,
  expiry: sql<number>`coalesce(${s.expiryWarningDays}, ${d.expiry_warning_days})`,
  negative: sql<boolean>`coalesce(${s.allowNegativeStock}, false)`,
  date: sql<string | null>`to_char(${s.forecastDate}, 'YYYY-MM-DD')`,
};

/**
 * Each practice's forecasting and stock settings (the notes' `configuration` list): one row per practice,
 * its defaults until someone saves it.
 */
export const configurationList: ListDefinition<Omit<ConfigurationRow, 'can_update'>> = {
  path: '/api/admin/list/configuration',
  columns: {
    id: { type: 'number', expr: dentalPractices.id, sort: true, filter: true },
    dental_practice_name: { type: 'string', expr: dentalPractices.name, sort: true, filter: true, search: true },
    forecast_horizon_weeks: { type: 'number', expr: columns.horizon, sort: true, filter: true, integer: true },
    service_level: { type: 'number', expr: columns.level, sort: true, filter: true },
    lead_time_days: { type: 'number', expr: columns.lead, sort: true, filter: true, integer: true },
    review_period_days: { type: 'number', expr: columns.review, sort: true, filter: true, integer: true },
    dead_stock_days: { type: 'number', expr: columns.dead, sort: true, filter: true, integer: true },
    expiry_warning_days: { type: 'number', expr: columns.expiry, sort: true, filter: true, integer: true },
    allow_negative_stock: { type: 'bool', expr: columns.negative, sort: true, filter: true },
    forecast_date: { type: 'date', expr: s.forecastDate, sort: true, filter: true },
  },
  defaultSort: { field: 'dental_practice_name', direction: 'asc' },
  tiebreaker: dentalPractices.id,
  query: (db: Database) =>
    db
      .select({
        id: dentalPractices.id,
        dental_practice_id: dentalPractices.id,
        dental_practice_name: dentalPractices.name,
        forecast_horizon_weeks: columns.horizon,
        service_level: columns.level,
        lead_time_days: columns.lead,
        review_period_days: columns.review,
        dead_stock_days: columns.dead,
        expiry_warning_days: columns.expiry,
        allow_negative_stock: columns.negative,
        forecast_date: columns.date,
        configured: sql<boolean>`(${s.dentalPracticeId} is not null)`,
        updated_at: s.updatedAt,
      })
      .from(dentalPractices)
      .leftJoin(s, eq(s.dentalPracticeId, dentalPractices.id))
      .$dynamic(),
  present: (row) => ({
    ...(row as Omit<ConfigurationRow, 'can_update' | 'service_level' | 'updated_at'>),
    service_level: Number(row.service_level),
    updated_at: row.updated_at instanceof Date ? row.updated_at.toISOString() : null,
  }),
};
