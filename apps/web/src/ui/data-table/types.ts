import type { ReactNode } from 'react';
import type { ColumnType, ListContract } from '@enamel/contracts';

/**
 * One column of the generic data table (docs/client-contract.md#data-table), as a screen shows it: its title,
 * width and renderer. What it is and what a reader may do with it (type, sort, filter, search) comes
 * from the list's contract, never from the screen.
 */
export interface DataTableColumn<Row> {
  /** A field of the row (and, for a contract column, the server's column name). */
  field: keyof Row & string;
  /** Header text, already translated by the caller. */
  title: string;
  /** Default cell format of a field the contract does not declare as a column (shown only); default 'string'. */
  displayType?: ColumnType;
  /** Hidden by default; the user can show it from the column menu. */
  hide?: boolean;
  /** The column that identifies a row: it cannot be hidden. */
  isUnique?: boolean;
  /** The value is HTML; it is sanitised with DOMPurify before rendering. */
  html?: boolean;
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  headerClass?: string;
  cellClass?: string;
  cellRenderer?: (row: Row) => ReactNode;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

/** A column with what its list's contract declares about it (type and capabilities). */
export interface ResolvedColumn<Row> extends DataTableColumn<Row> {
  type: ColumnType;
  sort: boolean;
  filter: boolean;
  search: boolean;
}

export interface DataTableProps<Row extends { id: number | string }> {
  /** Key of the persisted preferences (`enamel-table:<tableId>`). */
  tableId: string;
  /** The list's contract: its endpoint (`path`), default sort, and each column's type and capabilities. */
  list: ListContract;
  /** Extra query parameters sent with every request, e.g. `{ dental_practice_id: 3 }`. */
  params?: Record<string, string | number | undefined>;
  columns: DataTableColumn<Row>[];
  /** Overrides the contract's default sort (null: none shown, the server's default order). */
  defaultSort?: SortState | null;
  /** Sort cycle none → asc → desc → (asc if mandatory, else none). */
  sortMandatory?: boolean;
  /** Double-click within 230 ms, or Enter on a focused row. */
  onRowOpen?: (row: Row) => void;
  /** Rendered in a last column whose header has no visible label. */
  rowActions?: (row: Row) => ReactNode;
  /** Rendered right of the search box (e.g. an "Add" button). */
  toolbar?: ReactNode;
  selectable?: boolean;
  /** Whether a row may be selected (default: every row); a row that may not shows a disabled box titled with the reason. */
  canSelectRow?: (row: Row) => true | string;
  onSelectionChange?: (rows: Row[]) => void;
  /** Shows an "Export CSV" button when set. */
  exportFileName?: string;
  /** Extra react-query key parts, appended to ['list', url, params, request]. */
  queryKey?: unknown[];
  /** data-testid on the root; rows get data-testid="data-table-row". */
  testId?: string;
}
