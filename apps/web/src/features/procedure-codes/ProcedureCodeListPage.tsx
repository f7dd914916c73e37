import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArchive, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunAction } from '../../core/actions.ts';
import type { AppAbility } from '../../core/abilities.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { PROCEDURE_CODES_LIST_URL, deactivateProcedureCode, restoreProcedureCode, type ProcedureCodeRow } from './procedure-code.api.ts';
import { ProcedureCodeFormModal } from './ProcedureCodeFormModal.tsx';

type Pending = { kind: 'deactivate' | 'restore'; row: ProcedureCodeRow } | null;

/** /admin/list/procedure-codes: the practice's procedure codes by category, with how many templates use each. */
export function ProcedureCodeListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const run = useRunAction();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const canEdit = ability.can('update', 'ProcedureCode');
  const canDelete = ability.can('delete', 'ProcedureCode');

  const columns: DataTableColumn<ProcedureCodeRow>[] = [
    { field: 'code', title: t('procedureCodes.fields.code'), sort: true, filter: true, search: true, isUnique: true, width: 120 },
    { field: 'name', title: t('procedureCodes.fields.name'), sort: true, filter: true, search: true, minWidth: 220 },
    { field: 'category', title: t('procedureCodes.fields.category'), sort: true, filter: true, cellRenderer: (row) => t(`procedureCategories.${row.category}`, { defaultValue: row.category }) },
    { field: 'templates_count', title: t('procedureCodes.fields.templatesCount'), type: 'number', sort: true, filter: true, width: 130 },
    { field: 'status', title: t('common.status'), sort: true, filter: true, width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), type: 'date', sort: true, filter: true, hide: true },
  ];

  const name = pending ? `${pending.row.code} ${pending.row.name}` : '';
  const confirmations = {
    deactivate: { title: t('procedureCodes.deactivateTitle'), message: t('procedureCodes.deactivateMessage', { name }), label: t('actions.deactivate'), danger: true, call: deactivateProcedureCode, done: t('procedureCodes.deactivated') },
    restore: { title: t('procedureCodes.restoreTitle'), message: t('procedureCodes.restoreMessage', { name }), label: t('actions.restore'), danger: false, call: restoreProcedureCode, done: t('procedureCodes.restored') },
  } as const;
  const confirmation = pending ? confirmations[pending.kind] : null;

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
        url={PROCEDURE_CODES_LIST_URL}
        columns={columns}
        defaultSort={{ field: 'code', direction: 'asc' }}
        exportFileName="procedure-codes"
        onRowOpen={canEdit ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={`${row.code} ${row.name}`}
            actions={[
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => setEditing({ id: row.id }), hidden: !canEdit },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => setPending({ kind: 'deactivate', row }), hidden: row.status !== 'active' || !canDelete },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => setPending({ kind: 'restore', row }), hidden: row.status === 'active' || !canDelete },
            ]}
          />
        )}
        testId="procedure-codes-table"
      />
      <ProcedureCodeFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirmation && pending ? (
        <ConfirmDialog
          opened
          title={confirmation.title}
          message={confirmation.message}
          confirmLabel={confirmation.label}
          danger={confirmation.danger}
          onConfirm={() => run(() => confirmation.call(pending.row.id), confirmation.done, ['procedure-code', 'procedure-codes'])}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
