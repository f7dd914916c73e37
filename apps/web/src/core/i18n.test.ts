import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, persistLocale, resolveInitialLocale, useLocaleStore } from './i18n.ts';

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
