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
import { deactivateProcedureCode, restoreProcedureCode, type ProcedureCodeRow } from './procedure-code.api.ts';
import { ProcedureCodeFormModal } from './ProcedureCodeFormModal.tsx';
import { procedureCodeListContract } from '@enamel/contracts';

/** /admin/list/procedure-codes: the practice's procedure codes by category, with how many templates use each. */
export function ProcedureCodeListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const canEdit = ability.can('update', 'ProcedureCode');
  const canDelete = ability.can('delete', 'ProcedureCode');

  const columns: DataTableColumn<ProcedureCodeRow>[] = [
    { field: 'code', title: t('procedureCodes.fields.code'), isUnique: true, width: 120 },
    { field: 'name', title: t('procedureCodes.fields.name'), minWidth: 220 },
    { field: 'category', title: t('procedureCodes.fields.category'), cellRenderer: (row) => t(`procedureCategories.${row.category}`, { defaultValue: row.category }) },
    { field: 'templates_count', title: t('procedureCodes.fields.templatesCount'), width: 130 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  const confirm = useLifecycleActions<ProcedureCodeRow>('procedureCodes', (row) => `${row.code} ${row.name}`, { deactivate: deactivateProcedureCode, restore: restoreProcedureCode }, ['procedure-code', 'procedure-codes']);
  const editAction = useEditAction();

  return (
    <>
      <PageHeader
        title={t('routes.procedureCodes')}
        description={t('procedureCodes.subtitle')}
        actions={ability.can('create', 'ProcedureCode') ? <AddButton label={t('procedureCodes.add')} onClick={() => setEditing({})} testId="procedure-code-add" /> : null}
      />
      <DataTable<ProcedureCodeRow>
        tableId="procedure-codes"
        list={procedureCodeListContract}
        columns={columns}
        exportFileName="procedure-codes"
        onRowOpen={canEdit ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={`${row.code} ${row.name}`}
            actions={[editAction(() => setEditing({ id: row.id }), canEdit), ...confirm.menu(row, canDelete)]}
          />
        )}
        testId="procedure-codes-table"
      />
      <ProcedureCodeFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
