import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useQuery } from '@tanstack/react-query';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useFormat } from '../../core/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { ApiTokenCreateModal } from './ApiTokenCreateModal.tsx';
import { fetchApiTokens, revokeApiToken } from './api-token.api.ts';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';

const STATUS_COLOR: Record<ApiToken['status'], string> = { active: 'green', expired: 'gray', revoked: 'red' };

/** /admin/api-tokens: the tokens integrations call the API with (docs/integrations.md#api-tokens); a handful, so one plain table. */
export function ApiTokenListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const [creating, setCreating] = useState(false);
  const tokens = useQuery({ queryKey: ['api-tokens'], queryFn: fetchApiTokens });
  const confirm = useConfirmedActions<ApiToken, 'revoke'>(
    {
      revoke: {
        title: t('apiTokens.revokeTitle'),
        message: (row) => t('apiTokens.revokeMessage', { name: row.name }),
        label: t('apiTokens.revoke'),
        danger: true,
        call: (row) => revokeApiToken(row.id),
        done: t('apiTokens.revoked'),
      },
    },
    ['api-tokens'],
  );
  const when = (value: string | null) => (value ? format.dateTime(value) : '—');

  return (
    <>
      <PageHeader
        title={t('routes.apiTokens')}
        description={t('apiTokens.subtitle')}
        actions={
          ability.can('create', 'ApiToken') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="api-token-add">
              {t('apiTokens.add')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder style={{ overflowX: 'auto' }}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="api-tokens-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('apiTokens.fields.name')}</Table.Th>
              <Table.Th>{t('apiTokens.fields.role')}</Table.Th>
              <Table.Th>{t('apiTokens.fields.practices')}</Table.Th>
              <Table.Th>{t('apiTokens.fields.createdBy')}</Table.Th>
              <Table.Th>{t('apiTokens.fields.expires')}</Table.Th>
              <Table.Th>{t('apiTokens.fields.lastUsed')}</Table.Th>
              <Table.Th>{t('common.status')}</Table.Th>
              <Table.Th w={48} aria-label={t('actions.title')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(tokens.data ?? []).map((token) => (
              <Table.Tr key={token.id} data-testid="api-token-row">
                <Table.Td>
                  <Text fw={500} size="sm">
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {token.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{token.role?.name ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{token.dental_practices.map((p) => p.name).join(', ')}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{token.created_by.name || token.created_by.email}</Text>
                  <Text size="xs" c="dimmed">
                    {format.dateTime(token.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{token.expires_at ? format.dateTime(token.expires_at) : t('apiTokens.never')}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{when(token.last_used_at)}</Text>
                  {token.last_used_ip ? (
                    <Text size="xs" c="dimmed">
                      {token.last_used_ip}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLOR[token.status]} data-testid="api-token-status">
                    {t(`apiTokens.status.${token.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActionsMenu
                    label={token.name}
                    actions={[
                      {
                        key: 'revoke',
                        label: t('apiTokens.revoke'),
                        icon: <IconBan size={16} />,
                        color: 'red',
                        onClick: () => confirm.ask('revoke', token),
                        hidden: token.status === 'revoked' || !ability.can('delete', 'ApiToken'),
                      },
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {tokens.data?.length === 0 ? <EmptyTableRow columns={8}>{t('apiTokens.empty')}</EmptyTableRow> : null}
          </Table.Tbody>
        </Table>
      </Paper>
      <ApiTokenCreateModal opened={creating} onClose={() => setCreating(false)} />
      {confirm.dialog}
    </>
  );
}
