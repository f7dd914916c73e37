import '@mantine/dates/styles.css';
import { DateInput, DatesProvider, type DateStringValue } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@enamel/contracts';
import type { DateFieldProps } from './DateField.tsx';
import classes from './DateFieldInput.module.css';

/** dayjs's name of each interface language's calendar (month and weekday names, first day of the week). */
const DAYJS_LOCALE: Record<Locale, string> = { en: 'en', bn: 'bn', es: 'es', fr: 'fr', 'pt-BR': 'pt-br', 'zh-CN': 'zh-cn' };
/** How a calendar's month is headed where the language writes it otherwise than "November 2026" (dayjs formats). */
const MONTH_LABEL: Partial<Record<string, string>> = { 'zh-cn': 'YYYY年M月' };

/** Each loads one dayjs locale (which registers itself with dayjs): only the language in use is fetched. */
const LOADERS: Record<Locale, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  bn: () => import('dayjs/locale/bn'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
};
const loading = new Map<Locale, Promise<void>>();
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

/** Loads a language's dayjs locale once; a failure leaves that language's calendar in English. */
export function loadCalendarLocale(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]().then(
      () => void loaded.add(locale),
      (error: unknown) => console.error(`Failed to load the calendar of ${locale}`, error),
    );
    loading.set(locale, promise);
  }
  return promise;
}

/** The interface language's dayjs locale once it has loaded (English until then). */
function useCalendarLocale(): string {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const [, setReady] = useState<Locale | null>(null);
  useEffect(() => {
    if (!loaded.has(locale)) void loadCalendarLocale(locale).then(() => setReady(locale));
  }, [locale]);
  return loaded.has(locale) ? DAYJS_LOCALE[locale] : DAYJS_LOCALE[DEFAULT_LOCALE];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/;

/** A whole day typed as `YYYY-MM-DD` that exists (not 2026-02-30); anything shorter is not a value yet. */
function parseDay(text: string): DateStringValue | null {
  const value = text.trim();
  return DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : null;
}

/** A whole `YYYY-MM-DD HH:mm` that exists, as the picker's `YYYY-MM-DD HH:mm:ss`. */
function parseDayTime(text: string): DateStringValue | null {
  const match = DAY_TIME.exec(text.trim());
  if (!match) return null;
  const parsed = dayjs(`${match[1]}T${match[2]}`);
  return parsed.isValid() && parsed.format('YYYY-MM-DD HH:mm') === `${match[1]} ${match[2]}` ? parsed.format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The lazy half of DateField: Mantine's DateInput in the interface language. */
export default function DateFieldInput({ value, onChange, onFocus, withTime = false, required, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const locale = useCalendarLocale();
  const [opened, setOpened] = useState(true);
  // The picker's value: `YYYY-MM-DD`, or `YYYY-MM-DD HH:mm:ss` with a time.
  const pickerValue = !value ? null : withTime ? `${value.replace('T', ' ').slice(0, 16)}:00` : value;
  const change = (next: string | null) => {
    if (!next) return onChange('');
    if (!withTime) return onChange(next.slice(0, 10));
    // A day picked in the calendar comes without a time: the time already chosen stays.
    const time = next.length > 10 ? next.slice(11, 16) : (value?.slice(11, 16) ?? '') || '00:00';
    onChange(`${next.slice(0, 10)}T${time}`);
  };
  return (
    <DatesProvider settings={{ locale }}>
      <DateInput
        {...props}
        required={required}
        value={pickerValue}
        onChange={change}
        withTime={withTime}
        valueFormat={withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
        dateParser={withTime ? parseDayTime : parseDay}
        placeholder={t(withTime ? 'dates.dateTimePlaceholder' : 'dates.datePlaceholder')}
        // Only the month's own days: the faded days of the months around it would not be readable (WCAG AA contrast).
        hideOutsideDates
        highlightToday
        monthLabelFormat={MONTH_LABEL[locale] ?? 'MMMM YYYY'}
        classNames={{ day: classes.day }}
        // A field that may be empty is emptied by deleting its text.
        allowDeselect={!required}
        // Enter takes the typed date and closes the calendar (as Escape and Tab do); typing or clicking opens it again.
        onKeyDown={(event) => setOpened(event.key !== 'Enter')}
        onClick={() => setOpened(true)}
        onFocus={(event) => {
          setOpened(true);
          onFocus?.(event);
        }}
        popoverProps={opened ? undefined : { opened: false }}
        ariaLabels={{
          nextMonth: t('dates.nextMonth'),
          previousMonth: t('dates.previousMonth'),
          nextYear: t('dates.nextYear'),
          previousYear: t('dates.previousYear'),
          nextDecade: t('dates.nextDecade'),
          previousDecade: t('dates.previousDecade'),
        }}
      />
    </DatesProvider>
  );
}
