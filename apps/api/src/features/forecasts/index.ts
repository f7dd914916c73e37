/** What the rest of the API uses of forecasts: import it from here, never from the other files (npm run lint checks). */
export { default as forecastRoutes } from './forecasts.routes.ts';
export { executeForecastRun } from './forecast-run.ts';
export { requestForecastRun } from './forecast-runs.service.ts';
/** What really happened in a forecast's weeks (dashboard chart, forecast report). */
export { weeklyActualsByRef } from './forecast-accuracy.ts';
export { forecastRunJob } from './forecast-jobs.ts';
/** The suggested reorder levels of a practice's inventories from its latest run (also run after every forecast run). */
export { refreshSuggestedLevels } from './forecast-levels.ts';
