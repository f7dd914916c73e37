import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, webhookBodySchema, type WebhookEventType } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { fetchWebhook, saveWebhook, webhookLifecycle } from './webhook.api.ts';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  url: string;
  events: WebhookEventType[];
}

const EMPTY: Values = { name: '', url: 'https://', events: [] };

/** Create (id undefined) or edit a webhook subscription of the selected practice; a new one shows its secret once. */
export function WebhookFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const practice = useSelectedPractice();
  const afterSave = useAfterSave();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['webhook', id], queryFn: () => fetchWebhook(id!), enabled: opened && id !== undefined });
  const practiceId = existing.data?.dental_practice_id ?? practice?.id ?? 0;

  useFormFill(form, () => (!opened ? undefined : id === undefined ? EMPTY : existing.data ? { name: existing.data.name, url: existing.data.url, events: existing.data.events } : undefined), [opened, id, existing.data]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      webhookBodySchema,
      (v: Values) => ({ dental_practice_id: practiceId, name: v.name, url: v.url.trim(), events: v.events }),
      (body) => saveWebhook(body, id),
    ),
    async (result) => {
      if (result.secret) setSecret(result.secret);
      await afterSave(t(id === undefined ? 'webhooks.created' : 'webhooks.saved'), webhookLifecycle.refresh, onClose)();
    },
  );

  return (
    <>
      <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'webhooks.createTitle' : 'webhooks.editTitle')} testId="webhook-form-modal" formTestId="webhook-form" onSubmit={onSubmit} message={message}>
        <TextInput label={t('webhooks.fields.name')} required data-autofocus data-testid="webhook-name" {...form.getInputProps('name')} />
        <TextInput label={t('webhooks.fields.url')} description={t('webhooks.urlHint')} required type="url" data-testid="webhook-url" {...form.getInputProps('url')} />
        <Checkbox.Group label={t('webhooks.fields.events')} description={t('webhooks.eventsHint')} required data-testid="webhook-events" {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`webhooks.events.${type}`)} data-testid={`webhook-event-${type}`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormFooter submitLabel={t(id === undefined ? 'webhooks.create' : 'common.save')} submitTestId="webhook-submit" saving={saving} onCancel={onClose} />
      </FormModal>
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
