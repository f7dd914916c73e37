/** What other features use of forecasts: what really happened in a forecast's weeks (dashboard chart, forecast report). */
export { weeklyActualsByRef } from './forecast-accuracy.ts';
