export { DataTable, type ListResponse } from './DataTable.tsx';
export { readField } from './cells.tsx';
export type { DataTableColumn, DataTableProps, SortDirection, SortState } from './types.ts';
export { DOUBLE_CLICK_MS, EXPAND_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, SEARCH_DEBOUNCE_MS, TABLE_MIN_HEIGHT } from './constants.ts';
export { prefsKey, loadPrefs, type TablePrefs } from './prefs.ts';
export { nextSort, type ChangeType, type ListView } from './state.ts';
export { sanitizeHtml } from './sanitize.ts';
