import { Badge } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { webhookListContract } from '@enamel/contracts';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { webhookDetailPath, webhookLifecycle, type WebhookRow } from './webhook.api.ts';
import { WebhookFormModal } from './WebhookFormModal.tsx';

/** /admin/list/webhooks: the webhook subscriptions that get the selected practice's events: its own, and the organisation's for who may see them (docs/webhooks.md). */
export function WebhookListPage() {
  return <PracticeRequired>{(practice) => <WebhookList practiceId={practice.id} />}</PracticeRequired>;
}

function WebhookList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: DataTableColumn<WebhookRow>[] = [
    {
      field: 'name',
      title: t('webhooks.fields.name'),
      isUnique: true,
      minWidth: 180,
      cellRenderer: (row) => (
        <>
          {row.name}{' '}
          {row.disabled_reason === 'failures' ? (
            <Badge size="sm" variant="light" color="red" data-testid="webhook-disabled-badge">
              {t('webhooks.disabledByFailures')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      field: 'scope',
      title: t('webhooks.fields.scope'),
      width: 200,
      cellRenderer: (row) =>
        row.scope === 'organisation' ? (
          <Badge size="sm" variant="light" data-testid="webhook-scope-organisation">
            {t('webhooks.scope.organisation')}
          </Badge>
        ) : (
          row.dental_practice_name
        ),
    },
    { field: 'url', title: t('webhooks.fields.url'), minWidth: 240 },
    { field: 'events', title: t('webhooks.fields.events'), minWidth: 220, cellRenderer: (row) => row.events.map((e) => t(`webhooks.events.${e}`)).join(', ') },
    { field: 'deliveries_failed', title: t('webhooks.fields.deliveriesFailed'), width: 130 },
    { field: 'owner_name', title: t('webhooks.fields.owner'), width: 160 },
  ];
  return (
    <RecordListPage<WebhookRow>
      subject="Webhook"
      ns="webhooks"
      addTestId="webhook-add"
      form={{ modal: WebhookFormModal }}
      name={(row) => row.name}
      lifecycle={{ ...webhookLifecycle, deletable: () => false }}
      moreActions={(row) => [{ key: 'deliveries', label: t('webhooks.openDeliveries'), icon: <IconListDetails size={16} />, onClick: () => void navigate(webhookDetailPath(row.id)) }]}
      table={{ tableId: 'webhooks', list: webhookListContract, params: { dental_practice_id: practiceId }, columns, testId: 'webhooks-table' }}
    />
  );
}
