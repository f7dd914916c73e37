import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArchive, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import {
  deactivateDentalPractice,
  deleteDentalPracticePermanently,
  restoreDentalPractice,
  type DentalPracticeRow,
} from './dental-practice.api.ts';
import { DentalPracticeFormModal } from './DentalPracticeFormModal.tsx';
import { dentalPracticeListContract } from '@enamel/contracts';

/** /admin/list/dental-practices: the practices the user may see, with create, edit, deactivate, restore and permanent delete. */
export function DentalPracticeListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);

  const columns: DataTableColumn<DentalPracticeRow>[] = [
    { field: 'name', title: t('practices.fields.name'), minWidth: 200 },
    { field: 'code', title: t('practices.fields.code'), isUnique: true, width: 120 },
    { field: 'email', title: t('practices.fields.email') },
    { field: 'phone', title: t('practices.fields.phone'), hide: true },
    { field: 'address', title: t('practices.fields.address'), hide: true },
    { field: 'time_zone', title: t('practices.fields.timeZone') },
    { field: 'currency', title: t('practices.fields.currency'), width: 110 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  const confirm = useConfirmedActions<DentalPracticeRow, string>(
    {
      deactivate: { title: t('practices.deactivateTitle'), message: (row) => t('practices.deactivateMessage', { name: row.name }), label: t('actions.deactivate'), danger: true, call: (row) => deactivateDentalPractice(row.id), done: t('practices.deactivated') },
      restore: { title: t('practices.restoreTitle'), message: (row) => t('practices.restoreMessage', { name: row.name }), label: t('actions.restore'), danger: false, call: (row) => restoreDentalPractice(row.id), done: t('practices.restored') },
      delete: { title: t('practices.deleteTitle'), message: (row) => t('practices.deleteMessage', { name: row.name }), label: t('actions.deletePermanently'), danger: true, call: (row) => deleteDentalPracticePermanently(row.id), done: t('practices.deleted') },
    },
    ['practices', 'dental-practice'],
  );

  return (
    <>
      <PageHeader
        title={t('routes.dentalPractices')}
        description={t('practices.subtitle')}
        actions={
          ability.can('create', 'DentalPractice') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})} data-testid="practice-add">
              {t('practices.add')}
            </Button>
          ) : null
        }
      />
      <DataTable<DentalPracticeRow>
        tableId="dental-practices"
        list={dentalPracticeListContract}
        columns={columns}
        defaultSort={{ field: 'name', direction: 'asc' }}
        exportFileName="dental-practices"
        onRowOpen={ability.can('update', 'DentalPractice') ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => setEditing({ id: row.id }), hidden: !ability.can('update', 'DentalPractice') },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !ability.can('delete', 'DentalPractice') },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !ability.can('delete', 'DentalPractice') },
              { key: 'delete', label: t('actions.deletePermanently'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: row.status === 'active' || !ability.can('delete', 'DentalPractice') },
            ]}
          />
        )}
        testId="practices-table"
      />
      <DentalPracticeFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
