import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconKey, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookDeliveryListContract, type WebhookDeliveryStatus } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRunAction } from '../../core/actions.ts';
import { useFormat } from '../../core/format.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { DetailField as Field } from '../../ui/DetailField.tsx';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { fetchWebhook, redeliverWebhook, rotateWebhookSecret, useWebhookOrganisationRights, webhookLifecycle, type WebhookDeliveryRow, type WebhookRow } from './webhook.api.ts';
import { WebhookFormModal } from './WebhookFormModal.tsx';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';

const DELIVERY_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', sending: 'blue', succeeded: 'teal', failed: 'red' };

/** /admin/webhooks/{id}: a webhook subscription and its delivery log; edit, rotate the secret, redeliver, deactivate. */
export function WebhookDetailPage() {
  const { t } = useTranslation();
  const { query, missing } = useRouteRecord('webhook', fetchWebhook);
  if (missing) return <RecordNotFound title={t('routes.webhookDetail')} message={t('webhooks.notFound')} testId="webhook-load-error" />;
  const webhook = query.data;
  if (!webhook) return <Loader size="sm" />;
  return <WebhookView webhook={webhook} />;
}

function WebhookView({ webhook: w }: { webhook: WebhookRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const run = useRunAction();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const confirm = useLifecycleActions<WebhookRow>('webhooks', (row) => row.name, webhookLifecycle.calls, webhookLifecycle.refresh);
  // An organisation subscription: the right in every active practice, which the server tells.
  const organisation = w.scope === 'organisation';
  const rights = useWebhookOrganisationRights(organisation);
  const canUpdate = organisation ? rights.data?.update === true : ability.can('update', 'Webhook');
  const canDelete = organisation ? rights.data?.delete === true : ability.can('delete', 'Webhook');
  const when = (value: string | null) => (value ? format.dateTime(value) : '—');

  const columns: DataTableColumn<WebhookDeliveryRow>[] = [
    { field: 'event_type', title: t('webhooks.deliveries.event'), minWidth: 180, isUnique: true, cellRenderer: (row) => t(`webhooks.events.${row.event_type}`) },
    {
      field: 'status',
      title: t('common.status'),
      width: 130,
      cellRenderer: (row) => (
        <Badge variant="light" color={DELIVERY_COLORS[row.status]} data-testid="webhook-delivery-status">
          {t(`webhooks.deliveryStatus.${row.status}`)}
        </Badge>
      ),
    },
    { field: 'response_status', title: t('webhooks.deliveries.response'), width: 110, cellRenderer: (row) => (row.response_status === null ? '—' : String(row.response_status)) },
    { field: 'duration_ms', title: t('webhooks.deliveries.duration'), width: 110, cellRenderer: (row) => (row.duration_ms === null ? '—' : t('webhooks.deliveries.ms', { count: row.duration_ms })) },
    { field: 'attempts', title: t('webhooks.deliveries.attempts'), width: 100 },
    { field: 'last_attempt_at', title: t('webhooks.deliveries.lastAttempt'), width: 170, cellRenderer: (row) => when(row.last_attempt_at) },
    { field: 'next_attempt_at', title: t('webhooks.deliveries.nextAttempt'), width: 170, cellRenderer: (row) => (row.status === 'pending' ? when(row.next_attempt_at) : '—') },
    { field: 'error', title: t('webhooks.deliveries.error'), minWidth: 160, cellRenderer: (row) => row.error ?? '' },
    { field: 'event_id', title: t('webhooks.deliveries.eventId'), hide: true },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  return (
    <>
      <PageHeader
        title={w.name}
        description={t('webhooks.detailSubtitle')}
        actions={
          <>
            {canUpdate ? (
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="webhook-edit">
                {t('actions.edit')}
              </Button>
            ) : null}
            {canUpdate ? (
              <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => void rotateWebhookSecret(w.id).then(setSecret)} data-testid="webhook-rotate">
                {t('webhooks.rotate')}
              </Button>
            ) : null}
            {confirm.buttons(w, canDelete, 'webhook')}
          </>
        }
      />
      <Stack gap="xl">
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            <Field label={t('common.status')}>
              <Group gap="xs">
                <StatusBadge status={w.status} />
                {w.disabled_reason === 'failures' ? (
                  <Badge size="sm" variant="light" color="red">
                    {t('webhooks.disabledByFailures')}
                  </Badge>
                ) : null}
              </Group>
            </Field>
            <Field label={t('webhooks.fields.url')} testId="webhook-detail-url">
              {w.url}
            </Field>
            <Field label={t('webhooks.fields.scope')} testId="webhook-detail-scope">
              {organisation ? t('webhooks.scope.organisation') : w.dental_practice_name}
            </Field>
            <Field label={t('webhooks.fields.events')}>{w.events.map((e) => t(`webhooks.events.${e}`)).join(', ')}</Field>
            <Field label={t('webhooks.fields.owner')}>{w.owner_name ?? '—'}</Field>
            <Field label={t('webhooks.fields.consecutiveFailures')}>{String(w.consecutive_failures)}</Field>
          </SimpleGrid>
        </Card>
        <DetailSection title={t('webhooks.deliveries.title')} note={t('webhooks.deliveries.note')}>
          <DataTable<WebhookDeliveryRow>
            tableId="webhook-deliveries"
            list={webhookDeliveryListContract}
            params={{ subscription_id: w.id }}
            columns={columns}
            testId="webhook-deliveries-table"
            exportFileName="webhook-deliveries"
            rowActions={(row) => (
              <RowActionsMenu
                label={t(`webhooks.events.${row.event_type}`)}
                actions={[
                  {
                    key: 'redeliver',
                    label: t('webhooks.redeliver'),
                    icon: <IconRefresh size={16} />,
                    hidden: !canUpdate || row.status === 'sending',
                    onClick: () => void run(() => redeliverWebhook(row.id), t('webhooks.redelivered'), ['webhook']),
                  },
                ]}
              />
            )}
          />
        </DetailSection>
      </Stack>
      <WebhookFormModal opened={editing} id={w.id} onClose={() => setEditing(false)} />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      {confirm.dialog}
    </>
  );
}
