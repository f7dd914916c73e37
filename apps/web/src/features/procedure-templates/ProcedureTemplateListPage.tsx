import { Button } from '@mantine/core';
import { TwoLines } from '../../ui/TwoLines.tsx';
import { useAbility } from '@casl/react';
import { IconArchive, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useMoney } from '../../ui/money.ts';
import { procedureTemplateListContract } from '@enamel/contracts';
import {
  deactivateProcedureTemplate,
  deleteProcedureTemplate,
  restoreProcedureTemplate,
  type ProcedureTemplateRow,
} from './procedure-template.api.ts';

/** /admin/list/procedure-templates: the consumables of each procedure and what they cost. */
export function ProcedureTemplateListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const money = useMoney();
  const canEdit = ability.can('update', 'ProcedureTemplate');
  const canDelete = ability.can('delete', 'ProcedureTemplate');
  const edit = (row: ProcedureTemplateRow) => void navigate(`/admin/procedure-templates/edit/${row.id}`);

  const columns: DataTableColumn<ProcedureTemplateRow>[] = [
    { field: 'name', title: t('procedureTemplates.fields.name'), isUnique: true, minWidth: 220 },
    {
      field: 'procedure_code',
      title: t('procedureTemplates.fields.procedureCode'),
      minWidth: 200,
      cellRenderer: (row) => (
        <TwoLines primary={row.procedure_code} secondary={row.procedure_code_name} weight={600} />
      ),
    },
    { field: 'procedure_code_name', title: t('procedureTemplates.fields.procedureName'), hide: true },
    { field: 'items_count', title: t('procedureTemplates.fields.itemsCount'), width: 120 },
    { field: 'consumable_cost', title: t('procedureTemplates.fields.consumableCost'), width: 160, cellRenderer: (row) => money(row.consumable_cost) },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  const confirm = useConfirmedActions<ProcedureTemplateRow, string>(
    {
      deactivate: { title: t('procedureTemplates.deactivateTitle'), message: (row) => t('procedureTemplates.deactivateMessage', { name: row.name }), label: t('actions.deactivate'), danger: true, call: (row) => deactivateProcedureTemplate(row.id), done: t('procedureTemplates.deactivated') },
      restore: { title: t('procedureTemplates.restoreTitle'), message: (row) => t('procedureTemplates.restoreMessage', { name: row.name }), label: t('actions.restore'), danger: false, call: (row) => restoreProcedureTemplate(row.id), done: t('procedureTemplates.restored') },
      delete: { title: t('procedureTemplates.deleteTitle'), message: (row) => t('procedureTemplates.deleteMessage', { name: row.name }), label: t('actions.deletePermanently'), danger: true, call: (row) => deleteProcedureTemplate(row.id), done: t('procedureTemplates.deleted') },
    },
    ['procedure-template', 'procedure-templates'],
  );

  return (
    <>
      <PageHeader
        title={t('routes.procedureTemplates')}
        description={t('procedureTemplates.subtitle')}
        actions={
          ability.can('create', 'ProcedureTemplate') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate('/admin/procedure-templates/create')} data-testid="template-add">
              {t('procedureTemplates.add')}
            </Button>
          ) : null
        }
      />
      <DataTable<ProcedureTemplateRow>
        tableId="procedure-templates"
        list={procedureTemplateListContract}
        columns={columns}
        exportFileName="procedure-templates"
        onRowOpen={canEdit ? edit : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => edit(row), hidden: !canEdit },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !canDelete },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !canDelete },
              { key: 'delete', label: t('actions.deletePermanently'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: !canDelete },
            ]}
          />
        )}
        testId="procedure-templates-table"
      />
      {confirm.dialog}
    </>
  );
}
