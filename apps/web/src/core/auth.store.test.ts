import Cookies from 'js-cookie';
import type { CurrentUser } from '@enamel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHttp, type Handler } from '../../test/http.ts';
import { ability } from './abilities.ts';
import { api } from './api.ts';
import { EMPTY_USER, useAuthStore } from './auth.store.ts';
import { setNavigator } from './navigation.ts';
import { PRACTICE_ID_KEY, PRACTICE_NAME_KEY, getSelectedPractice, setSelectedPractice } from './practice.ts';

const USER: CurrentUser = { id: 7, name: 'Ada Lovelace', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', locale: 'en', roles: ['Super Admin'] };
const RULES = [{ action: 'read', subject: 'Brand' }];

describe('auth store', () => {
  const navigate = vi.fn<(path: string) => void>();
  let restore: () => void = () => undefined;

  function serve(routes: Record<string, Handler>) {
    const http = stubHttp(api, routes);
    restore = http.restore;
    return http;
  }

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ authenticated: false, user: { ...EMPTY_USER }, processing: false });
    ability.update([]);
    setNavigator(navigate);
    navigate.mockReset();
    Cookies.set('XSRF-TOKEN', 't');
    window.history.pushState({}, '', '/admin/dashboard');
  });
  afterEach(() => {
    restore();
    setNavigator(null);
    vi.restoreAllMocks();
  });

  it('skips getUser when already authenticated with an id', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    const http = serve({});
    await useAuthStore.getState().getUser();
    expect(http.calls).toHaveLength(0);
  });

  it('refreshes the user when forced, with the abilities asked alongside', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER, name: 'Old name' } });
    const http = serve({
      'GET /api/user': () => ({ status: 200, data: { success: true, data: USER } }),
      'GET /api/abilities': () => ({ status: 200, data: RULES }),
    });
    await useAuthStore.getState().refreshUser();
    expect(http.calls.map((c) => c.url)).toEqual(['/api/user', '/api/abilities']);
    expect(useAuthStore.getState().user.name).toBe('Ada Lovelace');
    expect(ability.can('read', 'Brand')).toBe(true);
    expect(ability.can('read', 'User')).toBe(false);
  });

  it('does not refresh when not authenticated', async () => {
    const http = serve({});
    await useAuthStore.getState().refreshUser();
    expect(http.calls).toHaveLength(0);
  });

  it('sets authenticated when the answer has success true', async () => {
    serve({
      'GET /api/user': () => ({ status: 200, data: { success: true, data: USER } }),
      'GET /api/abilities': () => ({ status: 200, data: [] }),
    });
    await useAuthStore.getState().getUser();
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(useAuthStore.getState().user.id).toBe(7);
  });

  it('drops the abilities asked alongside when the user check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    serve({
      'GET /api/user': () => ({ status: 200, data: { success: false } }),
      'GET /api/abilities': () => ({ status: 200, data: RULES }),
    });
    await useAuthStore.getState().getUser(true);
    await vi.waitFor(() => expect(ability.can('read', 'Brand')).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ability.can('read', 'Brand')).toBe(false);
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('clears the user when success is not true', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    serve({ 'GET /api/user': () => ({ status: 200, data: { success: false } }) });
    await useAuthStore.getState().getUser(true);
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(useAuthStore.getState().user).toEqual(EMPTY_USER);
  });

  it("clears the user and logs 'getUser failed' on failure", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    serve({ 'GET /api/user': () => ({ status: 500, data: { code: 'internal', message: 'boom' } }) });
    await useAuthStore.getState().getUser(true);
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(useAuthStore.getState().user.id).toBeNull();
    expect(log).toHaveBeenCalledWith('getUser failed');
  });

  it('logout clears all local storage, including the practice, and goes to /login', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    ability.update([{ action: 'manage', subject: 'all' }]);
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    localStorage.setItem('something-else', 'x');
    const http = serve({ 'POST /logout': () => ({ status: 204 }) });
    await useAuthStore.getState().logout();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /logout']);
    expect(localStorage.getItem(PRACTICE_ID_KEY)).toBeNull();
    expect(localStorage.getItem(PRACTICE_NAME_KEY)).toBeNull();
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(getSelectedPractice()).toBeNull();
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(useAuthStore.getState().user).toEqual(EMPTY_USER);
    expect(ability.can('read', 'Brand')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ignores a failed logout: the user stays signed in and on the page', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    serve({ 'POST /logout': () => ({ status: 500, data: { code: 'internal', message: 'boom' } }) });
    await expect(useAuthStore.getState().logout()).resolves.toBeUndefined();
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(localStorage.getItem(PRACTICE_ID_KEY)).toBe('3');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('any 401 logs the user out locally and redirects', async () => {
    useAuthStore.setState({ authenticated: true, user: { ...USER } });
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    serve({ 'GET /api/notifications': () => ({ status: 401, data: { code: 'unauthenticated', message: 'no' } }) });
    await expect(api.get('/api/notifications')).rejects.toBeTruthy();
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(localStorage.getItem(PRACTICE_ID_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('runs one auth request at a time', async () => {
    let release!: () => void;
    const first = useAuthStore.getState().runAuthRequest(() => new Promise<string>((r) => (release = () => r('first'))));
    expect(useAuthStore.getState().processing).toBe(true);
    const second = await useAuthStore.getState().runAuthRequest(() => Promise.resolve('second'));
    expect(second).toBeUndefined();
    release();
    await expect(first).resolves.toBe('first');
    expect(useAuthStore.getState().processing).toBe(false);
  });
});
