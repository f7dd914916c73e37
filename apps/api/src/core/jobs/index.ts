export { JobQueue, JOB_SCHEMA, QUEUE_LOCK_KEY, type QueuedJob, type WorkOptions } from './queue.ts';
export { defineJob, type JobContext, type JobDefinition, type JobSpec } from './define-job.ts';
export { RunFailure, RunTable, errorText, runTable, type RunFailureKey, type RunTableOptions } from './run-rows.ts';
export { startWorkers } from './workers.ts';
