/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as reportRoutes } from './reports.routes.ts';
export { sweepExpiredExportFiles } from './report-export-files.ts';
export { reportExportJob } from './report-export-jobs.ts';
