/** The reports of PRODUCT.md §7 that the Generate screen offers (free of zod, so screens may import it cheaply). */
export const REPORT_IDS = ['inventory-valuation', 'stock-movements', 'consumption-by-product', 'consumable-cost-per-code', 'expiring-lots', 'reorder-list', 'dead-stock', 'forecast-vs-actual'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The filters a report may take, besides the practice. */
export type ReportFilter = 'as_of' | 'period' | 'days' | 'category' | 'brand';

/** Which filters each report reads (the screen shows only these). */
export const REPORT_FILTERS: Record<ReportId, readonly ReportFilter[]> = {
  'inventory-valuation': ['as_of', 'category', 'brand'],
  'stock-movements': ['period', 'category', 'brand'],
  'consumption-by-product': ['period', 'category', 'brand'],
  'consumable-cost-per-code': ['period'],
  'expiring-lots': ['days', 'category', 'brand'],
  'reorder-list': ['category', 'brand'],
  'dead-stock': ['as_of', 'days', 'category', 'brand'],
  'forecast-vs-actual': ['as_of'],
};

/** Kinds of report columns: how a screen formats them and how exports type them. */
export type ReportColumnType = 'text' | 'number' | 'money' | 'date' | 'percent';
