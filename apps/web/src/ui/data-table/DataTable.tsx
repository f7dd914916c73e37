/**
 * DataTable — the one generic, server-mode list table of the app (notes §2 "Data tables", §3, §4, §5, §9).
 *
 * Usage:
 * ```tsx
 * <DataTable<UserRow>
 *   tableId="users"                                   // prefs key + list state in the URL
 *   url="/api/admin/list/users"
 *   params={{ dental_practice_id: practiceId }}       // extra query params (undefined ones are dropped)
 *   columns={[
 *     { field: 'id', title: t('users.id'), type: 'number', sort: true, isUnique: true, width: 80 },
 *     { field: 'name', title: t('users.name'), sort: true, filter: true, search: true },
 *     { field: 'active', title: t('users.active'), type: 'bool', filter: true },
 *     { field: 'created_at', title: t('users.created'), type: 'date', sort: true, filter: true, hide: true },
 *   ]}
 *   defaultSort={{ field: 'name', direction: 'asc' }}
 *   onRowOpen={(row) => navigate(`/admin/users/edit/${row.id}`)}   // double-click (230 ms) or Enter
 *   rowActions={(row) => <RowMenu row={row} />}
 *   toolbar={<Button component={Link} to="/admin/users/create">{t('users.add')}</Button>}
 *   exportFileName="users"                             // "Export CSV" button (same request + format=csv)
 *   testId="users-table"
 * />
 * ```
 *
 * - Requests `api.get(url, { params })` with current_page, pagesize, offset, sort_column, sort_direction,
 *   search, column_filters (JSON `[{field, condition, value}]`) and change_type; expects `{ data, meta, links }`.
 *   The react-query key is `['list', url, params, request, ...queryKey]`, so `invalidateQueries({ queryKey: ['list', url] })`
 *   refreshes the table after a write.
 * - Page, sort, search and filters live in the URL search params (`page`, `sort=<field>.<asc|desc>|none`,
 *   `search`, `filters`); page size, column choice and widths live in localStorage under `enamel-table:<tableId>`.
 * - Filter, search and page-size changes go back to page 1; selection clears on page, sort, filter, search
 *   and page-size change. The search box shows when at least one column has `search: true`.
 * - `html` cells are sanitised with DOMPurify; `cellRenderer` wins over every default format.
 * - One table per screen: the URL params are not prefixed, so two tables on one screen would share them.
 * - Declare `columns` outside the render or in useMemo (a new array each render works, but re-derives the model).
 * - Active filters show as removable chips above the table; a 422 from the server (e.g. a rejected filter)
 *   shows its message in an alert; an export failure shows an error toast (notifyError).
 * - Must render inside a react-router router and the app's Providers.
 */
import { Alert, Badge, Box, Button, CloseButton, Checkbox, Group, LoadingOverlay, NativeSelect, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type Updater, type VisibilityState } from '@tanstack/react-table';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation, useSearchParams } from 'react-router';
import { PAGE_SIZES, type ColumnFilter, type ListColumnDeclaration, type ListContract, type PageMeta } from '@enamel/contracts';
import { dateTimeFormat, numberFormat } from '../../core/format.ts';
import { api } from '../../core/api.ts';
import { toAppError } from '../../core/errors.ts';
import { notifyError } from '../../core/notify.ts';
import { Pagination } from '../pagination/Pagination.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { DOUBLE_CLICK_MS, EXPAND_COLUMN_WIDTH, SEARCH_DEBOUNCE_MS, TABLE_MIN_HEIGHT } from './constants.ts';
import { blobErrorMessage, saveFile } from './csv.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import { FilterControl } from './FilterControl.tsx';
import { loadPrefs, savePrefs, type TablePrefs } from './prefs.ts';
import { sanitizeHtml } from './sanitize.ts';
import { applyChange, buildRequest, nextSort, readView, selectionScope, writeView, type ChangeType } from './state.ts';
import type { DataTableColumn, DataTableProps, ResolvedColumn, SortState } from './types.ts';

export interface ListResponse<Row> {
  data: Row[];
  meta: PageMeta;
  links?: { first?: string; last?: string; prev?: string | null; next?: string | null };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"], [role="checkbox"], [data-no-row-open]';

/** Reads `a.b.c` from a row. */
export function readField(row: unknown, field: string): unknown {
  let value: unknown = row;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Any value as cell text (objects as JSON). */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

function compactParams(params: Record<string, string | number | undefined> | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) out[key] = value;
  return out;
}

function useCellFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    <Row,>(column: ResolvedColumn<Row>, row: Row) => {
      if (column.cellRenderer) return column.cellRenderer(row);
      const value = readField(row, column.field);
      if (column.html) return <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />;
      if (value === null || value === undefined || value === '') return '';
      switch (column.type) {
        case 'bool':
          return t(value === true || value === 1 || value === 'true' || value === '1' ? 'table.yes' : 'table.no');
        case 'number':
          return typeof value === 'number' ? numberFormat(locale).format(value) : toText(value);
        case 'date': {
          if (typeof value !== 'string' && typeof value !== 'number') return '';
          const date = new Date(value);
          if (Number.isNaN(date.getTime())) return String(value);
          const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
          return dateTimeFormat(locale, dateOnly ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
        }
        default:
          return toText(value);
      }
    },
    [t, locale],
  );
}

/** The screen's columns with their contract's type and capabilities; a field that is no contract column is shown only. */
function useResolvedColumns<Row>(list: ListContract, columns: DataTableColumn<Row>[]): ResolvedColumn<Row>[] {
  return useMemo(
    () =>
      columns.map((column) => {
        const declared = (list.columns as Record<string, ListColumnDeclaration | undefined>)[column.field];
        return declared
          ? { ...column, type: declared.type, sort: !!declared.sort, filter: !!declared.filter, search: !!declared.search }
          : { ...column, type: column.displayType ?? 'string', sort: false, filter: false, search: false };
      }),
    [list, columns],
  );
}

export function DataTable<Row extends { id: number | string }>(props: DataTableProps<Row>) {
  const { tableId, list, params, sortMandatory = false, onRowOpen, rowActions, toolbar, selectable = false, onSelectionChange, exportFileName, queryKey = [], testId } = props;
  const { t } = useTranslation();
  const formatCell = useCellFormat();
  const url = list.path;
  const columns = useResolvedColumns(list, props.columns);
  // null: no sort of the table's own (the server answers in its default order).
  const defaultSort = props.defaultSort === undefined ? list.defaultSort : (props.defaultSort ?? undefined);

  // ---- preferences (local storage) -------------------------------------------------------
  const [prefs, setPrefsState] = useState<TablePrefs>(() => loadPrefs(tableId));
  const setPrefs = useCallback(
    (update: (previous: TablePrefs) => TablePrefs) => {
      setPrefsState((previous) => {
        const next = update(previous);
        savePrefs(tableId, next);
        return next;
      });
    },
    [tableId],
  );
  const pageSize = prefs.pageSize;

  // ---- list view (URL) --------------------------------------------------------------------
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readView(searchParams, columns, defaultSort), [searchParams, columns, defaultSort]);
  const changeType = useRef<ChangeType>('page');
  const change = useCallback(
    (type: ChangeType, patch: { page?: number; sort?: SortState | null; search?: string; filters?: ColumnFilter[] } = {}) => {
      changeType.current = type;
      setSearchParams((current) => writeView(current, applyChange(readView(current, columns, defaultSort), { type, ...patch }), defaultSort), { replace: true });
    },
    [setSearchParams, columns, defaultSort],
  );

  // ---- data -------------------------------------------------------------------------------
  const extraParams = useMemo(() => compactParams(params), [params]);
  const request = useMemo(() => buildRequest(view, pageSize), [view, pageSize]);
  const query = useQuery({
    queryKey: ['list', url, extraParams, request, ...queryKey],
    queryFn: async ({ signal }) => {
      const response = await api.get<ListResponse<Row>>(url, { params: { ...extraParams, ...request, change_type: changeType.current }, signal });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
  // The first page of rows is rendered in the background (a deferred value: React renders it in slices and keeps
  // the page responsive, which matters most while the screen loads); until it is, the loading row shows. Later
  // pages (paging, sorting, search, refetches) replace the rows at once, as they come.
  const deferredData = useDeferredValue(query.data);
  const rendering = deferredData === undefined && query.data !== undefined;
  const listData = rendering ? undefined : query.data;
  const rows = useMemo(() => listData?.data ?? [], [listData]);
  const meta = listData?.meta;

  // A page past the end (rows deleted, a stale shared link) moves to the last page.
  useEffect(() => {
    if (meta && !rendering && !query.isPlaceholderData && rows.length === 0 && meta.total > 0 && view.page > meta.last_page) change('page', { page: meta.last_page });
  }, [meta, rendering, rows.length, view.page, query.isPlaceholderData, change]);

  // ---- search (debounced) -----------------------------------------------------------------
  const [searchText, setSearchText] = useState(view.search);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchPending = useRef(false);
  const [syncedSearch, setSyncedSearch] = useState(view.search);
  if (syncedSearch !== view.search) {
    // The URL's search changed (a link, back/forward, or our own debounce): show it in the box.
    setSyncedSearch(view.search);
    if (!searchPending.current && searchText.trim() !== view.search.trim()) setSearchText(view.search);
  }
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // A search typed just before leaving the screen must not pull the user back to it.
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle';
  const onSearchInput = (value: string) => {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchPending.current = true;
    const scheduledOn = window.location.pathname;
    searchTimer.current = setTimeout(() => {
      searchPending.current = false;
      if (leaving.current || window.location.pathname !== scheduledOn) return;
      if (value.trim() !== view.search.trim()) change('search', { search: value });
    }, SEARCH_DEBOUNCE_MS);
  };

  // ---- selection (cleared when the page, sort, filters, search or page size change) --------
  const scope = selectionScope(view, pageSize);
  const [selection, setSelection] = useState<{ scope: string; ids: RowSelectionState }>({ scope, ids: {} });
  const rowSelection = selection.scope === scope ? selection.ids : {};
  const notifiedCount = useRef(0);
  const onSelectionChangeRef = useRef(onSelectionChange);
  useEffect(() => {
    onSelectionChangeRef.current = onSelectionChange;
  });
  useEffect(() => {
    if (notifiedCount.current > 0) {
      notifiedCount.current = 0;
      onSelectionChangeRef.current?.([]);
    }
  }, [scope]);
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    setSelection({ scope, ids: next });
    const selected = rows.filter((row) => next[String(row.id)]);
    notifiedCount.current = selected.length;
    onSelectionChange?.(selected);
  };

  // ---- columns ----------------------------------------------------------------------------
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.map((c) => [c.field, c.isUnique ? true : (prefs.visibility[c.field] ?? !c.hide)])),
    [columns, prefs.visibility],
  );
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () => columns.map((column) => ({ id: column.field, header: column.title, cell: ({ row }) => formatCell(column, row.original), meta: column, enableHiding: !column.isUnique })),
    [columns, formatCell],
  );
  const table = useReactTable<Row>({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: selectable,
    state: { columnVisibility, rowSelection },
    onRowSelectionChange,
  });

  const toggleColumn = (field: string, visible: boolean) => setPrefs((p) => ({ ...p, visibility: { ...p.visibility, [field]: visible } }));

  // ---- column widths (drag or arrow keys on the handle; persisted) ------------------------
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({});
  const widthOf = (column: DataTableColumn<Row>) => liveWidths[column.field] ?? prefs.widths[column.field] ?? column.width;
  const clampWidth = (column: DataTableColumn<Row>, width: number) => Math.round(Math.min(column.maxWidth ?? 2000, Math.max(column.minWidth ?? 48, width)));
  const saveWidth = (column: DataTableColumn<Row>, width: number) => {
    setLiveWidths((w) => {
      const next = { ...w };
      delete next[column.field];
      return next;
    });
    setPrefs((p) => ({ ...p, widths: { ...p.widths, [column.field]: clampWidth(column, width) } }));
  };
  const startResize = (column: DataTableColumn<Row>) => (event: ReactPointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const th = event.currentTarget.closest('th');
    const startWidth = th?.getBoundingClientRect().width || widthOf(column) || 150;
    const startX = event.clientX;
    let width = startWidth;
    const move = (e: PointerEvent) => {
      width = clampWidth(column, startWidth + e.clientX - startX);
      setLiveWidths((w) => ({ ...w, [column.field]: width }));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      saveWidth(column, width);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const keyResize = (column: DataTableColumn<Row>) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const th = event.currentTarget.closest('th');
    const current = widthOf(column) ?? (th?.getBoundingClientRect().width || 150);
    saveWidth(column, current + (event.key === 'ArrowRight' ? 10 : -10));
  };

  // ---- rows: double-click within 230 ms, or Enter ----------------------------------------
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const onRowClick = (row: Row) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowOpen || (event.target as HTMLElement).closest(INTERACTIVE)) return;
    const now = Date.now();
    const id = String(row.id);
    const previous = lastClick.current;
    if (previous && previous.id === id && now - previous.at <= DOUBLE_CLICK_MS) {
      lastClick.current = null;
      onRowOpen(row);
    } else {
      lastClick.current = { id, at: now };
    }
  };
  const onRowKey = (row: Row) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && onRowOpen && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen(row);
    }
  };

  // ---- CSV export ---------------------------------------------------------------------------
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!exportFileName) return;
    setExporting(true);
    try {
      const { sort_column, sort_direction, search, column_filters } = request;
      const csvParams = { ...extraParams, sort_column, sort_direction, search, column_filters, format: 'csv' };
      const response = await api.get<Blob>(url, { params: csvParams, responseType: 'blob' });
      saveFile(response.data, exportFileName);
    } catch (error) {
      notifyError((await blobErrorMessage(error)) ?? (error instanceof Error && 'isAxiosError' in error && (error as { response?: unknown }).response ? toAppError(error, t).message : t('table.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  // ---- render -----------------------------------------------------------------------------
  const visibleColumns = table.getVisibleLeafColumns().map((c) => c.columnDef.meta as ResolvedColumn<Row>);
  const hasSearch = columns.some((c) => c.search);
  const filterOf = (field: string) => view.filters.find((f) => f.field === field);
  const setFilter = (field: string, filter: ColumnFilter | null) =>
    change('filter', { filters: [...view.filters.filter((f) => f.field !== field), ...(filter ? [filter] : [])] });
  const describeFilter = (filter: ColumnFilter) => {
    const column = columns.find((c) => c.field === filter.field);
    const title = column?.title ?? filter.field;
    if (column?.type === 'bool') return `${title}: ${t(`table.bool.${filter.value === true ? 'true' : 'false'}`)}`;
    const condition = t(`table.conditions.${filter.condition}`);
    return filter.value === undefined || filter.value === null ? `${title} ${condition}` : `${title} ${condition} ${String(filter.value)}`;
  };
  const colSpan = visibleColumns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const error = query.isError ? toAppError(query.error, t) : null;
  const showEmpty = !query.isPending && !query.isError && !rendering && rows.length === 0;

  return (
    <Box data-testid={testId} data-table-id={tableId}>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          {hasSearch && (
            <TextInput
              aria-label={t('table.search')}
              placeholder={t('table.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(event) => onSearchInput(event.currentTarget.value)}
              size="sm"
              type="search"
              data-testid="data-table-search"
            />
          )}
          {toolbar}
        </Group>
        <Group gap="sm">
          {view.filters.length > 0 && (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => change('filter', { filters: [] })}>
              {t('table.clearFilters')}
            </Button>
          )}
          <ColumnsMenu columns={columns} isVisible={(field) => columnVisibility[field] !== false} onToggle={toggleColumn} />
          {exportFileName && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void exportCsv()} data-testid="data-table-export">
              {t('table.exportCsv')}
            </Button>
          )}
        </Group>
      </Group>

      {view.filters.length > 0 && (
        <Group gap="xs" mb="sm" data-testid="data-table-active-filters">
          {view.filters.map((filter) => {
            const text = describeFilter(filter);
            return (
              <Badge
                key={filter.field}
                variant="light"
                size="lg"
                tt="none"
                fw={500}
                rightSection={<CloseButton size="xs" aria-label={t('table.removeFilter', { filter: text })} onClick={() => setFilter(filter.field, null)} />}
              >
                {text}
              </Badge>
            );
          })}
        </Group>
      )}

      {error && (
        <Alert color="red" mb="sm" role="alert" title={error.status === 422 ? undefined : t('table.loadFailed')} data-testid="data-table-error">
          {error.message}
        </Alert>
      )}

      <Box pos="relative" mih={TABLE_MIN_HEIGHT} style={{ overflowX: 'auto' }}>
        <LoadingOverlay visible={query.isFetching || rendering} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ color: 'green' }} />
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={query.isFetching || rendering} data-testid="data-table">
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th style={{ width: EXPAND_COLUMN_WIDTH, minWidth: EXPAND_COLUMN_WIDTH }}>
                  <Checkbox
                    aria-label={t('table.selectAll')}
                    size="xs"
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                    disabled={rows.length === 0}
                  />
                </Table.Th>
              )}
              {visibleColumns.map((column) => {
                const sorted = view.sort?.field === column.field ? view.sort.direction : null;
                const width = widthOf(column);
                return (
                  <Table.Th
                    key={column.field}
                    className={column.headerClass}
                    aria-sort={column.sort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    style={{ width, minWidth: column.minWidth, maxWidth: column.maxWidth, position: 'relative', whiteSpace: 'nowrap' }}
                    data-field={column.field}
                  >
                    <Group gap={4} wrap="nowrap">
                      {column.sort ? (
                        <UnstyledButton
                          onClick={() => change('sort', { sort: nextSort(view.sort, column.field, sortMandatory) })}
                          fw={600}
                          fz="sm"
                          data-testid={`data-table-sort-${column.field}`}
                        >
                          <Group gap={4} wrap="nowrap">
                            <span>{column.title}</span>
                            {sorted === 'asc' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : sorted === 'desc' ? (
                              <IconArrowDown size={14} aria-hidden />
                            ) : (
                              <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        <span>{column.title}</span>
                      )}
                      {column.filter && (
                        <FilterControl
                          key={JSON.stringify(filterOf(column.field) ?? null)}
                          field={column.field}
                          title={column.title}
                          type={column.type ?? 'string'}
                          value={filterOf(column.field)}
                          onChange={(filter) => setFilter(column.field, filter)}
                        />
                      )}
                    </Group>
                    <ResizeHandle
                      label={t('table.resize', { column: column.title })}
                      width={width}
                      min={column.minWidth ?? 48}
                      max={column.maxWidth ?? 2000}
                      onPointerDown={startResize(column)}
                      onKeyDown={keyResize(column)}
                    />
                  </Table.Th>
                );
              })}
              {rowActions && (
                <Table.Th style={{ width: 1 }}>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid="data-table-row"
                data-row-id={row.id}
                data-selected={selectable && row.getIsSelected() ? true : undefined}
                tabIndex={onRowOpen ? 0 : undefined}
                onClick={onRowClick(row.original)}
                onKeyDown={onRowKey(row.original)}
                style={onRowOpen ? { cursor: 'pointer' } : undefined}
              >
                {selectable && (
                  <Table.Td style={{ width: EXPAND_COLUMN_WIDTH }}>
                    <Checkbox aria-label={t('table.selectRow')} size="xs" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                  </Table.Td>
                )}
                {row.getVisibleCells().map((cell) => {
                  const column = cell.column.columnDef.meta as ResolvedColumn<Row>;
                  return (
                    <Table.Td key={cell.id} className={column.cellClass} style={{ maxWidth: widthOf(column) ?? column.maxWidth, overflowWrap: 'anywhere' }}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
                {rowActions && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-no-row-open>
                    {rowActions(row.original)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {showEmpty && (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <Text ta="center" c="dimmed" py="xl" data-testid="data-table-empty">
                    {t('table.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(query.isPending || rendering) && (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <Text ta="center" c="dimmed" py="xl" role="status">
                    {t('table.loading')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>

      {/* The footer waits for the first page's rows: shown under an empty table, it would jump down when they came. */}
      {query.isPending || rendering ? null : (
        <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
          <Group gap="sm">
            <NativeSelect
              aria-label={t('table.rowsPerPage')}
              size="xs"
              value={String(pageSize)}
              data={PAGE_SIZES.map((size) => String(size))}
              onChange={(event) => {
                const size = Number(event.currentTarget.value);
                setPrefs((p) => ({ ...p, pageSize: size }));
                change('pagesize');
              }}
              data-testid="data-table-pagesize"
            />
            {meta && meta.total > 0 && (
              <Text size="sm" c="dimmed" data-testid="data-table-info">
                {t('table.showing', { from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total })}
              </Text>
            )}
            {selectable && Object.keys(rowSelection).length > 0 && (
              <Text size="sm" fw={500}>
                {t('table.selected', { count: Object.values(rowSelection).filter(Boolean).length })}
              </Text>
            )}
          </Group>
          {listData && <Pagination data={listData} limit={2} align="right" onPageChange={(page) => change('page', { page })} />}
        </Group>
      )}
    </Box>
  );
}

