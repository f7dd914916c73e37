import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, servePerTest, type Reply } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ability } from '../../core/abilities.ts';
import { api } from '../../core/api.ts';
import { EMPTY_USER, useAuthStore } from '../../core/auth.store.ts';
import { LoginPage } from './LoginPage.tsx';

const USER = { id: 1, name: 'Grace Hopper', firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.test', locale: 'en', roles: [] };

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/admin/dashboard', element: <p>dashboard screen</p> },
    ],
    '/login',
  );
}

function fillAndSubmit(email = 'grace@example.test', password = 'secret-password') {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  const serve = servePerTest(api);

  beforeEach(() => {
    window.history.pushState({}, '', '/login');
    localStorage.clear();
    useAuthStore.setState({ authenticated: false, user: { ...EMPTY_USER }, processing: false });
    ability.update([]);
  });

  it('shows the 422 field errors next to their inputs', async () => {
    serve({
      'POST /login': () => ({
        status: 422,
        data: { code: 'validation_failed', message: 'Invalid', errors: { email: ['These credentials do not match our records.'], password: ['Too short'] } },
      }),
    });
    renderLogin();
    fillAndSubmit();
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(screen.getByText('Too short')).toBeTruthy();
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('clears the previous errors at the start of each submit', async () => {
    const second = deferred<Reply>();
    let attempt = 0;
    serve({
      'POST /login': () => {
        attempt += 1;
        return attempt === 1 ? { status: 422, data: { code: 'validation_failed', message: 'x', errors: { email: ['Wrong email'] } } } : second.promise;
      },
    });
    renderLogin();
    fillAndSubmit();
    expect(await screen.findByText('Wrong email')).toBeTruthy();
    fillAndSubmit();
    await waitFor(() => expect(screen.queryByText('Wrong email')).toBeNull());
    await act(async () => {
      second.resolve({ status: 429, data: { code: 'too_many_requests', message: 'Too many login attempts.' } });
      await second.promise;
    });
  });

  it('shows a 429 message without field errors as an alert', async () => {
    serve({ 'POST /login': () => ({ status: 429, data: { code: 'too_many_requests', message: 'Too many login attempts. Try again in 60 seconds.' } }) });
    renderLogin();
    fillAndSubmit();
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Too many login attempts. Try again in 60 seconds.');
  });

  it('blocks a second submit while the first is in flight', async () => {
    const pending = deferred<Reply>();
    const http = serve({ 'POST /login': () => pending.promise });
    renderLogin();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('login-submit').disabled).toBe(true));
    fireEvent.submit(screen.getByTestId('login-form'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await act(async () => {
      pending.resolve({ status: 422, data: { code: 'validation_failed', message: 'x', errors: { email: ['Nope'] } } });
      await pending.promise;
    });
    await screen.findByText('Nope');
    expect(http.calls.filter((c) => c.url === '/login')).toHaveLength(1);
    expect(screen.getByTestId<HTMLButtonElement>('login-submit').disabled).toBe(false);
  });

  it('on success fetches the user, then the abilities, then opens the dashboard', async () => {
    const http = serve({
      'POST /login': () => ({ status: 200, data: { success: true, message: 'ok', data: USER } }),
      'GET /api/user': () => ({ status: 200, data: { success: true, data: USER } }),
      'GET /api/abilities': () => ({ status: 200, data: [{ action: 'manage', subject: 'all' }] }),
    });
    const { router } = renderLogin();
    fireEvent.click(screen.getByTestId('login-remember'));
    fillAndSubmit();
    expect(await screen.findByText('dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /login', 'GET /api/user', 'GET /api/abilities']);
    expect(http.calls[0]?.data).toEqual({ email: 'grace@example.test', password: 'secret-password', remember: true });
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(ability.can('read', 'Product')).toBe(true);
    expect(await screen.findByText('Login successfully')).toBeTruthy();
  });
});
