import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { col, listContract, type ListRow } from '@enamel/contracts';
import { stubHttp, type Reply } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { DataTable, type DataTableColumn, type DataTableProps } from './index.ts';

const URL = '/api/admin/list/items';
/** A list as a contract declares it: `note` and `secret` are fields shown only. */
const itemList = listContract({
  path: URL,
  fields: {
    id: col.int({ sort: true }),
    name: col.text({ sort: true, filter: true, search: true }),
    qty: col.int({ sort: true, filter: true }),
    active: col.bool({ filter: true }),
    note: col.field(z.string().optional()),
    secret: col.field(z.string().optional()),
  },
  defaultSort: { field: 'id', direction: 'asc' },
});
type Item = ListRow<typeof itemList>;
const columns: DataTableColumn<Item>[] = [
  { field: 'id', title: 'ID', isUnique: true },
  { field: 'name', title: 'Name' },
  { field: 'qty', title: 'Quantity' },
  { field: 'active', title: 'Active' },
  { field: 'note', title: 'Note', html: true },
];

const items = (count: number, start = 1): Item[] => Array.from({ length: count }, (_, i) => ({ id: start + i, name: `Item ${start + i}`, qty: i, active: i % 2 === 0 }));

/** A server that pages `total` rows and records every request's params. */
function server(total: number, override?: (params: Record<string, unknown>) => Reply | undefined) {
  const requests: Record<string, unknown>[] = [];
  const handler = (config: InternalAxiosRequestConfig): Reply => {
    const params = { ...(config.params as Record<string, unknown>) };
    requests.push(params);
    const custom = override?.(params);
    if (custom) return custom;
    const page = Number(params.current_page ?? 1);
    const per = Number(params.pagesize ?? 25);
    const from = (page - 1) * per + 1;
    const count = Math.max(0, Math.min(per, total - from + 1));
    return {
      status: 200,
      data: {
        data: items(count, from),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / per)), per_page: per, total, from: count ? from : null, to: count ? from + count - 1 : null },
        links: { first: '', last: '', prev: page > 1 ? 'p' : null, next: page * per < total ? 'n' : null },
      },
    };
  };
  const http = stubHttp(api, { [`GET ${URL}`]: handler });
  return { requests, http, last: () => requests[requests.length - 1] ?? {} };
}

function renderTable(props: Partial<DataTableProps<Item>> = {}, path = '/') {
  return renderRoutes([{ path: '/', element: <DataTable<Item> tableId="items" list={itemList} columns={columns} defaultSort={null} testId="items-table" {...props} /> }], path);
}

const rows = () => screen.queryAllByTestId('data-table-row');
/** Popovers mount with `display: none` and fade in: wait until the element is shown. */
async function shown<T extends HTMLElement>(find: Promise<T>): Promise<T> {
  const element = await find;
  await waitFor(() => expect(element.closest('[style*="display: none"]')).toBeNull());
  return element;
}
const header = (title: string) => screen.getByRole('columnheader', { name: new RegExp(title) });

describe('DataTable', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    restore();
    vi.restoreAllMocks();
  });

  it('sends the server-mode request as query params with the extra params', async () => {
    const s = server(3);
    restore = s.http.restore;
    renderTable({ params: { dental_practice_id: 3, skipped: undefined }, defaultSort: { field: 'name', direction: 'asc' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(s.requests[0]).toEqual({ dental_practice_id: 3, current_page: 1, pagesize: 25, offset: 0, sort_column: 'name', sort_direction: 'asc', change_type: 'page' });
    expect(screen.getByTestId('data-table-info').textContent).toBe('Showing 1 to 3 of 3 entries');
    expect(screen.queryByTestId('pagination')).toBeNull();
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
  });

  it("shows 'No Available Data' when the list is empty", async () => {
    restore = server(0).http.restore;
    renderTable();
    expect((await screen.findByTestId('data-table-empty')).textContent).toBe('No Available Data');
  });

  it('cycles sort none → asc → desc → none', async () => {
    const s = server(3);
    restore = s.http.restore;
    const { router } = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(s.last().sort_column).toBeUndefined();
    expect(header('Quantity').getAttribute('aria-sort')).toBe('none');
    const click = () => fireEvent.click(screen.getByTestId('data-table-sort-qty'));

    click();
    await waitFor(() => expect(s.last()).toMatchObject({ sort_column: 'qty', sort_direction: 'asc', change_type: 'sort' }));
    expect(header('Quantity').getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toContain('sort=qty.asc');
    click();
    await waitFor(() => expect(s.last()).toMatchObject({ sort_column: 'qty', sort_direction: 'desc' }));
    click();
    await waitFor(() => expect(header('Quantity').getAttribute('aria-sort')).toBe('none'));
    // Back to the unsorted first request: served from cache or refetched without sort.
    expect(s.requests.filter((r) => r.sort_column === undefined).length).toBeGreaterThanOrEqual(1);
  });

  it('cycles sort asc → desc → asc when sorting is mandatory', async () => {
    const s = server(3);
    restore = s.http.restore;
    const { router } = renderTable({ defaultSort: { field: 'id', direction: 'asc' }, sortMandatory: true });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('data-table-sort-id'));
    await waitFor(() => expect(s.last()).toMatchObject({ sort_column: 'id', sort_direction: 'desc' }));
    fireEvent.click(screen.getByTestId('data-table-sort-id'));
    await waitFor(() => expect(header('ID').getAttribute('aria-sort')).toBe('ascending'));
    expect(router.state.location.search).not.toContain('sort=');
    // Another column starts at ascending.
    fireEvent.click(screen.getByTestId('data-table-sort-name'));
    await waitFor(() => expect(s.last()).toMatchObject({ sort_column: 'name', sort_direction: 'asc' }));
  });

  it('pages through the pagination control and keeps the page in the URL', async () => {
    const s = server(60);
    restore = s.http.restore;
    const { router } = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(25));
    fireEvent.click(within(screen.getByTestId('pagination')).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(s.last()).toMatchObject({ current_page: 3, offset: 50, change_type: 'page' });
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByTestId('data-table-info').textContent).toBe('Showing 51 to 60 of 60 entries');
  });

  it('restores page, sort, search and filters from the URL', async () => {
    const s = server(60);
    restore = s.http.restore;
    const filters = JSON.stringify([{ field: 'qty', condition: 'greater_than', value: 2 }]);
    renderTable({}, `/?page=2&sort=name.desc&search=abc&filters=${encodeURIComponent(filters)}`);
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(s.requests[0]).toMatchObject({ current_page: 2, sort_column: 'name', sort_direction: 'desc', search: 'abc', column_filters: filters });
    expect(screen.getByTestId<HTMLInputElement>('data-table-search').value).toBe('abc');
  });

  it('goes back to page 1 when the page size changes, and persists the size', async () => {
    const s = server(120);
    restore = s.http.restore;
    renderTable({}, '/?page=3');
    await waitFor(() => expect(s.last()).toMatchObject({ current_page: 3 }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    await waitFor(() => expect(s.last()).toMatchObject({ current_page: 1, pagesize: 50, change_type: 'pagesize' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(JSON.parse(localStorage.getItem('enamel-table:items') ?? '{}')).toMatchObject({ pageSize: 50 });
  });

  it('shows a search that arrives through the URL', async () => {
    restore = server(3).http.restore;
    const { router } = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await act(() => router.navigate('/?search=mirror'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('data-table-search').value).toBe('mirror'));
  });

  it('goes back to page 1 after a debounced search', async () => {
    const s = server(60);
    restore = s.http.restore;
    renderTable({}, '/?page=2');
    await waitFor(() => expect(rows()).toHaveLength(25));
    const before = s.requests.length;
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'fl' } });
    fireEvent.change(box, { target: { value: 'floss' } });
    await waitFor(() => expect(s.last()).toMatchObject({ search: 'floss', current_page: 1, change_type: 'search' }));
    // Two keystrokes inside the debounce window make one request.
    expect(s.requests.length).toBe(before + 1);
  });

  it('applies a typed filter from the header and goes back to page 1', async () => {
    const s = server(60);
    restore = s.http.restore;
    const { router } = renderTable({}, '/?page=2');
    await waitFor(() => expect(rows()).toHaveLength(25));
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Quantity' }));
    const condition = await shown(screen.findByRole('combobox', { name: 'Condition' }));
    expect(within(condition).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      'equal', 'not_equal', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal', 'is_null', 'is_not_null',
    ]);
    fireEvent.change(condition, { target: { value: 'greater_than_equal' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Value' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(s.last()).toMatchObject({ current_page: 1, change_type: 'filter', column_filters: JSON.stringify([{ field: 'qty', condition: 'greater_than_equal', value: 5 }]) }),
    );
    expect(router.state.location.search).not.toContain('page=2');
    expect(screen.getByRole('button', { name: 'Filter by Quantity' }).getAttribute('aria-pressed')).toBe('true');
    // The active filter is listed and can be removed from there.
    expect(screen.getByTestId('data-table-active-filters').textContent).toBe('Quantity Greater than or equal to 5');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Quantity Greater than or equal to 5' }));
    await waitFor(() => expect(s.last()).toMatchObject({ change_type: 'filter' }));
    await waitFor(() => expect(s.last().column_filters).toBeUndefined());
  });

  it('offers All / True / False for a bool filter', async () => {
    const s = server(3);
    restore = s.http.restore;
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Active' }));
    const select = await shown(screen.findByRole('combobox', { name: 'Value' }));
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'True', 'False']);
    fireEvent.change(select, { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(s.last().column_filters).toBe(JSON.stringify([{ field: 'active', condition: 'equal', value: false }])));
  });

  it("shows a 422's message when the server rejects a filter", async () => {
    const s = server(3, (p) => (p.column_filters ? { status: 422, data: { code: 'validation', message: 'The column filters are invalid.', errors: { column_filters: ['bad'] } } } : undefined));
    restore = s.http.restore;
    renderTable({}, `/?filters=${encodeURIComponent(JSON.stringify([{ field: 'name', condition: 'contain', value: 'x' }]))}`);
    expect((await screen.findByTestId('data-table-error')).textContent).toContain('The column filters are invalid.');
  });

  it('clears the selection on page, sort, filter and page-size change', async () => {
    const s = server(60);
    restore = s.http.restore;
    const onSelectionChange = vi.fn();
    renderTable({ selectable: true, onSelectionChange });
    await waitFor(() => expect(rows()).toHaveLength(25));
    const selectFirst = () => fireEvent.click(within(rows()[0]!).getByRole('checkbox', { name: 'Select row' }));
    const checked = () => screen.getAllByRole<HTMLInputElement>('checkbox', { name: 'Select row' }).filter((c) => c.checked).length;

    selectFirst();
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1 })]);
    expect(checked()).toBe(1);

    fireEvent.click(within(screen.getByTestId('pagination')).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
    await waitFor(() => expect(rows()[0]?.getAttribute('data-row-id')).toBe('26'));
    expect(checked()).toBe(0);

    selectFirst();
    expect(checked()).toBe(1);
    fireEvent.click(screen.getByTestId('data-table-sort-name'));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
    await waitFor(() => expect(checked()).toBe(0));

    selectFirst();
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));

    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    selectFirst();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Name' }));
    fireEvent.change(await shown(screen.findByRole('textbox', { name: 'Value' })), { target: { value: 'Item' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
    expect(checked()).toBe(0);
  }, 20_000);

  it('selects all rows of the page from the header checkbox', async () => {
    restore = server(3).http.restore;
    const onSelectionChange = vi.fn();
    renderTable({ selectable: true, onSelectionChange });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(items(3));
  });

  it('opens a row on a double-click within 230 ms, not on two slow clicks', async () => {
    restore = server(3).http.restore;
    const onRowOpen = vi.fn();
    renderTable({ onRowOpen });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const now = vi.spyOn(Date, 'now');
    const cell = within(rows()[1]!).getByText('Item 2');

    now.mockReturnValue(10_000);
    fireEvent.click(cell);
    now.mockReturnValue(10_300);
    fireEvent.click(cell);
    expect(onRowOpen).not.toHaveBeenCalled();

    now.mockReturnValue(20_000);
    fireEvent.click(cell);
    now.mockReturnValue(20_200);
    fireEvent.click(cell);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    // Clicks on two different rows are not a double-click.
    now.mockReturnValue(30_000);
    fireEvent.click(within(rows()[0]!).getByText('Item 1'));
    now.mockReturnValue(30_100);
    fireEvent.click(cell);
    expect(onRowOpen).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(rows()[2]!, { key: 'Enter' });
    expect(onRowOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('does not open a row from clicks on its actions', async () => {
    restore = server(1).http.restore;
    const onRowOpen = vi.fn();
    const onAction = vi.fn();
    renderTable({ onRowOpen, rowActions: (row) => <button onClick={() => onAction(row.id)}>Edit</button> });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Edit' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onAction).toHaveBeenCalledTimes(2);
    expect(onRowOpen).not.toHaveBeenCalled();
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Actions');
  });

  it('sanitises html cells', async () => {
    const s = server(1, () => ({
      status: 200,
      data: {
        data: [{ id: 1, name: 'x', qty: 1, active: true, note: '<b>bold</b><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:alert(1)">link</a>' }],
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 1, from: 1, to: 1 },
        links: {},
      },
    }));
    restore = s.http.restore;
    renderTable();
    const bold = await screen.findByText('bold');
    expect(bold.tagName).toBe('B');
    const cell = bold.closest('td')!;
    expect(cell.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('persists the column choice and restores it', async () => {
    restore = server(2).http.restore;
    const first = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('data-table-columns'));
    const group = await shown(screen.findByRole('group', { name: 'Choose columns' }));
    expect(within(group).getByRole<HTMLInputElement>('checkbox', { name: 'ID' }).disabled).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Quantity' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Quantity/ })).toBeNull());
    expect(JSON.parse(localStorage.getItem('enamel-table:items') ?? '{}')).toMatchObject({ visibility: { qty: false } });
    first.unmount();

    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('columnheader', { name: /Quantity/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeTruthy();
  });

  it('hides `hide` columns by default and persists a resized width', async () => {
    restore = server(1).http.restore;
    renderTable({ columns: [...columns, { field: 'secret', title: 'Secret', hide: true }] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('columnheader', { name: /Secret/ })).toBeNull();
    const handle = screen.getByRole('separator', { name: 'Resize column Name' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    const saved = JSON.parse(localStorage.getItem('enamel-table:items') ?? '{}') as { widths: Record<string, number> };
    expect(saved.widths.name).toBeGreaterThan(0);
    expect(header('Name').style.width).toBe(`${saved.widths.name}px`);
  });

  it('exports the filtered, sorted list as CSV', async () => {
    const requests: Record<string, unknown>[] = [];
    const http = stubHttp(api, {
      [`GET ${URL}`]: (config) => {
        const params = config.params as Record<string, unknown>;
        requests.push(params);
        if (params.format === 'csv') return { status: 200, data: 'id,name\n1,x\n' };
        return { status: 200, data: { data: items(1), meta: { current_page: 1, last_page: 1, per_page: 25, total: 1, from: 1, to: 1 }, links: {} } };
      },
    });
    restore = http.restore;
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL_API, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTable({ exportFileName: 'items', params: { dental_practice_id: 3 } }, '/?sort=name.desc&search=ab');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = requests.find((r) => r.format === 'csv');
    expect(csv).toMatchObject({ dental_practice_id: 3, sort_column: 'name', sort_direction: 'desc', search: 'ab', format: 'csv' });
    expect(csv?.current_page).toBeUndefined();
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows an error toast when the export is refused', async () => {
    const http = stubHttp(api, {
      [`GET ${URL}`]: (config) =>
        (config.params as Record<string, unknown>).format === 'csv'
          ? { status: 400, data: { code: 'bad_request', message: 'Export is not available.' } }
          : { status: 200, data: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, from: null, to: null }, links: {} } },
    });
    restore = http.restore;
    renderTable({ exportFileName: 'items' });
    await screen.findByTestId('data-table-empty');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Export is not available.')).toBeTruthy();
  });
});

const URL_API = globalThis.URL;
