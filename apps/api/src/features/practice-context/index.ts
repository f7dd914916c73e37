/** A practice as of a date, with its settings and stored forecast run: what the dashboard and the reports read. */
export { practiceContext, type PracticeContext, type PracticeSettings } from './practice-context.ts';
export { labels, runSeries, type StoredSeries } from './run-series.ts';
