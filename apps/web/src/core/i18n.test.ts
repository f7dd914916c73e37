import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, messagesLoader, persistLocale, resolveInitialLocale, useLocaleStore } from './i18n.ts';

describe('locale preference', () => {
  beforeEach(() => {
    Cookies.remove('locale', { path: '/' });
    useLocaleStore.setState({ locale: 'en' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Cookies.remove('locale', { path: '/' });
  });

  it('accepts a cookie among the configured locales', () => {
    Cookies.set('locale', 'pt-BR', { path: '/' });
    expect(resolveInitialLocale()).toBe('pt-BR');
    expect(Cookies.get('locale')).toBe('pt-BR');
  });

  it('removes an unknown cookie value and falls back to the default locale', () => {
    Cookies.set('locale', 'klingon', { path: '/' });
    useLocaleStore.setState({ locale: 'fr' });
    expect(resolveInitialLocale()).toBe('en');
    expect(Cookies.get('locale')).toBeUndefined();
  });

  it('uses the persisted state when there is no cookie', () => {
    useLocaleStore.setState({ locale: 'zh-CN' });
    expect(resolveInitialLocale()).toBe('zh-CN');
  });

  it('persists the choice in the cookie and in the store', () => {
    persistLocale('es');
    expect(Cookies.get('locale')).toBe('es');
    expect(useLocaleStore.getState().locale).toBe('es');
    expect(JSON.parse(localStorage.getItem('enamel-locale') ?? '{}')).toMatchObject({ state: { locale: 'es' } });
  });

  it('only logs when messages cannot be loaded, and keeps the current language', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await changeLocale('bn');
    expect(log).toHaveBeenCalled();
    expect(i18n.language).toBe('en');
    expect(Cookies.get('locale')).toBe('bn');
  });

  it('does not load a locale that already has messages', async () => {
    i18n.addResourceBundle('fr', 'translation', { app: { name: 'Enamel' } });
    const load = vi.spyOn(i18n, 'loadLanguages');
    await changeLocale('fr');
    expect(load).not.toHaveBeenCalled();
    expect(i18n.language).toBe('fr');
    await i18n.changeLanguage('en');
  });
});

describe('messages loader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Runs the loader's read and resolves with what it called back. */
  function read(lng: string): Promise<[unknown, unknown]> {
    return new Promise((resolve) => {
      messagesLoader.read(lng, 'translation', (error, data) => resolve([error, data]));
    });
  }

  it('fetches only the asked language and hands its messages over', async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ hello: 'Hola' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    const [error, data] = await read('es');
    expect(error).toBeNull();
    expect(data).toEqual({ hello: 'Hola' });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]).toEqual(['/locales/es/translation.json', expect.anything()]);
  });

  it('asks i18next to retry a 5xx or a network failure, not a 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    let [error, retry] = await read('fr');
    expect(error).toBeInstanceOf(Error);
    expect(retry).toBe(true);

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    [error, retry] = await read('fr');
    expect(error).toBeInstanceOf(Error);
    expect(retry).toBe(true);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    [error, retry] = await read('xx');
    expect(error).toBeInstanceOf(Error);
    expect(retry).toBe(false);
  });
});
