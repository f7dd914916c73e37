import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Role } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { deleteRole, fetchRoles } from './role.api.ts';

/** /admin/roles: a role is a named set of permissions; a handful per organisation, so one plain table. */
export function RoleListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const roles = useQuery({ queryKey: ['roles'], queryFn: fetchRoles });
  const confirm = useConfirmedActions<Role, 'delete'>(
    { delete: { title: t('roles.deleteTitle'), message: (row) => t('roles.deleteMessage', { name: row.name }), label: t('actions.delete'), danger: true, call: (row) => deleteRole(row.id), done: t('roles.deleted') } },
    ['roles'],
  );
  const canEdit = ability.can('update', 'Role');

  return (
    <>
      <PageHeader
        title={t('routes.roles')}
        description={t('roles.subtitle')}
        actions={
          ability.can('create', 'Role') ? (
            <Button leftSection={<IconPlus size={16} />} component={Link} to="/admin/roles/create" data-testid="role-add">
              {t('roles.add')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder>
        <Table highlightOnHover verticalSpacing="sm" data-testid="roles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.fields.name')}</Table.Th>
              <Table.Th>{t('roles.fields.description')}</Table.Th>
              <Table.Th w={48} aria-label={t('actions.title')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(roles.data ?? []).map((role) => (
              <Table.Tr key={role.id} data-testid="role-row" onDoubleClick={canEdit ? () => void navigate(`/admin/roles/edit/${role.id}`) : undefined} style={{ cursor: canEdit ? 'pointer' : undefined }}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={500} size="sm">
                      {role.name}
                    </Text>
                    {role.is_system ? (
                      <Badge size="sm" variant="light" color="gray">
                        {t('roles.seeded')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {role.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActionsMenu
                    label={role.name}
                    actions={[
                      { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => void navigate(`/admin/roles/edit/${role.id}`), hidden: !canEdit },
                      { key: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', role), hidden: !ability.can('delete', 'Role') },
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {roles.data?.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('table.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Paper>
      {confirm.dialog}
    </>
  );
}
