import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError, type AppError, type FieldErrors } from '../core/errors.ts';

/** Holds what the server said about the last submit: per-field messages and a general message. */
export function useServerErrors() {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const clear = useCallback(() => {
    setFieldErrors({});
    setMessage(null);
  }, []);

  /** Field errors when the body has them; otherwise the (localised) message as a general error. */
  const capture = useCallback(
    (error: unknown): AppError => {
      const appError = toAppError(error, t);
      const hasFields = Object.keys(appError.fieldErrors).length > 0;
      setFieldErrors(appError.fieldErrors);
      setMessage(hasFields ? null : appError.message);
      return appError;
    },
    [t],
  );

  return { fieldErrors, message, clear, capture, setMessage };
}
