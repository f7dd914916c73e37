import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { minorUnits } from '@enamel/contracts';

/** Money never breaks inside its amount and currency ("US$ 12.00" stays on one line in every language). */
const unbreakable = (text: string) => text.replace(/\s/g, '\u00a0');

/**
 * Intl formatters are costly to build (a list page formats hundreds of cells); one per locale and options is kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * An exact decimal string (or a number) as money in `locale`: amounts in the currency's minor units;
 * `perUnit` costs keep up to 4 decimals (a glove costs 0.0333), never fewer than the minor units.
 */
export function formatMoney(locale: string, value: string | number, currency: string, options: { perUnit?: boolean } = {}): string {
  const minor = minorUnits(currency);
  const digits = options.perUnit ? { minimumFractionDigits: minor, maximumFractionDigits: Math.max(minor, 4) } : { minimumFractionDigits: minor, maximumFractionDigits: minor };
  try {
    return unbreakable(numberFormat(locale, { style: 'currency', currency, ...digits }).format(String(value).trim() as Intl.StringNumericLiteral));
  } catch {
    return `${String(value)} ${currency}`;
  }
}

/** Intl formatting in the interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(locale, options).format(value),
    money: (value: string | number, currency: string, options?: { perUnit?: boolean }) => formatMoney(locale, value, currency, options),
    dateTime: (value: string | number | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) =>
      dateTimeFormat(locale, options).format(new Date(value)),
    relative: (value: string | number | Date) => {
      const seconds = Math.round((new Date(value).getTime() - Date.now()) / 1000);
      const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const abs = Math.abs(seconds);
      if (abs < 60) return rtf.format(seconds, 'second');
      if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
      if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
      return rtf.format(Math.round(seconds / 86_400), 'day');
    },
  };
}

/** Every ISO 4217 currency Intl knows, as Select options named in the interface language ("EUR · euro"). */
export function useCurrencyOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
    return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [i18n.language]);
}
