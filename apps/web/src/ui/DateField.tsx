import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { lazy, Suspense, type FocusEventHandler } from 'react';
import { currentLocale } from '../core/i18n.ts';

/**
 * A date (or date and time) typed as `YYYY-MM-DD` (`YYYY-MM-DD HH:mm`) or picked in a calendar in the interface
 * language. The value is the same string a native input had: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm` with `withTime`
 * (a datetime-local value), '' when empty; so `form.getInputProps(...)` spreads onto it as onto a TextInput.
 */
export interface DateFieldProps extends Pick<DateInputProps, 'label' | 'description' | 'error' | 'required' | 'disabled' | 'readOnly' | 'size' | 'w' | 'mt'> {
  value?: string | null;
  onChange: (value: string) => void;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** A date and a time (`YYYY-MM-DDTHH:mm`) rather than a day. */
  withTime?: boolean;
  /** The first and last days that may be chosen (`YYYY-MM-DD`). */
  minDate?: string;
  maxDate?: string;
  'data-testid'?: string;
}

// @mantine/dates, dayjs's locale and the calendar's CSS load with the first date field shown, never with the shell;
// the calendar of the interface language is ready before the field first shows.
const DateFieldInput = lazy(async () => {
  const module = await import('./DateFieldInput.tsx');
  await module.loadCalendarLocale(currentLocale());
  return module;
});

export function DateField(props: DateFieldProps) {
  // Until the calendar has loaded, the same field shows its value, read-only (no test id: nothing types into it).
  const { value, label, description, error, required, disabled, size, w, mt, withTime } = props;
  const fallback = (
    <TextInput label={label} description={description} error={error} required={required} disabled={disabled} size={size} w={w} mt={mt} value={withTime ? (value ?? '').replace('T', ' ') : (value ?? '')} readOnly />
  );
  return (
    <Suspense fallback={fallback}>
      <DateFieldInput {...props} />
    </Suspense>
  );
}
