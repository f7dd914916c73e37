import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArchive, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
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

  const confirm = useConfirmedActions<ProcedureCodeRow, string>(
    {
      deactivate: { title: t('procedureCodes.deactivateTitle'), message: (row) => t('procedureCodes.deactivateMessage', { name: `${row.code} ${row.name}` }), label: t('actions.deactivate'), danger: true, call: (row) => deactivateProcedureCode(row.id), done: t('procedureCodes.deactivated') },
      restore: { title: t('procedureCodes.restoreTitle'), message: (row) => t('procedureCodes.restoreMessage', { name: `${row.code} ${row.name}` }), label: t('actions.restore'), danger: false, call: (row) => restoreProcedureCode(row.id), done: t('procedureCodes.restored') },
    },
    ['procedure-code', 'procedure-codes'],
  );

  return (
    <>
      <PageHeader
        title={t('routes.procedureCodes')}
        description={t('procedureCodes.subtitle')}
        actions={
          ability.can('create', 'ProcedureCode') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})} data-testid="procedure-code-add">
              {t('procedureCodes.add')}
            </Button>
          ) : null
        }
      />
      <DataTable<ProcedureCodeRow>
        tableId="procedure-codes"
        list={procedureCodeListContract}
        columns={columns}
        defaultSort={{ field: 'code', direction: 'asc' }}
        exportFileName="procedure-codes"
        onRowOpen={canEdit ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={`${row.code} ${row.name}`}
            actions={[
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => setEditing({ id: row.id }), hidden: !canEdit },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !canDelete },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !canDelete },
            ]}
          />
        )}
        testId="procedure-codes-table"
      />
      <ProcedureCodeFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
