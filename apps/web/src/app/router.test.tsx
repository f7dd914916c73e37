import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubHttp } from '../../test/http.ts';
import { renderRoutes } from '../../test/render.tsx';
import { api } from '../core/api.ts';
import { EMPTY_USER, useAuthStore } from '../core/auth.store.ts';
import { ADMIN_ROUTES } from './routes.ts';
import { routes } from './router.tsx';

const USER = { id: 1, name: 'Ann Admin', firstname: 'Ann', lastname: 'Admin', email: 'ann@example.test', locale: 'en' as const, roles: [] };

describe('routes', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    Cookies.set('XSRF-TOKEN', 't');
    restore = stubHttp(api, {
      'GET /api/notifications': () => ({ status: 200, data: { data: [], meta: { unread: 0 } } }),
    }).restore;
  });
  afterEach(() => {
    restore();
    useAuthStore.setState({ authenticated: false, user: { ...EMPTY_USER } });
  });

  it('keeps every path and breadcrumb label of the client contract', () => {
    expect(ADMIN_ROUTES.map((r) => r.path)).toContain('reports/genrate');
    expect(ADMIN_ROUTES.map((r) => r.path)).toContain('use-supplies');
    expect(ADMIN_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['stock-takes', 'stock-takes/:id', 'stock-takes/:id/count', 'list/storage-locations', 'restock', 'storage-locations/:id/par-levels', 'list/webhooks', 'webhooks/:id', 'api-tokens', 'integrations']));
    expect(ADMIN_ROUTES).toHaveLength(52);
  });

  it('sends a guest from the admin area to /login', async () => {
    const { router } = renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });

  it('redirects / to /login', async () => {
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-in user from /login to the dashboard, and /admin/ to the dashboard', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByTestId('dashboard-welcome')).toBeTruthy();
    expect(screen.getByTestId('breadcrumbs').textContent).toContain('Dashboard');
  });

  it('shows a lazily loaded screen with its title and breadcrumb', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    renderRoutes(routes, '/admin/scheduler');
    expect((await screen.findByTestId('page-title', {}, { timeout: 10_000 })).textContent).toBe('Scheduler');
    expect(screen.getByTestId('breadcrumbs').textContent).toContain('Scheduler');
  });

  it('shows not-found for an unknown path, with a way back', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('not-found-back').getAttribute('href')).toBe('/login');
  });
});
