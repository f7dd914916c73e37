import { Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './FormError.tsx';

interface FormModalProps extends Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'centered'> {
  testId: string;
  formTestId: string;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** The form's general error (see useFormSubmit). */
  message: string | null;
  errorTestId?: string;
  /** False while what the form is about is missing: the dialog shows no form. */
  ready?: boolean;
  children: ReactNode;
  /** Shown under the form, outside it (a section that saves on its own, such as a product's suppliers). */
  after?: ReactNode;
}

/** A dialog holding one form: its general error first, then the fields and the footer. */
export function FormModal({ testId, formTestId, onSubmit, message, errorTestId, ready = true, children, after, ...modal }: FormModalProps) {
  return (
    <Modal {...modal} data-testid={testId}>
      {ready ? (
        <form onSubmit={onSubmit} noValidate data-testid={formTestId}>
          <Stack gap="md">
            <FormError message={message} testId={errorTestId} />
            {children}
          </Stack>
        </form>
      ) : null}
      {ready && after ? <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>{after}</div> : null}
    </Modal>
  );
}
