import i18n, { type BackendModule } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, isLocale, type Locale } from '@enamel/contracts';

export const NAMESPACE = 'translation';
export const LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * Loads one locale's messages over HTTP when i18next asks for them (only the interface language, never all of
 * them). A network failure or a 5xx is retried by i18next; any other answer is an error.
 */
export const messagesLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    const url = LOAD_PATH.replace('{{lng}}', lng).replace('{{ns}}', ns);
    fetch(url, { headers: { Accept: 'application/json' } }).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`failed loading ${url}; status code: ${response.status}`), response.status >= 500);
          return;
        }
        try {
          callback(null, (await response.json()) as Record<string, unknown>);
        } catch (error) {
          callback(error instanceof Error ? error : new Error(`failed parsing ${url} to json`), false);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(`failed loading ${url}`), true),
    );
  },
};

interface LocaleState {
  locale: Locale;
  setStoredLocale: (locale: Locale) => void;
}

/** The chosen locale, persisted next to the cookie (cookie and persisted state: docs/client-contract.md#languages). */
export const useLocaleStore = create<LocaleState>()(
  persist(
    (set) => ({
      locale: DEFAULT_LOCALE,
      setStoredLocale: (locale) => set({ locale }),
    }),
    { name: 'enamel-locale' },
  ),
);

/**
 * The locale to start with: a valid cookie wins; an unknown cookie value is removed and the
 * default used (docs/client-contract.md#languages); without a cookie, the persisted state.
 */
export function resolveInitialLocale(): Locale {
  const cookie = Cookies.get(LOCALE_COOKIE);
  if (cookie !== undefined) {
    if (isLocale(cookie)) return cookie;
    Cookies.remove(LOCALE_COOKIE, { path: '/' });
    return DEFAULT_LOCALE;
  }
  const stored = useLocaleStore.getState().locale;
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Writes the preference where the server (cookie) and the next visit (store) read it. */
export function persistLocale(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, {
    expires: LOCALE_COOKIE_DAYS,
    sameSite: 'Lax',
    path: '/',
    secure: window.location.protocol === 'https:',
  });
  useLocaleStore.getState().setStoredLocale(locale);
}

function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

/** Loads a locale's messages only when it has none yet; a failure is only logged (docs/client-contract.md#languages). */
async function ensureMessages(locale: Locale): Promise<boolean> {
  if (i18n.hasResourceBundle(locale, NAMESPACE)) return true;
  try {
    await i18n.loadLanguages(locale);
  } catch (error) {
    console.error(`Failed to load messages for ${locale}`, error);
    return false;
  }
  if (!i18n.hasResourceBundle(locale, NAMESPACE)) {
    console.error(`Failed to load messages for ${locale}`);
    return false;
  }
  return true;
}

/** Switches the interface language and remembers it. */
export async function changeLocale(locale: Locale): Promise<void> {
  persistLocale(locale);
  if (!(await ensureMessages(locale))) return;
  await i18n.changeLanguage(locale);
}

/** English first, then the stored locale when it differs. */
export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(messagesLoader)
    .use(initReactI18next)
    .init({
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
    .catch((error: unknown) => {
      console.error('Failed to load messages for en', error);
    });
  const initial = resolveInitialLocale();
  if (initial !== DEFAULT_LOCALE && (await ensureMessages(initial))) await i18n.changeLanguage(initial);
  applyDocumentLanguage(i18n.language);
  return i18n;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export { i18n };
