import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';

interface Props {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  testId: string;
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
  onDone: () => void | Promise<void>;
}

/** Reject or cancel: the reason, kept on the PO and shown. */
export function ReasonModal({ opened, title, label, submitLabel, testId, onClose, send, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: (v) => (v.trim() ? null : t('purchaseOrders.reasonRequired')) } });
  useEffect(() => {
    if (opened) form.setValues({ reason: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const { saving, message, onSubmit } = useFormSubmit(form, (values) => send(values.reason.trim()), onDone);
  return (
    <FormModal opened={opened} onClose={onClose} title={title} testId={testId} formTestId={`${testId}-form`} onSubmit={onSubmit} message={message}>
      <Textarea label={label} required autosize minRows={2} maxRows={6} data-autofocus data-testid={`${testId}-reason`} {...form.getInputProps('reason')} />
      <FormFooter submitLabel={submitLabel} submitTestId={`${testId}-submit`} saving={saving} color="red" onCancel={onClose} />
    </FormModal>
  );
}
