import { AxiosError } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHttp } from '../../test/http.ts';
import { createApi, isGuestPath, setPageExpiredHandler, setUnauthenticatedHandler } from './api.ts';
import { setNavigator } from './navigation.ts';

describe('api client', () => {
  const navigate = vi.fn<(path: string) => void>();
  const onUnauthenticated = vi.fn();
  const onPageExpired = vi.fn();

  beforeEach(() => {
    navigate.mockReset();
    onUnauthenticated.mockReset();
    onPageExpired.mockReset();
    setNavigator(navigate);
    setUnauthenticatedHandler(onUnauthenticated);
    setPageExpiredHandler(onPageExpired);
    Cookies.set('XSRF-TOKEN', 'token-123');
  });
  afterEach(() => {
    setNavigator(null);
    Cookies.remove('XSRF-TOKEN');
    window.history.pushState({}, '', '/');
  });

  function clientAnswering(status: number) {
    const api = createApi();
    stubHttp(api, { 'GET /api/thing': () => ({ status, data: { code: 'x', message: 'm' } }) });
    return api;
  }

  it('sends the XMLHttpRequest marker, credentials and the XSRF echo', async () => {
    const api = createApi();
    const http = stubHttp(api, { 'POST /api/thing': () => ({ status: 200, data: {} }) });
    await api.post('/api/thing', { a: 1 });
    expect(api.defaults.withCredentials).toBe(true);
    expect(http.calls[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(http.calls[0]?.headers['X-XSRF-TOKEN']).toBe('token-123');
  });

  it('fetches the CSRF cookie before the first write when it is missing', async () => {
    Cookies.remove('XSRF-TOKEN');
    const api = createApi();
    const http = stubHttp(api, {
      'GET /api/csrf-cookie': () => {
        Cookies.set('XSRF-TOKEN', 'fresh');
        return { status: 204 };
      },
      'POST /login': () => ({ status: 200, data: {} }),
    });
    await api.post('/login', {});
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf-cookie', 'POST /login']);
    expect(http.calls[1]?.headers['X-XSRF-TOKEN']).toBe('fresh');
  });

  it('on 401 logs out, redirects to /login and still rejects for the caller', async () => {
    window.history.pushState({}, '', '/admin/dashboard');
    const api = clientAnswering(401);
    const error = await api.get('/api/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.status).toBe(401);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each([403, 419])('on %i redirects to /login without logging out', async (status) => {
    window.history.pushState({}, '', '/admin/profile');
    const api = clientAnswering(status);
    await expect(api.get('/api/thing')).rejects.toMatchObject({ response: { status } });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(onPageExpired).toHaveBeenCalledTimes(status === 419 ? 1 : 0);
  });

  it.each([401, 403, 419])('does not redirect on %i while already on /login', async (status) => {
    window.history.pushState({}, '', '/login');
    const api = clientAnswering(status);
    await expect(api.get('/api/thing')).rejects.toBeInstanceOf(AxiosError);
    expect(navigate).not.toHaveBeenCalled();
    expect(onUnauthenticated).toHaveBeenCalledTimes(status === 401 ? 1 : 0);
  });

  it('passes other statuses on unchanged', async () => {
    window.history.pushState({}, '', '/admin/dashboard');
    const api = clientAnswering(500);
    await expect(api.get('/api/thing')).rejects.toMatchObject({ response: { status: 500 } });
    expect(navigate).not.toHaveBeenCalled();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('treats the guest screens as public', () => {
    expect(isGuestPath('/login')).toBe(true);
    expect(isGuestPath('/forgot-password')).toBe(true);
    expect(isGuestPath('/reset-password/abc')).toBe(true);
    expect(isGuestPath('/admin/dashboard')).toBe(false);
  });
});
