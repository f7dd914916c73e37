import { Alert } from '@mantine/core';
import { PageHeader } from './PageHeader.tsx';

/** A detail page whose record could not be loaded: the page's title and why. */
export function RecordNotFound({ title, message, testId }: { title: string; message: string; testId: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="red" variant="light" data-testid={testId}>
        {message}
      </Alert>
    </>
  );
}
