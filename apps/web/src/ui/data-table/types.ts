import type { ReactNode } from 'react';
import type { ColumnType } from '@enamel/contracts';

/** One column of the notes' generic data table (§2 "Data tables"). */
export interface DataTableColumn<Row> {
  /** The row property (dot paths such as `practice.name` are read too) and the server's column name. */
  field: string;
  /** Header text, already translated by the caller. */
  title: string;
  /** Decides the filter conditions and the default cell format; default 'string'. */
  type?: ColumnType;
  /** Sortable (header becomes a button with aria-sort). */
  sort?: boolean;
  /** Filterable (header gets a filter popover with the notes' §5 conditions). */
  filter?: boolean;
  /** Searched by the search box; the box shows when at least one column has it. */
  search?: boolean;
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

export interface DataTableProps<Row extends { id: number | string }> {
  /** Key of the persisted preferences (`enamel-table:<tableId>`). */
  tableId: string;
  /** Server-mode list endpoint, e.g. '/api/admin/list/users'. */
  url: string;
  /** Extra query parameters sent with every request, e.g. `{ dental_practice_id: 3 }`. */
  params?: Record<string, string | number | undefined>;
  columns: DataTableColumn<Row>[];
  defaultSort?: SortState;
  /** Sort cycle none → asc → desc → (asc if mandatory, else none). */
  sortMandatory?: boolean;
  /** Double-click within 230 ms, or Enter on a focused row. */
  onRowOpen?: (row: Row) => void;
  /** Rendered in a last column whose header has no visible label. */
  rowActions?: (row: Row) => ReactNode;
  /** Rendered right of the search box (e.g. an "Add" button). */
  toolbar?: ReactNode;
  selectable?: boolean;
  onSelectionChange?: (rows: Row[]) => void;
  /** Shows an "Export CSV" button when set. */
  exportFileName?: string;
  /** Extra react-query key parts, appended to ['list', url, params, request]. */
  queryKey?: unknown[];
  /** data-testid on the root; rows get data-testid="data-table-row". */
  testId?: string;
}
