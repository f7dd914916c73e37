import { passwordResetJob } from './features/auth/index.ts';
import { forecastRunJob } from './features/forecasts/index.ts';
import { importValidateJob, importWriteJob } from './features/imports/index.ts';
import { reportExportJob } from './features/reports/index.ts';
import { schedulerQueueJobs } from './features/scheduler/index.ts';
import { webhookDeliverJob } from './features/webhooks/index.ts';
import type { JobDefinition } from './core/jobs/index.ts';

/** Every job the server runs: the app starts a worker of each at start-up (core/jobs/workers.ts), nowhere else. */
export const JOBS: readonly JobDefinition[] = [
  passwordResetJob,
  importValidateJob,
  importWriteJob,
  reportExportJob,
  forecastRunJob,
  ...schedulerQueueJobs,
  webhookDeliverJob,
] as JobDefinition[];
