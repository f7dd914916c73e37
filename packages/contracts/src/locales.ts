/** The six interface languages; `en` is the default and the fallback. */
export const LOCALES = ['bn', 'en', 'es', 'fr', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Name of the cookie holding the chosen locale (kept 365 days). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export const LOCALE_NAMES: Record<Locale, string> = {
  bn: 'বাংলা',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
