import { Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, webhookBodySchema, type WebhookEventType, type WebhookScope } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { SegmentedField } from '../../ui/SegmentedField.tsx';
import { fetchWebhook, saveWebhook, useWebhookOrganisationRights, webhookLifecycle } from './webhook.api.ts';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';

interface Values extends Record<string, unknown> {
  scope: WebhookScope;
  name: string;
  url: string;
  events: WebhookEventType[];
}

const EMPTY: Values = { scope: 'practice', name: '', url: 'https://', events: [] };

/**
 * Create (id undefined) or edit a webhook subscription of the selected practice or, for a user with the right in
 * every active practice, of the organisation (every practice's events); a new one shows its secret once. The
 * scope is chosen when it is made and shown, not changed, afterwards.
 */
export function WebhookFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const practice = useSelectedPractice();
  const afterSave = useAfterSave();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['webhook', id], queryFn: () => fetchWebhook(id!), enabled: opened && id !== undefined });
  const rights = useWebhookOrganisationRights(opened);
  const practiceId = existing.data?.dental_practice_id ?? practice?.id ?? 0;
  const practiceName = existing.data?.dental_practice_name ?? practice?.name ?? '';
  // Offered when it may be chosen (a new one, and the user may make organisation ones); shown when editing one.
  const showScope = id === undefined ? rights.data?.create === true : existing.data?.scope === 'organisation' || rights.data?.read === true;

  useFormFill(
    form,
    () => (!opened ? undefined : id === undefined ? EMPTY : existing.data ? { scope: existing.data.scope, name: existing.data.name, url: existing.data.url, events: existing.data.events } : undefined),
    [opened, id, existing.data],
  );

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      webhookBodySchema,
      (v: Values) => ({ ...(v.scope === 'organisation' ? { scope: v.scope } : { scope: v.scope, dental_practice_id: practiceId }), name: v.name, url: v.url.trim(), events: v.events }),
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
        {showScope ? (
          <Stack gap={4}>
            <SegmentedField
              label={t('webhooks.fields.scope')}
              data={[
                { value: 'practice', label: t('webhooks.scope.thisPractice', { name: practiceName }) },
                { value: 'organisation', label: t('webhooks.scope.organisation') },
              ]}
              disabled={id !== undefined}
              fullWidth
              data-testid="webhook-scope"
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              {t(id === undefined ? 'webhooks.scopeHint' : 'webhooks.scopeFixed')}
            </Text>
          </Stack>
        ) : null}
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
