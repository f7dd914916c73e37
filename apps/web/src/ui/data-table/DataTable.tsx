/**
 * DataTable — the one generic, server-mode list table of the app (see docs/client-contract.md#data-table).
 *
 * Usage:
 * ```tsx
 * <DataTable<UserRow>                                  // UserRow = ListRow<typeof userListContract>
 *   tableId="users"                                   // prefs key + list state in the URL
 *   list={userListContract}                           // endpoint, default sort, each column's type and capabilities
 *   params={{ dental_practice_id: practiceId }}       // extra query params (undefined ones are dropped)
 *   columns={[                                        // titles, widths, renderers only
 *     { field: 'id', title: t('users.id'), isUnique: true, width: 80 },
 *     { field: 'name', title: t('users.name') },
 *     { field: 'created_at', title: t('users.created'), hide: true },
 *   ]}
 *   onRowOpen={(row) => navigate(`/admin/users/edit/${row.id}`)}   // double-click (230 ms) or Enter
 *   rowActions={(row) => <RowMenu row={row} />}
 *   toolbar={<Button component={Link} to="/admin/users/create">{t('users.add')}</Button>}
 *   exportFileName="users"                             // "Export CSV" button (same request + format=csv)
 *   testId="users-table"
 * />
 * ```
 *
 * - What a column is and allows (type, sort, filter, search) comes from the list's contract in `@enamel/contracts`,
 *   the declaration the API binds to SQL; a row field that is no contract column is shown only (`displayType`).
 * - The parts live in hooks beside it: `useListView` (view in the URL), `useTablePrefs` (local storage),
 *   `useDebouncedSearch`, `useRowSelection`, `useColumnWidths`, `useRowOpen`, `useCsvExport`, and `cells.tsx` (formats).
 * - Requests `api.get(list.path, { params })` with current_page, pagesize, offset, sort_column, sort_direction,
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
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ColumnFilter, type PageMeta } from '@enamel/contracts';
import { api } from '../../core/api.ts';
import { toAppError } from '../../core/errors.ts';
import { Pagination } from '../pagination/Pagination.tsx';
import { useCellFormat } from './cells.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { EXPAND_COLUMN_WIDTH, TABLE_MIN_HEIGHT } from './constants.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import { FilterControl } from './FilterControl.tsx';
import { buildRequest, nextSort, selectionScope } from './state.ts';
import type { DataTableProps, ResolvedColumn } from './types.ts';
import { useColumnWidths } from './useColumnWidths.ts';
import { useCsvExport } from './useCsvExport.ts';
import { useDebouncedSearch } from './useDebouncedSearch.ts';
import { useListView } from './useListView.ts';
import { useResolvedColumns } from './useResolvedColumns.ts';
import { useRowOpen } from './useRowOpen.ts';
import { useRowSelection } from './useRowSelection.ts';
import { useTablePrefs } from './useTablePrefs.ts';

/**
 * A body cell is a plain `td` with the classes Mantine's Table.Td gives it (the table sets no column borders): a page
 * of 25 rows has hundreds of cells, and each Table.Td resolves its props and styles through the theme.
 */
const BODY_CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

export interface ListResponse<Row> {
  data: Row[];
  meta: PageMeta;
  links?: { first?: string; last?: string; prev?: string | null; next?: string | null };
}

function compactParams(params: Record<string, string | number | undefined> | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) out[key] = value;
  return out;
}

export function DataTable<Row extends { id: number | string }>(props: DataTableProps<Row>) {
  const { tableId, list, params, sortMandatory = false, onRowOpen, rowActions, toolbar, selectable = false, canSelectRow, onSelectionChange, exportFileName, queryKey = [], testId } = props;
  const { t } = useTranslation();
  const formatCell = useCellFormat();
  const url = list.path;
  const columns = useResolvedColumns(list, props.columns);
  // null: no sort of the table's own (the server answers in its default order).
  const defaultSort = props.defaultSort === undefined ? list.defaultSort : (props.defaultSort ?? undefined);

  const [prefs, setPrefs] = useTablePrefs(tableId);
  const pageSize = prefs.pageSize;
  const { view, change, changeType } = useListView(columns, defaultSort);

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

  const { searchText, onSearchInput } = useDebouncedSearch(view.search, (value) => change('search', { search: value }));

  const { rowSelection, onRowSelectionChange } = useRowSelection(selectionScope(view, pageSize), rows, onSelectionChange);

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
    enableRowSelection: selectable ? (row) => (canSelectRow ? canSelectRow(row.original) === true : true) : false,
    state: { columnVisibility, rowSelection },
    onRowSelectionChange,
  });

  const toggleColumn = (field: string, visible: boolean) => setPrefs((p) => ({ ...p, visibility: { ...p.visibility, [field]: visible } }));

  const { widthOf, startResize, keyResize } = useColumnWidths<Row>(prefs, setPrefs);
  const { onRowClick, onRowKey } = useRowOpen(onRowOpen);
  const { exporting, exportCsv } = useCsvExport(url, extraParams, request, exportFileName);

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
                    {(() => {
                      const why = canSelectRow ? canSelectRow(row.original) : true;
                      return (
                        <Checkbox
                          aria-label={why === true ? t('table.selectRow') : why}
                          title={why === true ? undefined : why}
                          size="xs"
                          checked={row.getIsSelected()}
                          disabled={why !== true}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      );
                    })()}
                  </Table.Td>
                )}
                {row.getVisibleCells().map((cell) => {
                  const column = cell.column.columnDef.meta as ResolvedColumn<Row>;
                  return (
                    <td key={cell.id} className={column.cellClass ? `${BODY_CELL_CLASS} ${column.cellClass}` : BODY_CELL_CLASS} style={{ maxWidth: widthOf(column) ?? column.maxWidth, overflowWrap: 'anywhere' }}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
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

