/** The reports (docs/product-rules.md#reports) that the Generate screen offers (free of zod, so screens may import it cheaply). */
export const REPORT_IDS = ['inventory-valuation', 'stock-movements', 'consumption-by-product', 'consumable-cost-per-code', 'expiring-lots', 'reorder-list', 'dead-stock', 'forecast-vs-actual', 'stock-outs', 'stock-take-accuracy'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The filters a report may take, besides the practice. */
export type ReportFilter = 'as_of' | 'period' | 'days' | 'category' | 'brand' | 'product' | 'procedure_code' | 'view';

/** The query (and URL) parameters of each filter. */
export const REPORT_FILTER_PARAMS: Record<ReportFilter, readonly ReportParam[]> = {
  as_of: ['as_of'],
  period: ['from', 'to'],
  days: ['days'],
  category: ['category_id'],
  brand: ['brand_id'],
  product: ['product_id'],
  procedure_code: ['procedure_code_id'],
  view: ['view'],
};
export type ReportParam = 'as_of' | 'from' | 'to' | 'days' | 'category_id' | 'brand_id' | 'product_id' | 'procedure_code_id' | 'view';

/** Which filters each report reads (the screen shows only these; the server ignores the others). */
export const REPORT_FILTERS: Record<ReportId, readonly ReportFilter[]> = {
  'inventory-valuation': ['as_of', 'category', 'brand', 'product'],
  'stock-movements': ['period', 'view', 'category', 'brand', 'product'],
  'consumption-by-product': ['period', 'category', 'brand', 'product', 'procedure_code'],
  'consumable-cost-per-code': ['period', 'procedure_code'],
  'expiring-lots': ['days', 'category', 'brand', 'product'],
  'reorder-list': ['category', 'brand'],
  'dead-stock': ['as_of', 'days', 'category', 'brand'],
  'forecast-vs-actual': ['as_of', 'product', 'procedure_code'],
  'stock-outs': ['period', 'category', 'brand'],
  'stock-take-accuracy': ['period', 'category'],
};

/** How a report reads: its summary (the default), or one row per ledger line (stock movements). */
export const REPORT_VIEWS = ['summary', 'lines'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

export const REPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type ReportExportFormat = Exclude<ReportFormat, 'json'>;

/** The most rows an export holds: past that it is refused (422) before anything is sent, and the screen says so. */
export const REPORT_EXPORT_MAX_ROWS: Record<ReportExportFormat, number> = { csv: 100_000, xlsx: 100_000, pdf: 5_000 };
/** The most rows a JSON answer carries (its `row_count` tells how many there are; the exports have them all). */
export const REPORT_JSON_MAX_ROWS = 5_000;

/** Kinds of report columns: how a screen formats them and how exports type them. */
export type ReportColumnType = 'text' | 'number' | 'money' | 'date' | 'percent';
