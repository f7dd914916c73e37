import { z } from 'zod';
import { configurationRowSchema } from '../configuration.ts';
import { STATUSES } from '../dental-practices.ts';
import { forecastRunSchema } from '../forecasts.ts';
import { listContract } from '../lists.ts';
import { LIST_PATHS } from './list-paths.ts';
import { permissionSchema } from '../permissions.ts';
import { reportExportSchema } from '../reports.ts';
import { schedulerJobSchema } from '../scheduler.ts';

/** GET /api/admin/list/users: roles and practices as names (only the practices the reader may see). */
export const userListContract = listContract({
  path: LIST_PATHS.user,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.enum(STATUSES),
    locale: z.string(),
    roles: z.string(),
    dental_practices: z.string(),
    last_login_at: z.string().nullable(),
    created_at: z.string(),
    can_update: z.boolean().optional().describe('In JSON pages: whether the reader may change this user'),
    can_delete: z.boolean().optional().describe('In JSON pages: whether the reader may deactivate this user'),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    email: { type: 'string', sort: true, filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    locale: { type: 'string', sort: true, filter: true },
    roles: { type: 'string', filter: true, search: true },
    dental_practices: { type: 'string', filter: true, search: true },
    last_login_at: { type: 'date', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/dental-practices. */
export const dentalPracticeListContract = listContract({
  path: LIST_PATHS.dentalPractice,
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    time_zone: z.string(),
    currency: z.string(),
    status: z.enum(STATUSES),
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    code: { type: 'string', sort: true, filter: true, search: true },
    email: { type: 'string', sort: true, filter: true, search: true },
    phone: { type: 'string', filter: true, search: true },
    address: { type: 'string', filter: true, search: true },
    time_zone: { type: 'string', sort: true, filter: true },
    currency: { type: 'string', sort: true, filter: true },
    status: { type: 'string', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/permissions: each rule with the roles that hold it. */
export const permissionListContract = listContract({
  path: LIST_PATHS.permission,
  row: permissionSchema.extend({ roles: z.string() }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    action: { type: 'string', sort: true, filter: true, search: true },
    subject: { type: 'string', sort: true, filter: true, search: true },
    inverted: { type: 'bool', filter: true },
    roles: { type: 'string', filter: true, search: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/logs: the activity log, newest first. */
export const activityLogListContract = listContract({
  path: LIST_PATHS.activityLog,
  row: z.object({
    id: z.number().int(),
    created_at: z.string(),
    user_id: z.number().int().nullable(),
    user_email: z.string().nullable(),
    dental_practice_id: z.number().int().nullable(),
    /** The practice's name today (null for entries of no practice, or of a practice deleted since). */
    dental_practice_name: z.string().nullable(),
    action: z.string(),
    subject: z.string(),
    subject_id: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
    user_id: { type: 'number', sort: true, filter: true },
    user_email: { type: 'string', sort: true, filter: true, search: true },
    dental_practice_id: { type: 'number', sort: true, filter: true },
    dental_practice_name: { type: 'string', sort: true, filter: true, search: true },
    action: { type: 'string', sort: true, filter: true, search: true },
    subject: { type: 'string', sort: true, filter: true, search: true },
    subject_id: { type: 'string', filter: true, search: true },
    ip: { type: 'string', filter: true },
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});

/** GET /api/admin/list/archive-logs: the activity-log archives. */
export const archiveListContract = listContract({
  path: LIST_PATHS.archive,
  row: z.object({
    id: z.number().int(),
    period_start: z.string(),
    period_end: z.string(),
    row_count: z.number().int(),
    size_bytes: z.number().int(),
    checksum: z.string(),
    created_at: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    period_start: { type: 'date', sort: true, filter: true },
    period_end: { type: 'date', sort: true, filter: true },
    row_count: { type: 'number', sort: true, filter: true },
    size_bytes: { type: 'number', sort: true, filter: true },
    checksum: { type: 'string', filter: true, search: true },
    created_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'period_start', direction: 'desc' },
});

/** GET /api/admin/list/configuration: each practice's forecasting and stock settings, its defaults until saved. */
export const configurationListContract = listContract({
  path: LIST_PATHS.configuration,
  row: configurationRowSchema.extend({ can_update: z.boolean().optional().describe('In JSON pages: whether the reader may change these settings') }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    dental_practice_id: { type: 'number', filter: true },
    dental_practice_name: { type: 'string', sort: true, filter: true, search: true },
    forecast_horizon_weeks: { type: 'number', sort: true, filter: true },
    service_level: { type: 'number', sort: true, filter: true },
    lead_time_days: { type: 'number', sort: true, filter: true },
    review_period_days: { type: 'number', sort: true, filter: true },
    dead_stock_days: { type: 'number', sort: true, filter: true },
    expiry_warning_days: { type: 'number', sort: true, filter: true },
    allow_negative_stock: { type: 'bool', sort: true, filter: true },
    forecast_date: { type: 'date', sort: true, filter: true },
    configured: { type: 'bool', filter: true },
    updated_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'dental_practice_name', direction: 'asc' },
});

/** GET /api/admin/list/schedulers: each scheduled job with its last and next run. */
export const schedulerJobListContract = listContract({
  path: LIST_PATHS.schedulerJob,
  row: schedulerJobSchema,
  columns: {
    id: { type: 'number', sort: true, filter: true },
    name: { type: 'string', sort: true, filter: true, search: true },
    cron: { type: 'string', sort: true, filter: true, search: true },
    enabled: { type: 'bool', sort: true, filter: true },
    time_limit_seconds: { type: 'number', sort: true, filter: true },
    updated_at: { type: 'date', sort: true, filter: true },
    last_run_at: { type: 'date', sort: true, filter: true },
    last_status: { type: 'string', sort: true, filter: true },
  },
  defaultSort: { field: 'id', direction: 'asc' },
});

/** GET /api/admin/list/forecast_date: the forecast runs, with their accuracy once their weeks have passed. */
export const forecastRunListContract = listContract({
  path: LIST_PATHS.forecastRun,
  row: forecastRunSchema.extend({
    /** The accuracy's WAPE and coverage as columns (null until measured), to filter and sort on. */
    wape: z.number().nullable(),
    coverage: z.number().nullable(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    dental_practice_id: { type: 'number', filter: true },
    dental_practice_name: { type: 'string', sort: true, filter: true, search: true },
    forecast_date: { type: 'date', sort: true, filter: true },
    status: { type: 'string', sort: true, filter: true },
    horizon_weeks: { type: 'number', sort: true, filter: true },
    level: { type: 'number', sort: true, filter: true },
    requested_by_email: { type: 'string', sort: true, filter: true, search: true },
    created_at: { type: 'date', sort: true, filter: true },
    started_at: { type: 'date', sort: true, filter: true },
    finished_at: { type: 'date', sort: true, filter: true },
    duration_ms: { type: 'number', sort: true, filter: true },
    series_count: { type: 'number', sort: true, filter: true },
    error: { type: 'string', filter: true, search: true },
    wape: { type: 'number', sort: true, filter: true },
    coverage: { type: 'number', sort: true, filter: true },
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});

/** GET /api/admin/list/report-exports: the reader's recent report exports. */
export const reportExportListContract = listContract({
  path: LIST_PATHS.reportExport,
  row: reportExportSchema,
  columns: {
    id: { type: 'number', sort: true, filter: true },
    report: { type: 'string', sort: true, filter: true },
    format: { type: 'string', sort: true, filter: true },
    dental_practice_id: { type: 'number', filter: true },
    dental_practice_name: { type: 'string', sort: true, filter: true, search: true },
    row_count: { type: 'number', sort: true, filter: true },
    created_at: { type: 'date', sort: true, filter: true },
    background: { type: 'bool', filter: true },
    status: { type: 'string', sort: true, filter: true },
    rows_written: { type: 'number', sort: true, filter: true },
    finished_at: { type: 'date', sort: true, filter: true },
    expires_at: { type: 'date', sort: true, filter: true },
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});
