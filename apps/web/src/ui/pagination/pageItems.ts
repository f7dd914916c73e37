/** The paging fields of a list response (docs/client-contract.md#answers), flat or under a `meta` wrapper. */
export interface PagingFields {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from?: number | null;
  to?: number | null;
}

/** prev/next/first/last page links; either name style (`prev` or `prev_page_url`). */
export interface PagingLinks {
  first?: string | null;
  last?: string | null;
  prev?: string | null;
  next?: string | null;
}

/**
 * What the control accepts: a flat paginator (`{ current_page, …, prev_page_url, next_page_url }`)
 * or an API resource (`{ data, meta: { current_page, … }, links: { prev, next, first, last } }`).
 */
export type PaginationSource =
  | (PagingFields & { prev_page_url?: string | null; next_page_url?: string | null; first_page_url?: string | null; last_page_url?: string | null; links?: PagingLinks | unknown[] })
  | { meta: PagingFields; links?: PagingLinks };

export interface ResolvedPaging extends PagingFields {
  hasPrev: boolean;
  hasNext: boolean;
}

function isLinks(value: unknown): value is PagingLinks {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the paging fields with or without the `meta` wrapper; links decide prev/next when present. */
export function resolvePaging(source: PaginationSource): ResolvedPaging {
  const fields: PagingFields = 'meta' in source ? source.meta : source;
  const links = isLinks(source.links) ? source.links : undefined;
  const flat = 'meta' in source ? undefined : source;
  const current = Math.max(1, Math.trunc(fields.current_page));
  const last = Math.max(1, Math.trunc(fields.last_page));
  const prevLink = links?.prev !== undefined ? links.prev : flat?.prev_page_url;
  const nextLink = links?.next !== undefined ? links.next : flat?.next_page_url;
  return {
    ...fields,
    current_page: current,
    last_page: last,
    hasPrev: prevLink !== undefined ? prevLink !== null && current > 1 : current > 1,
    hasNext: nextLink !== undefined ? nextLink !== null && current < last : current < last,
  };
}

export type PageItem = number | '...';

/**
 * The page numbers to show. `limit` 0 = every page; -1 = none; n > 0 = n pages on each side of
 * the current one, plus the first and the last, with '...' where pages are skipped (a gap of one
 * page shows that page instead of '...').
 */
export function pageItems(current: number, last: number, limit = 0): PageItem[] {
  if (limit < 0 || last < 1) return [];
  if (limit === 0) return Array.from({ length: last }, (_, i) => i + 1);
  const left = current - limit;
  const right = current + limit;
  const range: number[] = [];
  for (let i = 1; i <= last; i++) if (i === 1 || i === last || (i >= left && i <= right)) range.push(i);
  const items: PageItem[] = [];
  let previous: number | undefined;
  for (const page of range) {
    if (previous !== undefined) {
      if (page - previous === 2) items.push(previous + 1);
      else if (page - previous > 2) items.push('...');
    }
    items.push(page);
    previous = page;
  }
  return items;
}
