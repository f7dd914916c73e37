import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../core/errors.ts';

/**
 * Submits a Mantine form to the server: errors cleared first, a second submit blocked while one
 * runs, a 422's messages shown under their fields, anything else as the form's general message
 * (or handed to `onRefused`, e.g. a notice, for a form without a place for it).
 */
export function useFormSubmit<Values extends Record<string, unknown>, Result>(
  form: UseFormReturnType<Values>,
  call: (values: Values) => Promise<Result>,
  onSaved: (result: Result) => void | Promise<void>,
  onRefused?: (message: string) => void,
) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = form.onSubmit(async (values) => {
    if (saving) return;
    form.clearErrors();
    setMessage(null);
    setSaving(true);
    let result: Result;
    try {
      result = await call(values);
    } catch (error) {
      const appError = toAppError(error, t);
      const fields = Object.entries(appError.fieldErrors);
      const known = fields.filter(([field]) => field in form.getValues());
      form.setErrors(Object.fromEntries(known.map(([field, messages]) => [field, messages.join(' ')])));
      const rest = fields.filter(([field]) => !(field in form.getValues())).flatMap(([, m]) => m);
      const general = fields.length === 0 ? appError.message : rest.length ? rest.join(' ') : null;
      if (onRefused && general !== null) onRefused(general);
      else setMessage(general);
      return;
    } finally {
      setSaving(false);
    }
    await onSaved(result);
  });

  return { saving, message, onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
