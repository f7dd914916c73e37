import { Alert } from '@mantine/core';
import { PageHeader } from './PageHeader.tsx';

/** A page whose record could not be loaded: the page's title (when it has one) and why. */
export function RecordNotFound({ title, message, testId }: { title?: string; message: string; testId: string }) {
  return (
    <>
      {title ? <PageHeader title={title} /> : null}
      <Alert color="red" variant="light" data-testid={testId}>
        {message}
      </Alert>
    </>
  );
}
