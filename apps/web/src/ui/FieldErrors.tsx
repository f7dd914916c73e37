import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FieldErrors as FieldErrorMap } from '../core/errors.ts';

interface FieldErrorsProps {
  errors?: FieldErrorMap;
  /** Fields that show their own message next to the input; the rest are listed here. */
  shownInline?: string[];
  /** A message without field errors (e.g. a 429 or a failed request). */
  message?: string | null;
  testId?: string;
}

/** Errors a form cannot show next to an input, as one alert. */
export function FieldErrors({ errors = {}, shownInline = [], message, testId = 'form-errors' }: FieldErrorsProps) {
  const rest = Object.entries(errors)
    .filter(([field]) => !shownInline.includes(field))
    .flatMap(([, messages]) => messages);
  const lines = message ? [message, ...rest] : rest;
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line, i) => (
            <List.Item key={i}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Mantine input `error` prop from a field's messages. */
export function inputError(errors: FieldErrorMap, field: string): string | undefined {
  const messages = errors[field];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
