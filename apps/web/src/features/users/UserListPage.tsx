import { Badge, Group } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALE_NAMES, isLocale, userListContract } from '@enamel/contracts';
import { useRunAction } from '../../core/actions.ts';
import type { AppAbility } from '../../core/abilities.ts';
import { useAuthStore } from '../../core/auth.store.ts';
import { useFormat } from '../../core/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { AddButton } from '../../ui/AddButton.tsx';
import { useEditAction } from '../../ui/useLifecycleActions.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { deactivateUser, type UserRow } from './user.api.ts';

function Names({ value }: { value: string }) {
  if (!value) return null;
  return (
    <Group gap={4}>
      {value.split(', ').map((name) => (
        <Badge key={name} variant="light" color="gray" tt="none" fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** /admin/list/users: the users the signed-in user may see, with their roles and practices. */
export function UserListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const run = useRunAction();
  const format = useFormat();
  const me = useAuthStore((s) => s.user.id);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const canEdit = ability.can('update', 'User');
  const editAction = useEditAction();

  const columns: DataTableColumn<UserRow>[] = [
    { field: 'name', title: t('users.fields.name'), minWidth: 180 },
    { field: 'email', title: t('users.fields.email'), isUnique: true },
    { field: 'roles', title: t('users.fields.roles'), cellRenderer: (row) => <Names value={row.roles} /> },
    { field: 'dental_practices', title: t('users.fields.practices'), cellRenderer: (row) => <Names value={row.dental_practices} /> },
    { field: 'locale', title: t('users.fields.language'), hide: true, cellRenderer: (row) => (isLocale(row.locale) ? LOCALE_NAMES[row.locale] : row.locale) },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'last_login_at', title: t('users.fields.lastLogin'), cellRenderer: (row) => (row.last_login_at ? format.relative(row.last_login_at) : t('users.never')) },
    { field: 'created_at', title: t('common.createdAt'), hide: true, cellRenderer: (row) => format.dateTime(row.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('routes.users')}
        description={t('users.subtitle')}
        actions={ability.can('create', 'User') ? <AddButton label={t('users.add')} onClick={() => void navigate('/admin/users/create')} testId="user-add" /> : null}
      />
      <DataTable<UserRow>
        tableId="users"
        list={userListContract}
        columns={columns}
        exportFileName="users"
        onRowOpen={canEdit ? (row) => void navigate(`/admin/users/edit/${row.id}`) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[
              editAction(() => void navigate(`/admin/users/edit/${row.id}`), canEdit && row.can_update !== false),
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconUserOff size={16} />, color: 'red', onClick: () => setDeactivating(row), hidden: row.status !== 'active' || row.id === me || !ability.can('delete', 'User') || row.can_delete === false },
            ]}
          />
        )}
        testId="users-table"
      />
      {deactivating ? (
        <ConfirmDialog
          opened
          title={t('users.deactivateTitle')}
          message={t('users.deactivateMessage', { name: deactivating.name || deactivating.email })}
          confirmLabel={t('actions.deactivate')}
          danger
          onConfirm={() => run(() => deactivateUser(deactivating.id), t('users.deactivated'))}
          onClose={() => setDeactivating(null)}
        />
      ) : null}
    </>
  );
}
