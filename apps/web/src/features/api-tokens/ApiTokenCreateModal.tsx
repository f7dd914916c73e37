import { Alert, Button, Code, CopyButton, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiTokenBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { createApiToken, fetchPracticeOptions, fetchRoles } from './api-token.api.ts';

interface Values extends Record<string, unknown> {
  name: string;
  role_id: string | null;
  dental_practice_ids: string[];
  expires_at: string;
}

const EMPTY: Values = { name: '', role_id: null, dental_practice_ids: [], expires_at: '' };

/** The last moment of a day in the browser's time zone, as an ISO instant (a token expires at the end of its day). */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/**
 * Creates an API token, then shows its secret once, with a copy button and the warning that it will not be shown
 * again; closing that dialog forgets it.
 */
export function ApiTokenCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const form = useForm<Values>({ initialValues: EMPTY });
  const [secret, setSecret] = useState<string | null>(null);
  const roles = useQuery({ queryKey: ['roles'], queryFn: fetchRoles, enabled: opened });
  const practices = useQuery({ queryKey: ['practices', 'options'], queryFn: fetchPracticeOptions, enabled: opened });

  const close = () => {
    form.setValues(EMPTY);
    form.clearErrors();
    setSecret(null);
    onClose();
  };

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      createApiTokenBodySchema,
      (v: Values) => ({ name: v.name, role_id: Number(v.role_id ?? 0), dental_practice_ids: v.dental_practice_ids.map(Number), expires_at: v.expires_at ? endOfDay(v.expires_at.slice(0, 10)) : null }),
      createApiToken,
    ),
    async (created) => {
      await afterSave(t('apiTokens.created'), ['api-tokens'], () => setSecret(created.secret))();
    },
  );

  if (secret) {
    return (
      <Modal opened={opened} onClose={close} title={<Text fw={600}>{t('apiTokens.secretTitle')}</Text>} centered size="lg" data-testid="api-token-secret-modal">
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="api-token-secret-warning">
            {t('apiTokens.secretWarning')}
          </Alert>
          <Code block data-testid="api-token-secret" aria-label={t('apiTokens.secretLabel')} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} data-testid="api-token-copy">
                  {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close} data-testid="api-token-secret-done">
              {t('apiTokens.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <FormModal opened={opened} onClose={close} size="lg" title={t('apiTokens.createTitle')} testId="api-token-form-modal" formTestId="api-token-form" onSubmit={onSubmit} message={message}>
      <Text size="sm" c="dimmed">
        {t('apiTokens.createHint')}
      </Text>
      <TextInput label={t('apiTokens.fields.name')} description={t('apiTokens.fields.nameHint')} required data-testid="api-token-name" {...form.getInputProps('name')} />
      <Select
        label={t('apiTokens.fields.role')}
        required
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        searchable
        nothingFoundMessage={t('table.noOptions')}
        data-testid="api-token-role"
        {...form.getInputProps('role_id')}
      />
      <MultiSelect
        label={t('apiTokens.fields.practices')}
        required
        data={(practices.data ?? []).filter((p) => p.status === 'active').map((p) => ({ value: String(p.id), label: p.name }))}
        searchable
        nothingFoundMessage={t('table.noOptions')}
        data-testid="api-token-practices"
        {...form.getInputProps('dental_practice_ids')}
      />
      <DateField label={t('apiTokens.fields.expires')} description={t('apiTokens.fields.expiresHint')} data-testid="api-token-expires" {...form.getInputProps('expires_at')} />
      <FormFooter submitLabel={t('apiTokens.create')} submitTestId="api-token-submit" saving={saving} onCancel={close} />
    </FormModal>
  );
}
