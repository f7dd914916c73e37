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
}

/** A dialog holding one form: its general error first, then the fields and the footer. */
export function FormModal({ testId, formTestId, onSubmit, message, errorTestId, ready = true, children, ...modal }: FormModalProps) {
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
    </Modal>
  );
}
