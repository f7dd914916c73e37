/** Stock alerts: the conditions that hold in a practice now, and the job that raises and clears their notifications. */
export { alertConditions, runStockAlerts, type AlertCondition } from './stock-alerts.ts';
