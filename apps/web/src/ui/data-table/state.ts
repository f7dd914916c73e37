import { DEFAULT_PAGE_SIZE, FILTER_CONDITIONS, PAGE_SIZES, type ColumnFilter, type ColumnType, type ListQuery } from '@enamel/contracts';
import type { SortState } from './types.ts';

export type ChangeType = 'page' | 'sort' | 'filter' | 'search' | 'pagesize';

/** The list state a user can share: kept in the URL search params. */
export interface ListView {
  page: number;
  /** null = explicitly unsorted. */
  sort: SortState | null;
  search: string;
  filters: ColumnFilter[];
}

/** URL search parameter names (one table per screen, so no prefix). */
export const URL_KEYS = { page: 'page', sort: 'sort', search: 'search', filters: 'filters' } as const;
const NO_SORT = 'none';

/**
 * The sort cycle (docs/client-contract.md#sorting): none → asc → desc → asc (mandatory) or none.
 * A click on another column starts that column at asc.
 */
export function nextSort(current: SortState | null, field: string, mandatory: boolean): SortState | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return mandatory ? { field, direction: 'asc' } : null;
}

/** Applies a change; filter, search and page-size changes go back to page 1 (docs/client-contract.md#data-table). */
export function applyChange(view: ListView, change: { type: ChangeType; page?: number; sort?: SortState | null; search?: string; filters?: ColumnFilter[] }): ListView {
  switch (change.type) {
    case 'page':
      return { ...view, page: Math.max(1, change.page ?? 1) };
    case 'sort':
      return { ...view, sort: change.sort ?? null };
    case 'search':
      return { ...view, search: change.search ?? '', page: 1 };
    case 'filter':
      return { ...view, filters: change.filters ?? [], page: 1 };
    case 'pagesize':
      return { ...view, page: 1 };
  }
}

function parseSort(raw: string | null, fallback: SortState | undefined, allowed: Set<string>): SortState | null {
  if (raw === null) return fallback ?? null;
  if (raw === NO_SORT) return null;
  const dot = raw.lastIndexOf('.');
  const field = dot > 0 ? raw.slice(0, dot) : raw;
  const direction = raw.slice(dot + 1);
  if (!allowed.has(field) || (direction !== 'asc' && direction !== 'desc')) return fallback ?? null;
  return { field, direction: direction };
}

function parseFilters(raw: string | null, types: Map<string, ColumnType>): ColumnFilter[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((f): f is ColumnFilter => {
      if (typeof f !== 'object' || f === null) return false;
      const { field, condition } = f as Record<string, unknown>;
      const type = typeof field === 'string' ? types.get(field) : undefined;
      return type !== undefined && typeof condition === 'string' && (FILTER_CONDITIONS[type] as readonly string[]).includes(condition);
    });
  } catch {
    return [];
  }
}

/** Reads the view from the URL; anything unknown falls back to the defaults. */
export function readView(
  params: URLSearchParams,
  columns: { field: string; type?: ColumnType; sort?: boolean; filter?: boolean }[],
  defaultSort: SortState | undefined,
): ListView {
  const page = Number(params.get(URL_KEYS.page));
  const sortable = new Set(columns.filter((c) => c.sort).map((c) => c.field));
  const filterable = new Map(columns.filter((c) => c.filter).map((c) => [c.field, c.type ?? 'string'] as const));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: parseSort(params.get(URL_KEYS.sort), defaultSort, sortable),
    search: params.get(URL_KEYS.search) ?? '',
    filters: parseFilters(params.get(URL_KEYS.filters), filterable),
  };
}

/** Writes the view into a copy of the URL params, keeping the screen's own params; defaults are omitted. */
export function writeView(params: URLSearchParams, view: ListView, defaultSort: SortState | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set(URL_KEYS.page, view.page > 1 ? String(view.page) : null);
  const sortText = view.sort ? `${view.sort.field}.${view.sort.direction}` : NO_SORT;
  const defaultText = defaultSort ? `${defaultSort.field}.${defaultSort.direction}` : NO_SORT;
  set(URL_KEYS.sort, sortText === defaultText ? null : sortText);
  set(URL_KEYS.search, view.search !== '' ? view.search : null);
  set(URL_KEYS.filters, view.filters.length > 0 ? JSON.stringify(view.filters) : null);
  return next;
}

export type ListRequest = Required<Pick<ListQuery, 'current_page' | 'pagesize' | 'offset'>> & Pick<ListQuery, 'sort_column' | 'sort_direction' | 'search' | 'column_filters'>;

/** The lists' server-mode request for a view (docs/client-contract.md#lists) (change_type is added when sending). */
export function buildRequest(view: ListView, pageSize: number): ListRequest {
  const request: ListRequest = { current_page: view.page, pagesize: pageSize, offset: (view.page - 1) * pageSize };
  if (view.sort) {
    request.sort_column = view.sort.field;
    request.sort_direction = view.sort.direction;
  }
  if (view.search.trim() !== '') request.search = view.search.trim();
  if (view.filters.length > 0) request.column_filters = JSON.stringify(view.filters);
  return request;
}

export function validPageSize(value: unknown): number {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
}

/** The view fields whose change clears the row selection (page, sort, filter, page size; search moves to page 1). */
export function selectionScope(view: ListView, pageSize: number): string {
  return JSON.stringify([view.page, view.sort, view.filters, view.search, pageSize]);
}
