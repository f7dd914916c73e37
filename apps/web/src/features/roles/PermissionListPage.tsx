import { Badge, Code } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { AddButton } from '../../ui/AddButton.tsx';
import { useEditAction } from '../../ui/useLifecycleActions.tsx';
import { deletePermission, type PermissionRow } from './role.api.ts';
import { permissionListContract } from '@enamel/contracts';

/** /admin/permissions: every CASL rule (action × subject, optional conditions and fields) and the roles using it. */
export function PermissionListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const confirm = useConfirmedActions<PermissionRow, 'delete'>(
    { delete: { title: t('permissions.deleteTitle'), message: (row) => t('permissions.deleteMessage', { name: row.name }), label: t('actions.delete'), danger: true, call: (row) => deletePermission(row.id), done: t('permissions.deleted') } },
    ['permissions'],
  );
  const canEdit = ability.can('update', 'Permission');
  const editAction = useEditAction();

  const columns: DataTableColumn<PermissionRow>[] = [
    { field: 'name', title: t('permissions.fields.name'), minWidth: 200 },
    { field: 'action', title: t('permissions.fields.action'), width: 120, cellRenderer: (row) => <Badge variant="light">{row.action}</Badge> },
    { field: 'subject', title: t('permissions.fields.subject') },
    { field: 'conditions', title: t('permissions.fields.conditions'), cellRenderer: (row) => (row.conditions ? <Code>{JSON.stringify(row.conditions)}</Code> : '—') },
    { field: 'inverted', title: t('permissions.fields.inverted'), width: 110, cellRenderer: (row) => (row.inverted ? t('common.yes') : t('common.no')) },
    { field: 'roles', title: t('permissions.fields.roles') },
  ];

  return (
    <>
      <PageHeader
        title={t('routes.permissions')}
        description={t('permissions.subtitle')}
        actions={ability.can('create', 'Permission') ? <AddButton label={t('permissions.add')} onClick={() => void navigate('/admin/permissions/create')} testId="permission-add" /> : null}
      />
      <DataTable<PermissionRow>
        tableId="permissions"
        list={permissionListContract}
        columns={columns}
        exportFileName="permissions"
        onRowOpen={canEdit ? (row) => void navigate(`/admin/permissions/edit/${row.id}`) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[
              editAction(() => void navigate(`/admin/permissions/edit/${row.id}`), canEdit),
              { key: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: !ability.can('delete', 'Permission') },
            ]}
          />
        )}
        testId="permissions-table"
      />
      {confirm.dialog}
    </>
  );
}
