/** The dashboard calls (GET /api/admin/dashboard/{widget}, docs/product-rules.md#dashboard); free of zod, so screens may import it cheaply. */
export const DASHBOARD_WIDGETS = [
  'most-frequently-used-items',
  'dead-stock-data',
  'inventory-value-data',
  'cost-of-consumable-inventory',
  'low-stock-data',
  'upcoming-month-critical-items-data',
  'procedure-forecast-data',
  'demand-forecast-data',
  'day-to-zero-data',
  'supply-spend-data',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** Widgets that show money: they also need the right to read the practice's stock (its value). */
export const MONEY_WIDGETS: readonly DashboardWidget[] = ['most-frequently-used-items', 'dead-stock-data', 'inventory-value-data', 'cost-of-consumable-inventory', 'supply-spend-data'];
