/** The data table's constants (docs/client-contract.md#data-table). */
export const TABLE_MIN_HEIGHT = 180;
export const EXPAND_COLUMN_WIDTH = 36;
export const INDEX_COLUMN_WIDTH = 60;
export const DOUBLE_CLICK_MS = 230;
export const SEARCH_DEBOUNCE_MS = 300;
export const PREFS_PREFIX = 'enamel-table:';
