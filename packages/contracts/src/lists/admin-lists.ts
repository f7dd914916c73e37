import { z } from 'zod';
import { configurationRowFields } from '../configuration.ts';
import { forecastRunFields } from '../forecasts.ts';
import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { permissionFields } from '../permissions.ts';
import { reportExportFields } from '../reports.ts';
import { schedulerJobFields } from '../scheduler.ts';
import { createdAtField, idField, namedFields, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

const text = col.text({ sort: true, filter: true, search: true });
const searched = col.text({ filter: true, search: true });
const date = col.date({ sort: true, filter: true });

/** GET /api/admin/list/users: roles and practices as names (only the practices the reader may see). */
export const userListContract = listContract({
  path: LIST_PATHS.user,
  fields: {
    ...namedFields,
    email: text,
    status: statusField,
    locale: col.text({ sort: true, filter: true }),
    roles: searched,
    dental_practices: searched,
    last_login_at: col.nullable(date),
    created_at: createdAtField,
    can_update: col.field(z.boolean().optional().describe('In JSON pages: whether the reader may change this user')),
    can_delete: col.field(z.boolean().optional().describe('In JSON pages: whether the reader may deactivate this user')),
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/dental-practices. */
export const dentalPracticeListContract = listContract({
  path: LIST_PATHS.dentalPractice,
  fields: {
    ...namedFields,
    code: text,
    email: col.nullable(text),
    phone: col.nullable(searched),
    address: col.nullable(searched),
    time_zone: col.text({ sort: true, filter: true }),
    currency: col.text({ sort: true, filter: true }),
    status: statusField,
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/permissions: each rule with the roles that hold it. */
export const permissionListContract = listContract({
  path: LIST_PATHS.permission,
  fields: { ...permissionFields, roles: searched },
  defaultSort: { field: 'name', direction: 'asc' },
});

/** GET /api/admin/list/logs: the activity log, newest first. */
export const activityLogListContract = listContract({
  path: LIST_PATHS.activityLog,
  fields: {
    id: idField,
    created_at: createdAtField,
    user_id: col.nullable(col.int({ sort: true, filter: true })),
    user_email: col.nullable(text),
    dental_practice_id: col.nullable(col.int({ sort: true, filter: true })),
    /** The practice's name today (null for entries of no practice, or of a practice deleted since). */
    dental_practice_name: col.nullable(text),
    action: text,
    subject: text,
    subject_id: col.nullable(searched),
    before: col.field(z.record(z.string(), z.unknown()).nullable()),
    after: col.field(z.record(z.string(), z.unknown()).nullable()),
    ip: col.nullable(col.text({ filter: true })),
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});

/** GET /api/admin/list/archive-logs: the activity-log archives. */
export const archiveListContract = listContract({
  path: LIST_PATHS.archive,
  fields: {
    id: idField,
    period_start: date,
    period_end: date,
    row_count: col.int({ sort: true, filter: true }),
    size_bytes: col.int({ sort: true, filter: true }),
    checksum: searched,
    created_at: createdAtField,
  },
  defaultSort: { field: 'period_start', direction: 'desc' },
});

/** GET /api/admin/list/configuration: each practice's forecasting and stock settings, its defaults until saved. */
export const configurationListContract = listContract({
  path: LIST_PATHS.configuration,
  fields: { ...configurationRowFields, can_update: col.field(z.boolean().optional().describe('In JSON pages: whether the reader may change these settings')) },
  defaultSort: { field: 'dental_practice_name', direction: 'asc' },
});

/** GET /api/admin/list/schedulers: each scheduled job with its last and next run. */
export const schedulerJobListContract = listContract({
  path: LIST_PATHS.schedulerJob,
  fields: schedulerJobFields,
  defaultSort: { field: 'id', direction: 'asc' },
});

/** GET /api/admin/list/forecast_date: the forecast runs, with their accuracy once their weeks have passed. */
export const forecastRunListContract = listContract({
  path: LIST_PATHS.forecastRun,
  fields: {
    ...forecastRunFields,
    /** The accuracy's WAPE and coverage as columns (null until measured), to filter and sort on. */
    wape: col.nullable(col.number({ sort: true, filter: true })),
    coverage: col.nullable(col.number({ sort: true, filter: true })),
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});

/** GET /api/admin/list/report-exports: the reader's recent report exports. */
export const reportExportListContract = listContract({
  path: LIST_PATHS.reportExport,
  fields: reportExportFields,
  defaultSort: { field: 'created_at', direction: 'desc' },
});
