import { passwordResetJob } from './features/auth/password-reset.service.ts';
import { forecastRunJob } from './features/forecasts/forecast-jobs.ts';
import { importValidateJob, importWriteJob } from './features/imports/import-jobs.ts';
import { reportExportJob } from './features/reports/report-export-jobs.ts';
import { schedulerQueueJobs } from './features/scheduler/scheduler.service.ts';
import type { JobDefinition } from './core/jobs/index.ts';

/** Every job the server runs: the app starts a worker of each at start-up (core/jobs/workers.ts), nowhere else. */
export const JOBS: readonly JobDefinition[] = [
  passwordResetJob,
  importValidateJob,
  importWriteJob,
  reportExportJob,
  forecastRunJob,
  ...schedulerQueueJobs,
] as JobDefinition[];
