import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError, type FieldErrors } from '../core/errors.ts';
import type { ContractCall } from './contractValidation.ts';

/**
 * Submits a Mantine form to the server: errors cleared first, a second submit blocked while one
 * runs, a 422's messages shown under their fields, anything else as the form's general message
 * (or handed to `onRefused`, e.g. a notice, for a form without a place for it).
 *
 * `call` is either a function sending the values, or a `contractCall(schema, toBody, send)`: then the
 * body is first checked with the contract's zod schema, the one the API checks it with, and a body the
 * API would refuse is not sent — its messages (the API's own, translated here) are shown exactly as a
 * 422's would be.
 */
export function useFormSubmit<Values extends Record<string, unknown>, Result>(
  form: UseFormReturnType<Values>,
  call: ((values: Values) => Promise<Result>) | ContractCall<Values, Result>,
  onSaved: (result: Result) => void | Promise<void>,
  onRefused?: (message: string) => void,
) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  /** Messages of fields the form has go under them; the rest (or `general` when there are none) is the general message. */
  const showErrors = (fieldErrors: FieldErrors, general: string) => {
    const fields = Object.entries(fieldErrors);
    const known = fields.filter(([field]) => field in form.getValues());
    form.setErrors(Object.fromEntries(known.map(([field, messages]) => [field, messages.join(' ')])));
    const rest = fields.filter(([field]) => !(field in form.getValues())).flatMap(([, m]) => m);
    const shown = fields.length === 0 ? general : rest.length ? rest.join(' ') : null;
    if (onRefused && shown !== null) onRefused(shown);
    else setMessage(shown);
  };

  const onSubmit = form.onSubmit(async (values) => {
    if (saving) return;
    form.clearErrors();
    setMessage(null);
    let send: () => Promise<Result>;
    if (typeof call === 'function') {
      send = () => call(values);
    } else {
      const prepared = call.prepare(values, t);
      if ('refused' in prepared) {
        showErrors(prepared.refused, t('errors.validation_failed'));
        return;
      }
      send = prepared.send;
    }
    setSaving(true);
    let result: Result;
    try {
      result = await send();
    } catch (error) {
      const appError = toAppError(error, t);
      showErrors(appError.fieldErrors, appError.message);
      return;
    } finally {
      setSaving(false);
    }
    await onSaved(result);
  });

  return { saving, message, onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
