import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { Pagination } from './Pagination.tsx';
import { pageItems, resolvePaging, type PaginationSource } from './pageItems.ts';

const flat = (current: number, last: number, perPage = 25) => ({
  current_page: current,
  last_page: last,
  per_page: perPage,
  total: last * perPage,
  from: (current - 1) * perPage + 1,
  to: current * perPage,
});

function show(data: PaginationSource, props: { limit?: number; showDisabled?: boolean; size?: 'small' | 'default' | 'large'; align?: 'left' | 'center' | 'right' } = {}) {
  const onPageChange = vi.fn();
  render(
    <Providers>
      <Pagination data={data} onPageChange={onPageChange} {...props} />
    </Providers>,
  );
  const nav = screen.queryByTestId('pagination');
  const numbers = nav ? within(nav).queryAllByTestId('pagination-page').map((b) => b.textContent) : [];
  return { onPageChange, nav, numbers };
}

describe('pageItems', () => {
  it('limit 0 lists every page, -1 none', () => {
    expect(pageItems(3, 6, 0)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(3, 6, -1)).toEqual([]);
  });

  it('limit n shows n pages each side of the current one, first and last, with gaps', () => {
    expect(pageItems(10, 20, 2)).toEqual([1, '...', 8, 9, 10, 11, 12, '...', 20]);
    expect(pageItems(1, 20, 2)).toEqual([1, 2, 3, '...', 20]);
    expect(pageItems(20, 20, 1)).toEqual([1, '...', 19, 20]);
    // A gap of exactly one page shows that page instead of '...'.
    expect(pageItems(4, 10, 1)).toEqual([1, 2, 3, 4, 5, '...', 10]);
    expect(pageItems(1, 1, 3)).toEqual([1]);
  });
});

describe('resolvePaging', () => {
  it('reads flat fields and the meta wrapper alike', () => {
    const a = resolvePaging(flat(2, 4));
    const b = resolvePaging({ meta: flat(2, 4), links: { first: '?page=1', last: '?page=4', prev: '?page=1', next: '?page=3' } });
    expect(a).toMatchObject({ current_page: 2, last_page: 4, hasPrev: true, hasNext: true });
    expect(b).toMatchObject({ current_page: 2, last_page: 4, hasPrev: true, hasNext: true });
  });

  it('lets null prev/next links disable the ends', () => {
    expect(resolvePaging({ meta: flat(2, 4), links: { prev: null, next: null } })).toMatchObject({ hasPrev: false, hasNext: false });
    expect(resolvePaging({ ...flat(2, 4), prev_page_url: null, next_page_url: '/x?page=3' })).toMatchObject({ hasPrev: false, hasNext: true });
  });
});

describe('Pagination', () => {
  it('is shown only when total is greater than per_page', () => {
    expect(show({ ...flat(1, 1), total: 25 }).nav).toBeNull();
  });

  it('is shown when total exceeds per_page', () => {
    expect(show({ ...flat(1, 2), total: 26 }).nav).not.toBeNull();
  });

  it('shows every number by default and marks the current page', () => {
    const { numbers } = show(flat(2, 5));
    expect(numbers).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryAllByTestId('pagination-gap')).toHaveLength(0);
  });

  it('limit -1 shows no numbers but keeps previous/next', () => {
    const { numbers } = show(flat(2, 5), { limit: -1 });
    expect(numbers).toEqual([]);
    expect(screen.getByTestId('pagination-prev')).toBeTruthy();
    expect(screen.getByTestId('pagination-next')).toBeTruthy();
  });

  it("limit n shows '...' gaps", () => {
    const { numbers } = show({ meta: flat(10, 20), links: { prev: 'p', next: 'n' } }, { limit: 1 });
    expect(numbers).toEqual(['1', '9', '10', '11', '20']);
    expect(screen.getAllByTestId('pagination-gap').map((g) => g.textContent)).toEqual(['...', '...']);
  });

  it('disables previous on the first page and next on the last', () => {
    show(flat(1, 3));
    expect(screen.getByTestId<HTMLButtonElement>('pagination-prev').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('pagination-next').disabled).toBe(false);
  });

  it('hides disabled ends when showDisabled is false', () => {
    show(flat(3, 3), { showDisabled: false });
    expect(screen.queryByTestId('pagination-next')).toBeNull();
    expect(screen.getByTestId('pagination-prev')).toBeTruthy();
  });

  it('emits the page for numbers, previous and next, and nothing for the current page', () => {
    const { onPageChange } = show({ meta: flat(3, 5) });
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    fireEvent.click(screen.getByTestId('pagination-prev'));
    fireEvent.click(screen.getByTestId('pagination-next'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[5], [2], [4]]);
  });

  it('takes size and alignment', () => {
    const { nav } = show(flat(1, 2), { size: 'small', align: 'center' });
    expect(nav?.getAttribute('data-size')).toBe('small');
    expect(nav?.getAttribute('data-align')).toBe('center');
  });
});
