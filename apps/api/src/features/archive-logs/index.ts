/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as archiveLogRoutes } from './archive-logs.routes.ts';
export { ARCHIVE_AFTER_DAYS, archiveActivityLogs } from './archive-logs.service.ts';
