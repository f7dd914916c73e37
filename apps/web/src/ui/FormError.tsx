import { Alert } from '@mantine/core';

/** A form's general error (what the server said that belongs to no field), or nothing. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
