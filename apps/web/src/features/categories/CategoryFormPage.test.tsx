import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { CategoryFormPage } from './CategoryFormPage.tsx';

describe('CategoryFormPage', () => {
  const serve = servePerTest(api);

  it('checks the name with the contract before sending (the API’s messages), then shows the server’s verdict under the field, then saves', async () => {
    let attempt = 0;
    const http = serve({
      'GET /api/category/all': () => ({ status: 200, data: { data: [] } }),
      'POST /api/category/create': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, data: { code: 'validation_failed', message: 'Invalid', errors: { name: ['A category of this name already exists under this parent.'] } } }
          : { status: 201, data: { success: true, data: { id: 4 } } };
      },
    });
    const posts = () => http.calls.filter((c) => c.method === 'POST');
    const { router } = renderRoutes(
      [
        { path: '/admin/categories/create', element: <CategoryFormPage /> },
        { path: '/admin/list/categories', element: <p>categories list</p> },
      ],
      '/admin/categories/create',
    );
    const name = await screen.findByTestId('category-name');

    // Blank (after trimming, as the API trims): required, and no request.
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);

    // Too long: the API's message with its parameter.
    fireEvent.change(name, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Must be at most 120 characters.')).toBeTruthy();
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(posts()).toHaveLength(0);

    // A valid name is sent; what only the server knows still shows under the field.
    fireEvent.change(name, { target: { value: 'Gloves' } });
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('A category of this name already exists under this parent.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('category-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/list/categories'));
    expect(posts().map((c) => c.data)).toEqual([
      { name: 'Gloves', parent_id: null },
      { name: 'Gloves', parent_id: null },
    ]);
  }, 20_000);
});
