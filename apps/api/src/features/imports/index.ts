/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as importRoutes } from './imports.routes.ts';
export { sweepOldJobs } from './import-jobs.ts';
export { importValidateJob, importWriteJob } from './import-jobs.ts';
