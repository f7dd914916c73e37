import { forecastRuns } from '@enamel/db';
import { runTable } from '../../core/jobs/index.ts';

/** A run still queued or running this long after it started (or was asked for) was interrupted. */
export const STALE_RUN_MINUTES = 15;

/** Forecast runs' rows in the job grammar: failures are keys the screen translates (`jobs.failure.<key>`). */
export const forecastRunRows = runTable(forecastRuns, { staleAfterSeconds: STALE_RUN_MINUTES * 60, interrupted: 'interrupted' });
