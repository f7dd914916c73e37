import { useAbility } from '@casl/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AddButton } from '../../ui/AddButton.tsx';
import { useEditAction, useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
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

  const confirm = useLifecycleActions<DentalPracticeRow>('practices', (row) => row.name, { deactivate: deactivateDentalPractice, restore: restoreDentalPractice, delete: deleteDentalPracticePermanently }, ['practices', 'dental-practice']);
  const editAction = useEditAction();

  return (
    <>
      <PageHeader
        title={t('routes.dentalPractices')}
        description={t('practices.subtitle')}
        actions={ability.can('create', 'DentalPractice') ? <AddButton label={t('practices.add')} onClick={() => setEditing({})} testId="practice-add" /> : null}
      />
      <DataTable<DentalPracticeRow>
        tableId="dental-practices"
        list={dentalPracticeListContract}
        columns={columns}
        exportFileName="dental-practices"
        onRowOpen={ability.can('update', 'DentalPractice') ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[editAction(() => setEditing({ id: row.id }), ability.can('update', 'DentalPractice')), ...confirm.menu(row, ability.can('delete', 'DentalPractice'))]}
          />
        )}
        testId="practices-table"
      />
      <DentalPracticeFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
